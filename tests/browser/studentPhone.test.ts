import type { Browser, Page } from 'playwright-core';
import { signInEditor, type Editor } from '../support/testEditor';
import { phone as phoneOf, publishFreeTest } from '../support/studentTests';
import { describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser, waitUntil } from '../support/browser';

/**
 * Issue 17 on the student page, on a 360 px phone in EN/VI/KO: optional questions ("attempt any 2
 * of 3": told, the third answer stopped, a cleared one frees a place, the best two scored), mark for
 * review with the four-state legend, section tabs that scroll, a reload back to the same question,
 * and a dropped connection (context.setOffline) that loses nothing, across a reload too (IndexedDB).
 */
const phone = (browser: Browser, baseUrl: string, locale = 'en-US') => phoneOf(browser, baseUrl, locale, 360);

const sum = (n: number) => ({
  type: 'multiple_choice',
  name: `<p>Q${n}: 1 + ${n} = ?</p>`,
  marks: { positive: 4 },
  options: [{ name: `${n}` }, { name: `${n + 1}`, isCorrect: true }],
});
const LONG = ['Algebra and functions', 'Geometry and measurement', 'Statistics and probability'];

describeInBrowser('the phone player (issue 17)', () => {
  const suite = useServerAndBrowser();
  let tutor: Editor;
  let sharedTestId: string;

  beforeAll(async () => {
    tutor = await signInEditor(suite.server, { days: 60 });
    ({ sharedTestId } = await publishFreeTest(suite.server, tutor, {
      name: 'Any two of three',
      settings: { hasOptionalQuestions: true, isSectionSwitchingEnabled: true },
      sections: [
        { name: LONG[0], questions: [sum(1), sum(2), sum(3)], hasOptionalQuestions: true, attemptAny: 2 },
        { name: LONG[1], questions: [sum(4), sum(5)] },
        { name: LONG[2], questions: [sum(6)] },
      ],
    }));
  });

  async function startAs(page: Page, name: string) {
    await page.goto(`/t/${sharedTestId}`);
    await page.getByTestId('student-name').fill(name);
    await page.getByTestId('student-contact').fill(`${name.replace(/\W/g, '').toLowerCase()}${Date.now()}@example.com`);
    await page.getByTestId('student-identify').click();
    await page.getByTestId('student-start').click();
    await page.getByTestId('student-question').waitFor();
  }
  const option = (page: Page, text: string) =>
    page
      .getByTestId('student-question')
      .getByTestId('student-option')
      .filter({ hasText: new RegExp(`^${text}$`) });
  const navStates = (page: Page) => page.getByTestId('student-nav').evaluateAll((els) => els.map((el) => el.getAttribute('data-state')));
  const saveState = (page: Page) => page.getByTestId('student-save-status').getAttribute('data-state');
  /** What waits in the page's IndexedDB, question ids of every attempt. */
  const waitingInBrowser = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const open = indexedDB.open('testforge-student', 1);
          open.onsuccess = () => {
            const all = open.result.transaction('pending').objectStore('pending').getAll();
            all.onsuccess = () => resolve(all.result.flatMap((pending: Record<string, unknown>) => Object.keys(pending)));
          };
        }),
    );

  test('attempt any 2 of 3, mark for review and the legend, tabs that scroll, a reload to the same question, offline and back; scored best 2', async () => {
    const page = await phone(suite.browser, suite.server.baseUrl);
    await startAs(page, 'Linh Nguyen');
    await page.getByTestId('student-attempt-any').getByText('Answer any 2 of these 3 questions: your best 2 count. Answered: 0 of 2.').waitFor();
    expect(await saveState(page)).toBe('saved');

    // Two answers; the third question is stopped with a clear message.
    await option(page, '2').click();
    await page.getByTestId('student-next').click();
    await option(page, '3').click();
    await page.getByTestId('student-next').click();
    const full = page.getByTestId('student-attempt-any-full');
    await full.getByText('You have answered 2 questions in this section. To answer this one, clear one of your other answers first.').waitFor();
    expect(await option(page, '4').locator('input').isDisabled()).toBe(true);
    await page
      .getByTestId('student-attempt-any')
      .getByText(/Answered: 2 of 2\./)
      .waitFor();
    await screenshot(page, 'student-phone-attempt-any-full-en');
    // Clearing the second frees a place for the third.
    await page.getByTestId('student-nav').nth(1).click();
    await page.getByRole('button', { name: 'Clear answer' }).click();
    await page.getByTestId('student-nav').nth(2).click();
    expect(await full.count()).toBe(0);
    await option(page, '4').click();
    expect(await option(page, '4').locator('input').isChecked()).toBe(true);

    // Mark for review: the list and its legend show the four states.
    await page.getByTestId('student-mark').click();
    await page.getByTestId('student-nav').nth(1).click();
    await page.getByTestId('student-mark').click();
    expect(await page.getByTestId('student-mark').getAttribute('aria-pressed')).toBe('true');
    expect(await navStates(page)).toEqual(['answered', 'marked', 'answeredMarked']);
    expect(await page.getByTestId('student-legend').locator('li').allInnerTexts()).toEqual([
      'Answered',
      'Not answered',
      'Marked for review',
      'Answered and marked',
    ]);
    expect(await page.getByTestId('student-nav').nth(2).getAttribute('aria-label')).toBe('Question 3 · Answered and marked');
    await screenshot(page, 'student-phone-legend-en');

    // Section tabs at 360 px: every name whole, the row scrolls, the chosen tab comes into view.
    const tabs = page.getByTestId('student-section-tab');
    const clipped = await tabs.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).length);
    expect(clipped).toBe(0);
    const row = page.getByTestId('student-section-tabs');
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tabs.nth(2).click();
    await waitUntil(
      async () =>
        await tabs.nth(2).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth;
        }),
    );
    await page.getByTestId('student-question').getByText('Q6: 1 + 6 = ?').waitFor();
    await screenshot(page, 'student-phone-tabs-en');
    await tabs.nth(1).click();
    await page.getByTestId('student-nav').nth(1).click();
    await page.getByTestId('student-question').getByText('Q5: 1 + 5 = ?').waitFor();

    // A reload returns to the same question, marks kept.
    await page.reload();
    await page.getByTestId('student-question').getByText('Q5: 1 + 5 = ?').waitFor();
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    await tabs.nth(0).click();
    expect(await navStates(page)).toEqual(['answered', 'marked', 'answeredMarked']);

    // The connection drops: the answer waits in the browser, visibly, and goes when it is back.
    await tabs.nth(1).click();
    await page.getByTestId('student-nav').nth(1).click();
    await page.context().setOffline(true);
    await option(page, '6').click();
    await page
      .getByTestId('student-save-status')
      .getByText('1 answer waiting to send: it is kept on this device and goes as soon as the connection is back.')
      .waitFor();
    expect(await saveState(page)).toBe('waiting');
    expect(await waitingInBrowser(page)).toHaveLength(1);
    await screenshot(page, 'student-phone-offline-en');
    // Still cut off from the API, the page is reloaded: the answer is still waiting, and shown.
    await page.route('**/api/student/attempt/answer/**', (route) => route.abort('internetdisconnected'));
    await page.context().setOffline(false);
    await page.reload();
    await page.getByTestId('student-question').getByText('Q5: 1 + 5 = ?').waitFor();
    await waitUntil(() => option(page, '6').locator('input').isChecked());
    await page
      .getByTestId('student-save-status')
      .getByText(/1 answer waiting to send/)
      .waitFor();
    await page.unroute('**/api/student/attempt/answer/**');
    await page.getByTestId('student-save-status').getByText('All answers saved').waitFor({ timeout: 20_000 });
    expect(await waitingInBrowser(page)).toEqual([]);

    // Submit: Q1 and Q3 right count (8 of the best two's 8), Q2 left alone does not; Q5 right (4 of 8), Q4 and Q6 unanswered (of 4 each).
    await page.getByTestId('student-submit').click();
    await page.getByTestId('student-confirm-submit').click();
    await page.getByTestId('student-result').waitFor();
    await page.getByText('12 / 20').first().waitFor();
    expect(await page.getByTestId('student-not-counted').count()).toBe(1);
    await screenshot(page, 'student-phone-result-en');
  });

  for (const [locale, lang, texts] of [
    [
      'vi-VN',
      'vi',
      {
        any: 'Trả lời 2 câu bất kỳ trong 3 câu này',
        full: 'Bạn đã trả lời 2 câu trong phần này',
        waiting: '1 câu trả lời đang chờ gửi',
        legend: ['Đã trả lời', 'Chưa trả lời', 'Đánh dấu xem lại', 'Đã trả lời và đánh dấu'],
      },
    ],
    [
      'ko-KR',
      'ko',
      {
        any: '이 3문제 중 아무 2문제에 답하세요',
        full: '이 섹션에서 이미 2문제에 답했습니다',
        waiting: '보낼 답 1개가 기다리고 있습니다',
        legend: ['답함', '답하지 않음', '검토 표시', '답하고 검토 표시'],
      },
    ],
  ] as const) {
    test(`the same player in ${lang} at 360 px`, async () => {
      const page = await phone(suite.browser, suite.server.baseUrl, locale);
      await startAs(page, `Student ${lang}`);
      await page.getByTestId('student-attempt-any').getByText(texts.any).waitFor();
      await option(page, '2').click();
      await page.getByTestId('student-mark').click();
      await page.getByTestId('student-nav').nth(1).click();
      await option(page, '3').click();
      await page.getByTestId('student-nav').nth(2).click();
      await page.getByTestId('student-attempt-any-full').getByText(texts.full).waitFor();
      expect(await page.getByTestId('student-legend').locator('li').allInnerTexts()).toEqual([...texts.legend]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, `student-phone-attempt-any-full-${lang}`);
      await page.getByTestId('student-section-tab').nth(1).click();
      await page.context().setOffline(true);
      await option(page, '5').click();
      await page.getByTestId('student-save-status').getByText(new RegExp(texts.waiting)).waitFor();
      await screenshot(page, `student-phone-offline-${lang}`);
      await page.context().setOffline(false);
      await page.getByTestId('student-save-status').and(page.locator('[data-state="saved"]')).waitFor({ timeout: 20_000 });
      await page.context().close();
    });
  }

  test('the tutor sets "attempt any N of M" in the section dialog', async () => {
    const { page } = await newPage(suite.browser, suite.server.baseUrl);
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: 'Optional sections', parentFolderId: '0', isGlobal: false });
    const { section } = await editor.section(testId, { name: 'Essays' });
    await editor.questions(testId, section._id, [sum(1), sum(2), sum(3), sum(4)]);
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('sections-panel').waitFor();
    // Without optional questions in the settings the field says where to turn them on.
    await page.getByRole('button', { name: 'Section details of Essays' }).click();
    const dialog = page.getByTestId('section-dialog');
    await dialog.getByText('Turn on Optional questions in the test settings (Test menu) to use this.').waitFor();
    expect(await dialog.getByTestId('section-attempt-any-on').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await editor.call('PATCH', '/api/v2/test/update', { testId, version: (await editor.get(testId)).version, settings: { hasOptionalQuestions: true } });
    await page.reload();
    await page.getByRole('button', { name: 'Section details of Essays' }).click();
    await dialog.getByTestId('section-attempt-any-on').click();
    await dialog.getByText('of 4 questions').waitFor();
    await dialog.getByTestId('section-attempt-any').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Give a number from 1 to 4.').waitFor();
    await dialog.getByTestId('section-attempt-any').fill('2');
    await screenshot(page, 'editor-section-attempt-any-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await editor.get(testId)).sections[0]).toMatchObject({ hasOptionalQuestions: true, attemptAny: 2 });
    await page.context().close();
  });
});
