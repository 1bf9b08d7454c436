import type { Page } from 'playwright-core';
import { createUser } from '../../server/modules/orgs/commands';
import { createAccount, login } from '../support/testServer';
import { describeInBrowser, enterApp, newPage, screenshot, useServerAndBrowser } from '../support/browser';
import { RELEASE_NOTES } from '../../shared/releaseNotes';

type Account = Awaited<ReturnType<typeof createAccount>>;

/** Issue 17's portal items: share from the editor, dates in each language's own form. */
describeInBrowser('Portal polish (issue 17)', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  afterEach(async () => {
    await page.context().close();
  });

  async function apiAs(account: Pick<Account, 'orgCode' | 'email' | 'password'>) {
    const token = await login(suite.server, account);
    return async (method: string, path: string, body?: unknown) => {
      const response = await suite.server.call(method, path, { token, body });
      if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
  }

  async function signedIn(locale: string, viewport?: { width: number; height: number }) {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
    if (viewport) await page.setViewportSize(viewport);
    const account = await createAccount(suite.server, { days: 60 });
    return { account, api: await apiAs(account), enter: () => enterApp(page, account) };
  }

  test.each([
    ['en-GB', 'en', 'Share', 'Shared successfully'],
    ['vi-VN', 'vi', 'Chia sẻ', 'Đã chia sẻ thành công'],
    ['ko-KR', 'ko', '공유', '공유했습니다'],
  ])('in %s: the editor shares the open test with a colleague, through the library\'s share dialog', async (locale, lang, shareLabel, sharedToast) => {
    const { account, api, enter } = await signedIn(locale);
    const colleague = await createUser(suite.server.database.db, {
      orgCode: account.orgCode, email: `colleague-${lang}-${account.orgCode}@example.com`, name: `Colleague ${lang}`, password: 'correct-horse-1',
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
    const theirs = await apiAs({ orgCode: account.orgCode, email: colleague.user.email, password: 'correct-horse-1' });
    const received = await theirs('GET', '/api/folder/childrens/0');
    expect(received.tests.testsArray.map((t: { name: string; isSharedTest: boolean }) => [t.name, t.isSharedTest])).toEqual([[`Shared from the editor ${lang}`, true]]);
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
    const row = page.getByTestId('test-list').getByTestId('test-item').filter({ hasText: `Dated test ${lang}` });
    await row.waitFor();
    const expected = new Intl.DateTimeFormat({ en: 'en-GB', vi: 'vi-VN', ko: 'ko-KR' }[lang], { dateStyle: 'medium' }).format(new Date());
    expect(expected).toMatch(shape);
    await row.getByText(expected, { exact: true }).waitFor();
    if (lang === 'ko') expect(await row.innerText()).not.toMatch(/\d{1,2} \d{1,2}월 \d{4}/);
    await screenshot(page, `library-dates-${lang}`);
  });
});
