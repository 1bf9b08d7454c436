import type { Page } from 'playwright-core';
import { createUser } from '@server/modules/orgs/commands';
import { createAccount } from '../support/testServer';
import { tutorApi } from '../support/tutorApi';
import { closeEachPage, describeInBrowser, enterApp, newPage, screenshot, useServerAndBrowser } from '../support/browser';
import { RELEASE_NOTES } from '@shared/releaseNotes';

/** Issue 17's portal items: share from the editor, dates in each language's own form. */
describeInBrowser('Portal polish (issue 17)', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  async function signedIn(locale: string, viewport?: { width: number; height: number }) {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
    if (viewport) await page.setViewportSize(viewport);
    const account = await createAccount(suite.server, { days: 60 });
    return { account, api: await tutorApi(suite.server, account), enter: () => enterApp(page, account) };
  }

  test.each([
    ['en-GB', 'en', 'Share', 'Shared successfully'],
    ['vi-VN', 'vi', 'Chia sẻ', 'Đã chia sẻ thành công'],
    ['ko-KR', 'ko', '공유', '공유했습니다'],
  ])("in %s: the editor shares the open test with a colleague, through the library's share dialog", async (locale, lang, shareLabel, sharedToast) => {
    const { account, api, enter } = await signedIn(locale);
    const colleague = await createUser(suite.server.database.db, {
      orgCode: account.orgCode,
      email: `colleague-${lang}-${account.orgCode}@example.com`,
      name: `Colleague ${lang}`,
      password: 'correct-horse-1',
    });
    const test = await api('POST', '/api/v2/test/create', { name: `Shared from the editor ${lang}` });
    await enter();
    await page.goto(`/home/local/editTest/${test._id}`);
    await page.getByTestId('editor-test-name').getByText(`Shared from the editor ${lang}`).waitFor();

    await page.getByTestId('editor-share').click();
    const share = page.getByTestId('share-dialog');
    await share.getByRole('checkbox', { name: new RegExp(`Colleague ${lang}`) }).check();
    await screenshot(page, `editor-share-${lang}`);
    await share.getByRole('button', { name: shareLabel, exact: true }).click();
    await page.getByTestId('toast').getByText(sharedToast).waitFor();
    await share.waitFor({ state: 'detached' });
    // The colleague has their own copy at the root of their library; the tutor stays in the editor.
    const theirs = await tutorApi(suite.server, { orgCode: account.orgCode, email: colleague.user.email, password: 'correct-horse-1' });
    const received = await theirs('GET', '/api/folder/childrens/0');
    expect(received.tests.testsArray.map((t: { name: string; isSharedTest: boolean }) => [t.name, t.isSharedTest])).toEqual([
      [`Shared from the editor ${lang}`, true],
    ]);
    expect(new URL(page.url()).pathname).toBe(`/home/local/editTest/${test._id}`);
  });

  test('without the sharing right the editor has no Share button', async () => {
    const { account, api, enter } = await signedIn('en-GB');
    await suite.server.database.db.updateTable('users').set({ allow_sharing: false }).where('email', '=', account.email).execute();
    const test = await api('POST', '/api/v2/test/create', { name: 'Not shareable' });
    await enter();
    await page.goto(`/home/local/editTest/${test._id}`);
    await page.getByTestId('editor-test-name').getByText('Not shareable').waitFor();
    await page.getByTestId('editor-print').waitFor();
    expect(await page.getByTestId('editor-share').count()).toBe(0);
  });

  type Box = { x: number; y: number; width: number; height: number };
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  test.each([
    ['en-GB', 'en', { width: 1280, height: 800 }],
    ['ko-KR', 'ko', { width: 360, height: 740 }],
  ])("in %s the help button covers neither the last row's menu nor the toasts the toolbar", async (locale, lang, viewport) => {
    const { account, api, enter } = await signedIn(locale, viewport);
    for (let i = 1; i <= 14; i += 1) await api('POST', '/api/v2/test/create', { name: `Row ${String(i).padStart(2, '0')} ${lang}` });
    await enter();
    const rows = page.getByTestId('test-list').getByTestId('test-item');
    await rows.filter({ hasText: `Row 14 ${lang}` }).waitFor();
    // Scrolled to the end, the last row's menu button stands clear of the help button and can be clicked.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastMenu = rows.last().getByRole('button', { name: /^(Actions for|Thao tác cho)|작업$/ });
    const help = page.getByTestId('help-button');
    await page.waitForTimeout(300);
    expect(overlaps((await lastMenu.boundingBox())!, (await help.boundingBox())!)).toBe(false);
    await lastMenu.click();
    await page.locator('[role="menuitem"][data-action="open"]').waitFor();
    await screenshot(page, `last-row-menu-${lang}`);
    await page.keyboard.press('Escape');

    // A toast in the editor (a share's) stands at the bottom, off the editor's bar.
    await createUser(suite.server.database.db, {
      orgCode: account.orgCode,
      email: `toast-${lang}-${account.orgCode}@example.com`,
      name: `Toast colleague ${lang}`,
      password: 'correct-horse-1',
    });
    const test = await api('POST', '/api/v2/test/create', { name: `Toast ${lang}` });
    await page.goto(`/home/local/editTest/${test._id}`);
    await page.getByTestId('editor-test-name').getByText(`Toast ${lang}`).waitFor();
    await page.getByTestId('editor-share').click();
    await page
      .getByTestId('share-dialog')
      .getByRole('checkbox', { name: new RegExp(`Toast colleague ${lang}`) })
      .check();
    await page.getByTestId('share-dialog').locator('button[type=submit]').click();
    const toast = page.getByTestId('toast').first();
    await toast.waitFor();
    await page.getByTestId('share-dialog').waitFor({ state: 'detached' });
    await page.waitForTimeout(500); // the toast's entrance
    const toastBox = (await toast.boundingBox())!;
    const bar = (await page.getByTestId('editor-page').locator('header').first().boundingBox())!;
    expect(overlaps(toastBox, bar)).toBe(false);
    // The editor has no help button; the toast keeps the same place, the button's height above the bottom edge.
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height - 80);
    expect(toastBox.y).toBeGreaterThan(bar.y + bar.height);
    await screenshot(page, `toast-off-toolbar-${lang}`);
  });

  test.each([
    ['en-GB', 'en', 'Digits only (0-9): no letters, spaces or symbols.'],
    ['vi-VN', 'vi', 'Chỉ nhập chữ số (0-9): không có chữ cái, dấu cách hay ký hiệu.'],
    ['ko-KR', 'ko', '숫자(0-9)만 입력하세요. 문자, 공백, 기호는 쓸 수 없습니다.'],
  ])('in %s the call-back form takes phone numbers only', async (locale, lang, digitsOnly) => {
    const { account, enter } = await signedIn(locale, { width: 360, height: 740 });
    await enter();
    await page.getByTestId('help-button').click();
    await page.getByTestId('request-callback').click();
    const input = page.locator('input[name="phoneNo"]');
    await input.fill('98765 432a');
    await page.getByTestId('callback-phone-field').getByText(digitsOnly).waitFor();
    expect(await page.getByTestId('call-me-now').isDisabled()).toBe(true);
    await screenshot(page, `help-callback-digits-${lang}`);
    await input.fill('9876543210');
    await page.getByTestId('callback-phone-field').getByText(digitsOnly).waitFor({ state: 'detached' });
    await page.getByTestId('call-me-now').click();
    await page.getByTestId('confirm-callback').click();
    await page.getByTestId('help-callBackSuccess').waitFor();
    const stored = await suite.server.database.db.selectFrom('support_requests').select('phone_no').where('user_id', '=', account.userId).execute();
    expect(stored).toEqual([{ phone_no: '9876543210' }]);
  });

  test.each([
    ['en-GB', 'en', /^\d{1,2} [A-Z][a-z]{2} \d{4}$/],
    ['vi-VN', 'vi', /^\d{1,2} thg \d{1,2}, \d{4}$/],
    ['ko-KR', 'ko', /^\d{4}\. \d{1,2}\. \d{1,2}\.$/],
  ])("in %s What's new shows the release notes kept in the repository, dated in the language", async (locale, lang, shape) => {
    const firstDate = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(`${RELEASE_NOTES[0].date}T12:00:00`));
    expect(firstDate).toMatch(shape);
    const { enter } = await signedIn(locale);
    await enter();
    await page.getByTestId('whats-new-button').click();
    const notes = page.getByTestId('release-notes');
    await notes.waitFor();
    const releases = notes.getByTestId('release');
    expect(await releases.count()).toBe(RELEASE_NOTES.length);
    const first = releases.first();
    expect(await first.getAttribute('data-date')).toBe(RELEASE_NOTES[0].date);
    await first.getByRole('heading', { name: firstDate, exact: true }).waitFor();
    const items = await first.locator('li').allInnerTexts();
    expect(items).toEqual(RELEASE_NOTES[0].notes[lang as 'en' | 'vi' | 'ko']);
    await screenshot(page, `whats-new-notes-${lang}`);
  });

  test.each([
    ['en-GB', 'en', /^\d{1,2} [A-Z][a-z]{2} \d{4}$/],
    ['vi-VN', 'vi', /^\d{1,2} thg \d{1,2}, \d{4}$/],
    ['ko-KR', 'ko', /^\d{4}\. \d{1,2}\. \d{1,2}\.$/],
  ])('in %s the library dates a test the way the language writes dates (Intl)', async (locale, lang, shape) => {
    const { api, enter } = await signedIn(locale);
    await api('POST', '/api/v2/test/create', { name: `Dated test ${lang}` });
    await enter();
    const row = page
      .getByTestId('test-list')
      .getByTestId('test-item')
      .filter({ hasText: `Dated test ${lang}` });
    await row.waitFor();
    const expected = new Intl.DateTimeFormat({ en: 'en-GB', vi: 'vi-VN', ko: 'ko-KR' }[lang], { dateStyle: 'medium' }).format(new Date());
    expect(expected).toMatch(shape);
    await row.getByText(expected, { exact: true }).waitFor();
    if (lang === 'ko') expect(await row.innerText()).not.toMatch(/\d{1,2} \d{1,2}월 \d{4}/);
    await screenshot(page, `library-dates-${lang}`);
  });
});
