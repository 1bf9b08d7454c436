// Issue 14: the Content-Security-Policy our pages are served with breaks none of them. Chromium
// reports every refused load or script as a `securitypolicyviolation` event; the main screens
// (sign-in, library, editor with maths and a picture, print view, the student page, the add-in's
// task pane) are opened and must report none.
import type { Page } from 'playwright-core';
import { buildDocx } from '../support/docx';
import { openInFakeWord } from '../support/fakeOffice';
import { png } from '../support/pictures';
import { everyType, publishFreeTest } from '../support/studentTests';
import { signInEditor } from '../support/testEditor';
import { describeInBrowser, enterApp, newPage, useServerAndBrowser } from '../support/browser';

describeInBrowser('the Content-Security-Policy of our pages', () => {
  const suite = useServerAndBrowser();

  async function watch(page: Page): Promise<() => Promise<string[]>> {
    await page.addInitScript(() => {
      (window as any).__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as any).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const seen: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) seen.push(message.text());
    });
    return async () => [...seen, ...((await page.evaluate(() => (window as any).__csp).catch(() => [])) as string[])];
  }

  test('the portal, the print view and the student page load whole, with no violation', async () => {
    const tutor = await signInEditor(suite.server, { days: 60 });
    // A stored picture and maths, as questions have them.
    const picture = png(40, 20, [0, 120, 255]);
    const signed = (
      await tutor.call('POST', '/api/v2/user/getS3SignedUrl', { fileName: 'chart.png', purpose: 'picture', contentType: 'image/png', size: picture.length })
    ).body.data;
    await fetch(`${suite.server.baseUrl}${signed.uploadUrl}`, { method: 'PUT', body: new Uint8Array(picture), headers: { 'content-type': 'image/png' } });
    const questions = everyType();
    questions[0] = { ...questions[0], name: `<p>Solve $x^2 = 49$</p><p><img src="${signed.fileUrl}" alt="chart"></p>` };
    const { testId, sharedTestId } = await publishFreeTest(suite.server, tutor, { sections: [{ questions }] });

    const { context, page } = await newPage(suite.browser, suite.server.baseUrl);
    try {
      const violations = await watch(page);
      await enterApp(page, tutor.account);
      await page.goto('/home/local/0');
      await page.getByTestId('app-header').waitFor();
      await page.goto(`/home/local/editTest/${testId}`);
      await page.getByTestId('question-card').first().locator('.katex').first().waitFor();
      await page.locator('img[alt="chart"]').first().waitFor();
      expect(
        await page
          .locator('img[alt="chart"]')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Add question', exact: true }).click();
      await page.getByTestId('question-dialog').waitFor();
      await page.goto(`/printPdf/${testId}`);
      await page.getByTestId('print-paper').locator('.katex').first().waitFor();
      await page.goto(`/t/${sharedTestId}`);
      await page.getByTestId('student-landing').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the add-in's task pane, in a fake Word", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.baseUrl);
    try {
      const violations = await watch(page);
      await openInFakeWord(page, buildDocx({ body: ['1. What is 2 + 2?', '(a) 3', '(b) 4', 'Ans: b'] }));
      await page.goto('/addin/taskpane.html');
      await page.locator('#root *').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Office.js from Microsoft's CDN is allowed (the fake aborts it here: that is not a violation).
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
