import type { BrowserContext, Page } from 'playwright-core';
import { readyMcq, signInEditor, type Editor } from '../support/testEditor';
import { describeInBrowser, enterApp, newPage, screenshot, useServerAndBrowser } from '../support/browser';

/** Publishing a test by link: the free-test dialog (spec sections 2, 4, 8, 9) against the real server. */
describeInBrowser('Free tests', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  let context: BrowserContext;
  afterEach(async () => {
    await context.close();
  });

  async function signedIn(options: { locale?: string; name?: string; ready?: boolean; viewport?: { width: number; height: number } } = {}) {
    ({ page, context } = await newPage(suite.browser, suite.server.baseUrl, { locale: options.locale }));
    if (options.viewport) await page.setViewportSize(options.viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.baseUrl });
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: options.name ?? 'Physics final' });
    const { section } = await editor.section(testId, { name: 'Mechanics' });
    if (options.ready !== false) await editor.questions(testId, section._id, [readyMcq('Q one'), readyMcq('Q two')]);
    await enterApp(page, editor.account);
    return { editor, testId };
  }

  const dialog = () => page.getByTestId('free-test-dialog');
  const stateIs = (state: string) => dialog().locator(`[data-testid="free-test-state"][data-state="${state}"]`).waitFor();
  const toast = (text: string) => page.getByTestId('toast').getByText(text, { exact: true }).first();
  const freeTestOf = async (editor: Editor, testId: string) => (await editor.call('GET', `/api/v2/shared-test/test/${testId}`)).body.data;

  test('from the library: created after the debounce, link copied, attempts changed, disabled and re-enabled', async () => {
    const { editor, testId } = await signedIn();
    const row = page.getByTestId('test-list').getByTestId('test-item').filter({ hasText: 'Physics final' });
    await row.getByRole('button', { name: /^Actions for/ }).click();
    // The page's own clock times the debounce: a busy machine can only lengthen it, while a
    // clock here would start late whenever the dialog is seen late.
    await page.evaluate(() => {
      const times: { opened?: number; created?: number } = {};
      (window as unknown as { freeTestTimes: typeof times }).freeTestTimes = times;
      new MutationObserver(() => {
        times.opened ??= document.querySelector('[data-testid="free-test-dialog"]') ? performance.now() : undefined;
        times.created ??= document.querySelector('[data-testid="free-test-state"][data-state="created"]') ? performance.now() : undefined;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.locator('[role="menuitem"][data-action="freeTest"]').click();
    await dialog().waitFor();

    // Nothing until the debounce; then the free test exists with the defaults.
    await stateIs('created');
    const times = await page.evaluate(() => (window as unknown as { freeTestTimes: { opened: number; created: number } }).freeTestTimes);
    expect(times.created - times.opened).toBeGreaterThanOrEqual(950);
    const created = await freeTestOf(editor, testId);
    expect(created).toMatchObject({ isNew: false, noOfAttempts: -1, endTime: null, isRemoved: false });
    // A new free test opens now (issue 17): the copied link works at once, and nothing warns.
    expect(Date.parse(created.startTime)).toBeLessThanOrEqual(Date.now());
    expect(await dialog().getByTestId('free-test-not-open').count()).toBe(0);
    expect(created.testURL).toBe(`${suite.server.baseUrl}/t/${created._id}`);
    expect(await dialog().getByTestId('free-test-link').inputValue()).toBe(created.testURL);
    await screenshot(page, 'free-test-created');

    await dialog().getByTestId('free-test-copy').click();
    await toast('Test link has been copied. Now share it with your students').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.testURL);

    // Three attempts and an end time, saved by themselves.
    await dialog().getByRole('radio', { name: 'Limited', exact: true }).check();
    await dialog().getByTestId('free-test-count').fill('3');
    await dialog().getByTestId('free-test-has-end').click();
    await stateIs('updated');
    await dialog()
      .getByTestId('free-test-window')
      .getByText(/^Open from \d{1,2} \w{3} \d{4} \d\d:\d\d until \d{1,2} \w{3} \d{4} \d\d:\d\d$/)
      .waitFor();
    const updated = await freeTestOf(editor, testId);
    expect(updated).toMatchObject({ _id: created._id, noOfAttempts: 3 });
    expect(Date.parse(updated.endTime) - Date.parse(updated.startTime)).toBe(24 * 3_600_000);
    await screenshot(page, 'free-test-updated');

    await dialog().getByTestId('free-test-disable').click();
    await stateIs('removed');
    expect((await freeTestOf(editor, testId)).isRemoved).toBe(true);
    await dialog().getByTestId('free-test-copy').click();
    await toast("Test is already disabled.Now it can't be shared").waitFor();
    expect(await dialog().getByTestId('free-test-start').isDisabled()).toBe(true);
    await screenshot(page, 'free-test-removed');

    await dialog().getByTestId('free-test-enable').click();
    await stateIs('re-enabled');
    expect(await freeTestOf(editor, testId)).toMatchObject({ isRemoved: false, noOfAttempts: 3 });

    // Escape closes it; opened again it shows the saved free test.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect((await editor.get(testId)).isSharedTest).toBe(true);
  });

  test('from the editor, in Vietnamese, on a phone-sized screen', async () => {
    const { editor, testId } = await signedIn({
      locale: 'vi-VN',
      name: 'Kiểm tra Vật lý cuối kỳ — một tên bài kiểm tra rất dài để xem cách hiển thị',
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`/home/local/editTest/${testId}`);
    await page.getByTestId('editor-free-test').click();
    await dialog().getByText('Bài kiểm tra miễn phí (liên kết)').waitFor();
    await stateIs('created');
    await dialog().getByTestId('free-test-copy').click();
    await toast('Đã sao chép liên kết bài kiểm tra. Bây giờ hãy chia sẻ với học sinh của bạn').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await freeTestOf(editor, testId)).testURL);
    await screenshot(page, 'free-test-vi-phone');
    await dialog().getByTestId('free-test-disable').click();
    await stateIs('removed');
    await screenshot(page, 'free-test-vi-removed');
  });

  test('a student who lost their device is let in again from the dialog (issue 14)', async () => {
    const { editor, testId } = await signedIn({ locale: 'ko-KR' });
    await page.goto(`/home/local/editTest/${testId}`);
    await page.getByTestId('editor-free-test').click();
    await stateIs('created');
    const free = await freeTestOf(editor, testId);
    await editor.call('PATCH', `/api/v2/shared-test/update/${free._id}`, { startTime: new Date(Date.now() - 60_000).toISOString() });
    // A student starts on one device.
    const start = await suite.server.call('POST', `/api/student/test/${free._id}/start`, {
      body: { name: '민지', contact: 'minji@example.com', deviceKey: 'a-first-device-key-of-the-student' },
    });
    expect(start.status).toBe(200);
    await dialog().getByTestId('free-test-reset-open').click();
    await dialog().getByTestId('free-test-reset-contact').fill('minji@example.com');
    await screenshot(page, 'free-test-reset-ko');
    await dialog().getByTestId('free-test-reset-submit').click();
    await dialog().getByTestId('free-test-reset-done').getByText('학생이 어떤 기기에서든 다시 시작할 수 있습니다(24시간 안에 한 번).').waitFor();
    // From a new device the student is let in, and resumes the same attempt.
    const again = await suite.server.call('POST', `/api/student/test/${free._id}/start`, {
      body: { name: '민지', contact: 'minji@example.com', deviceKey: 'a-new-device-key-after-the-reset' },
    });
    expect([again.status, again.body.data.attempt.attemptId]).toEqual([200, start.body.data.attempt.attemptId]);
  });

  test.each([
    [
      'en-GB',
      'en',
      'Nobody can open this link yet',
      'Open it now',
      'With no end, students will not see the answers',
      'students see them after the end',
      /\d{1,2} \w{3} \d{4} \d\d:\d\d/,
    ],
    [
      'vi-VN',
      'vi',
      'Chưa ai mở được liên kết này',
      'Mở ngay bây giờ',
      'Khi không có giờ kết thúc, học sinh sẽ không xem được đáp án',
      'học sinh xem được đáp án sau giờ kết thúc',
      /\d{1,2} thg \d{1,2}, \d{4} \d\d:\d\d/,
    ],
    [
      'ko-KR',
      'ko',
      '아직 아무도 이 링크를 열 수 없습니다',
      '지금 열기',
      '종료 시각이 없으면 학생들은 정답을 볼 수 없으니',
      '학생들은 종료 시각(',
      /\d{4}\. \d{1,2}\. \d{1,2}\. \d\d:\d\d/,
    ],
  ])(
    'in %s: a start to come warns that nobody can open the link, copying says when it opens; answers shown later say when (issue 17)',
    async (locale, lang, notOpen, openNow, needEnd, afterEnd, dateShape) => {
      const { editor, testId } = await signedIn({ locale, name: `Answers later ${lang}` });
      const { version } = await editor.get(testId);
      expect((await editor.call('PATCH', '/api/v2/test/update', { testId, version, settings: { revealAnswersTime: 'later' } })).status).toBe(200);
      await page.goto(`/home/local/editTest/${testId}`);
      await page.getByTestId('editor-free-test').click();
      await stateIs('created');
      // Answers later and no end: the dialog says students will not see them until an end is set.
      const answers = dialog().getByTestId('free-test-answers');
      await answers.getByText(needEnd, { exact: false }).waitFor();
      expect(await answers.getAttribute('data-end')).toBe('none');
      await screenshot(page, `free-test-answers-no-end-${lang}`);

      // A start an hour away: nobody can open the link yet, and copying says when it opens.
      const inAnHour = new Date(Date.now() + 3_600_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const local = `${inAnHour.getFullYear()}-${pad(inAnHour.getMonth() + 1)}-${pad(inAnHour.getDate())}T${pad(inAnHour.getHours())}:${pad(inAnHour.getMinutes())}`;
      await dialog().getByTestId('free-test-start').fill(local);
      const warning = dialog().getByTestId('free-test-not-open');
      await warning.getByText(notOpen, { exact: false }).waitFor();
      expect(await warning.innerText()).toMatch(dateShape);
      await stateIs('updated');
      await dialog().getByTestId('free-test-copy').click();
      const copiedToast = page.getByTestId('toast').filter({ hasText: dateShape }).first();
      await copiedToast.waitFor();
      await dialog().getByTestId('free-test-has-end').click();
      await answers.getByText(afterEnd, { exact: false }).waitFor();
      expect(await answers.innerText()).toMatch(dateShape);
      await screenshot(page, `free-test-opens-later-${lang}`);

      // "Open it now" moves the start to now: the warning goes, and the stored start has come.
      await warning.getByRole('button', { name: openNow }).click();
      await warning.waitFor({ state: 'detached' });
      const deadline = Date.now() + 5000;
      while (Date.parse((await freeTestOf(editor, testId)).startTime) > Date.now() && Date.now() < deadline) await page.waitForTimeout(250);
      expect(Date.parse((await freeTestOf(editor, testId)).startTime)).toBeLessThanOrEqual(Date.now());
    },
  );

  test('a test that does not pass validation lists its problems and is not published', async () => {
    const { editor, testId } = await signedIn({ ready: false });
    await page.goto(`/home/local/editTest/${testId}`);
    await page.getByTestId('editor-free-test').click();
    await dialog().getByTestId('free-test-problems').getByText('add question to section Mechanics').waitFor();
    await page.waitForTimeout(1500);
    expect((await freeTestOf(editor, testId)).isNew).toBe(true);
    await screenshot(page, 'free-test-not-ready');
  });
});
