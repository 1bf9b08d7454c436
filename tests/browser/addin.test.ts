import { createAccount } from '../support/testServer';
import { describeInBrowser, newPage, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser('the Word task pane, outside Word', () => {
  const suite = useServerAndBrowser();

  test('is served under /addin/ with its manifest, and signs a teacher in through the shared client', async () => {
    const manifest = await suite.server.call('GET', '/addin/manifest.xml');
    expect(manifest.status).toBe(200);
    expect(String(manifest.body)).toContain('<SourceLocation DefaultValue="https://localhost:3000/addin/taskpane.html"/>');
    const account = await createAccount(suite.server);
    const { page } = await newPage(suite.browser, suite.server.baseUrl);
    // Office.js comes from Microsoft's CDN in Word; here it is unreachable and the pane starts without it.
    await page.route('https://appsforoffice.microsoft.com/**', (route) => route.abort());
    await page.goto('/addin/taskpane.html');
    await page.getByLabel(/^Organisation code/).fill(account.orgCode);
    await page.getByLabel(/^E-mail/).fill(account.email);
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid organisation code, e-mail or password.').waitFor();
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('addin-signed-in').waitFor();
    await page.setViewportSize({ width: 350, height: 700 });
    await screenshot(page, 'addin-signed-in');
    await page.context().close();
  });
});
