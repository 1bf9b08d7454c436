import type { Page } from 'playwright-core';
import { publishWithAttempts } from '../support/studentTests';
import { signInEditor, type Editor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, enterApp, screenshot, useServerAndBrowser, PORTAL_LANGUAGES, CONTEXT_DEFAULTS } from '../support/browser';

/**
 * Issue 17: "the Korean library at 360 px wide scrolls sideways (it must not)". At 360 px, in
 * English, Vietnamese and Korean, the library, the editor, the Results screen and the student page
 * fit the width: the page never scrolls sideways (scrollWidth <= clientWidth).
 */

describeInBrowser('360 px wide: no sideways scrolling (issue 17)', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);
  let tutor: Editor;
  let testId: string;
  let sharedTestId: string;

  beforeAll(async () => {
    tutor = await signInEditor(suite.server, { days: 60, flags: { is_shared_global: true } });
    await tutor.call('POST', '/api/folder', { name: 'Đề kiểm tra học kỳ một môn Toán lớp chín', details: '', parentFolderId: '0', isGlobal: false });
    await tutor.call('POST', '/api/folder', { name: '중학교 3학년 수학 기말고사 대비 문제 모음', details: '', parentFolderId: '0', isGlobal: false });
    ({ testId, sharedTestId } = await publishWithAttempts(suite.server, tutor, {
      name: '이차방정식과 이차함수 단원 평가 (심화 과정)',
      sectionName: 'Phần 1: Đại số và hàm số bậc hai',
      attempts: 6,
    }));
  });

  /** How far the page scrolls sideways (0 when it fits), and the widest element sticking out. */
  const overflow = () =>
    page.evaluate(() => {
      const root = document.scrollingElement!;
      const extra = root.scrollWidth - root.clientWidth;
      let widest = '';
      if (extra > 0) {
        let right = root.clientWidth;
        for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
          const box = el.getBoundingClientRect();
          if (box.right > right + 0.5) {
            right = box.right;
            widest = `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)} [${el.dataset.testid ?? ''}] "${(el.textContent ?? '').slice(0, 40)}" right=${Math.round(box.right)}`;
          }
        }
      }
      return { extra, widest };
    });

  async function fits(name: string) {
    await page.waitForTimeout(400);
    await screenshot(page, `narrow-${name}`);
    expect({ name, ...(await overflow()) }).toEqual({ name, extra: 0, widest: '' });
  }

  for (const { code, locale } of PORTAL_LANGUAGES) {
    test(`library, editor, results and the student page fit 360 px (${code})`, async () => {
      const context = await suite.browser.newContext({
        ...CONTEXT_DEFAULTS,
        baseURL: suite.server.baseUrl,
        viewport: { width: 360, height: 740 },
        locale,
        hasTouch: true,
      });
      context.setDefaultTimeout(20_000);
      page = await context.newPage();
      await enterApp(page, tutor.account);
      await page.getByTestId('test-item').first().waitFor();
      await page.getByTestId('folder-item').first().waitFor();
      await fits(`library-${code}`);

      await page.goto(`/home/local/editTest/${testId}`);
      await page.getByTestId('question-card').first().waitFor();
      await fits(`editor-${code}`);

      await page.goto(`/home/local/results/${testId}`);
      await page.getByTestId('attempt-row').first().waitFor();
      await fits(`results-${code}`);

      await page.goto(`/t/${sharedTestId}`);
      await page.getByTestId('student-name').fill(`Narrow ${code}`);
      await page.getByTestId('student-contact').fill(`narrow-${code}-${Date.now()}@example.com`);
      await page.getByTestId('student-identify').click();
      await page.getByTestId('student-start').click();
      await page.getByTestId('student-question').waitFor();
      await fits(`student-${code}`);
    });
  }
});
