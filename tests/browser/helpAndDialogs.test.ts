import type { Page, Request } from 'playwright-core';
import { createAccount } from '../support/testServer';
import { closeEachPage, describeInBrowser, enterApp, newPage, screenshot, signIn, useServerAndBrowser, waitUntil } from '../support/browser';

describeInBrowser('help widget, dialogs, languages and the version check', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  /** The page's requests under way, for jumps of its clock. */
  let loading = new Set<Request>();
  async function signedIn(options: { locale?: string; clock?: boolean } = {}) {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, options));
    const underWay = (loading = new Set<Request>());
    page.on('request', (request) => underWay.add(request));
    page.on('requestfinished', (request) => underWay.delete(request));
    page.on('requestfailed', (request) => underWay.delete(request));
    if (options.clock) await page.clock.install();
    const account = await createAccount(suite.server, { days: 60, flags: { is_shared_global: true, enable_vidu_parser: true } });
    await enterApp(page, account);
    return account;
  }

  /**
   * An hour's jump of the page's clock also fires webpack's 120 s timeout of a chunk still
   * loading, which then fails (a busy CI machine once lost one that way): jump when nothing loads.
   */
  async function anHourLater() {
    await waitUntil(() => loading.size === 0);
    await page.clock.fastForward(3_600_000);
  }

  test('call-back: Call Me Now needs exactly 10 characters; the request is stored', async () => {
    const account = await signedIn();
    await page.getByTestId('help-button').click();
    await page.getByTestId('help-connect').waitFor();
    expect(await page.getByText('Monday to Saturday, 10 AM to 7 PM IST').isVisible()).toBe(true);
    await screenshot(page, 'help-connect');
    await page.getByTestId('request-callback').click();
    const input = page.getByLabel('Mobile number');
    await input.fill('98765432');
    expect(await page.getByTestId('call-me-now').isDisabled()).toBe(true);
    await input.fill('9876543210');
    expect(await page.getByTestId('call-me-now').isDisabled()).toBe(false);
    await page.getByTestId('call-me-now').click();
    await page.getByRole('button', { name: 'Edit number' }).click(); // back to edit, then on
    await input.fill('9876543211');
    await page.getByTestId('call-me-now').click();
    await page.getByTestId('confirm-callback').click();
    await page.getByTestId('help-callBackSuccess').waitFor();
    expect(await page.getByTestId('help-callBackSuccess').innerText()).toContain('9876543211');
    await screenshot(page, 'help-callback-success');
    const stored = await suite.server.database.db.selectFrom('support_requests').selectAll().where('user_id', '=', account.userId).execute();
    expect(stored.map((r) => [r.kind, r.phone_no])).toEqual([['callback', '9876543211']]);
    await page.keyboard.press('Escape');
    await page.getByTestId('help-callBackSuccess').waitFor({ state: 'detached' });
  });

  test('connect: notify the team, then the notification-sent dialog', async () => {
    const account = await signedIn();
    await page.getByTestId('help-button').click();
    await page.getByTestId('notify-team').click();
    await page.getByTestId('help-notificationSent').waitFor();
    const stored = await suite.server.database.db.selectFrom('support_requests').select('kind').where('user_id', '=', account.userId).execute();
    expect(stored).toEqual([{ kind: 'notification' }]);
  });

  test("what's new carousel pages through the server's slides; bulk upload info opens; Escape closes both", async () => {
    await signedIn();
    await page.getByTestId('whats-new-button').click();
    await page.getByText('1 of 3').waitFor();
    const image = page.getByTestId('whats-new-dialog').locator('img');
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('2 of 3').waitFor();
    await screenshot(page, 'whats-new');
    await page.keyboard.press('Escape');
    await page.getByTestId('whats-new-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('bulk-upload-button').click();
    await page.getByTestId('bulk-upload-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('bulk-upload-dialog').waitFor({ state: 'detached' });
  });

  test('switching to Vietnamese and Korean translates the app and the suite.server messages', async () => {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    const account = await createAccount(suite.server, { days: 5, flags: { is_shared_global: true } });
    await page.goto('/auth');
    await page.getByTestId('language-picker').selectOption('vi');
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    await screenshot(page, 'login-vi');
    await signIn(page, { ...account, password: 'wrong-password' });
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').innerText()).toContain('Mã tổ chức, e-mail hoặc mật khẩu không đúng.');
    await signIn(page, account);
    await page.waitForURL('**/home/local/0');
    await page.getByTestId('expiring-modal').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Thư viện của tôi' }).waitFor();
    expect(await page.getByTestId('expiring-header').innerText()).toContain('Gói đăng ký của bạn kết thúc sau 5 ngày');
    // The tab shows before the library's heading on a loaded machine (a CI run read a missing h1).
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main h1')!).fontFamily)).toContain('Be Vietnam Pro');
    await screenshot(page, 'home-vi');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('language-ko').click();
    await page.getByRole('tab', { name: '내 라이브러리' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await page.waitForTimeout(300);
    await screenshot(page, 'home-ko');
    await page.reload(); // the choice is kept
    await page.getByRole('tab', { name: '내 라이브러리' }).waitFor();
  });

  test('the hourly version check offers a reload when the build changed; a failed poll is only logged', async () => {
    await signedIn({ clock: true });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    let serveNewVersion = false;
    await page.route('**/app-version.json', async (route) => {
      if (!serveNewVersion) return route.fulfill({ status: 500, body: 'down' });
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version: 'a-newer-build' }) });
    });
    await anHourLater();
    await waitUntil(() => errors.some((e) => e.includes('Error while getting app-version.json')));
    expect(await page.getByTestId('update-dialog').count()).toBe(0);
    serveNewVersion = true;
    await anHourLater();
    await page.getByTestId('update-dialog').waitFor();
    await screenshot(page, 'update-available');
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
  });

  test('the served app-version.json is the version the bundle was built with: no reload offered', async () => {
    await signedIn({ clock: true });
    const served = await page.evaluate(async () => (await (await fetch('/app-version.json')).json()).version);
    expect(served).toMatch(/^\d+\.\d+\.\d+\+/);
    await anHourLater();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('update-dialog').count()).toBe(0);
  });
});
