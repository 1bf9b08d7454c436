import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { includedFonts, readyMcq, signInEditor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser, openNewTest } from '../support/browser';
import { pdfText } from '../support/pdfText';

// Issue 17: the fonts dialog runs the Word font check; an uploaded font is served with @font-face
// to the editor, the print view and its PDF, and a document using it passes the check.

const SHOTS = '/tmp/shots/h17d';
const FONT_FILE = '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf';

describeInBrowser('Test fonts in Chromium', () => {
  const suite = useServerAndBrowser({ pdfTimeoutMs: 75_000 });
  let page: Page;
  closeEachPage(() => page);
  async function shot(name: string): Promise<void> {
    const file = await screenshot(page, name);
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
  }
  const familyOf = (testId: string) =>
    page
      .getByTestId(testId)
      .first()
      .evaluate((el) => getComputedStyle(el.closest('ol, article') ?? el).fontFamily);
  const fontLoaded = (face: string) =>
    page.evaluate(async (f) => {
      await document.fonts.ready;
      return [...document.fonts].some((font) => font.family.replace(/"/g, '') === f && font.status === 'loaded');
    }, face);

  test('a missing face is uploaded from the fonts dialog; the editor, print view and PDF use it; the Word check passes', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    const testId = await openNewTest(page, editor, { test: { name: 'Font test' }, section: 'Part A', questions: [readyMcq('Which planet is largest?')] });

    // Before: the Word font check does not know the face.
    expect((await editor.call('GET', '/api/v2/parserfont?face=School%20Serif')).body.data).toEqual({ face: 'School Serif', supported: false });

    await page.getByTestId('test-menu').click();
    await page.getByTestId('test-menu-fonts').click();
    const dialog = page.getByTestId('fonts-dialog');
    await dialog.getByLabel('Font name').fill('School Serif');
    await dialog.getByRole('button', { name: 'Add font' }).click();
    await dialog.getByLabel('Font name').fill('Arial');
    await page.keyboard.press('Enter');
    const row = (face: string) => dialog.getByTestId('font-row').filter({ hasText: face });
    await row('School Serif').getByText('Missing: upload its file').waitFor();
    await row('Arial').getByText('Available').waitFor();
    await shot('fonts-dialog-missing-en');
    await row('School Serif').getByLabel('Choose font file: School Serif').setInputFiles(FONT_FILE);
    await page.getByTestId('toast').getByText('Font School Serif uploaded.').waitFor();
    await row('School Serif').getByText('Available').waitFor();
    await shot('fonts-dialog-uploaded-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A Word document written in it now passes the check (the same call the upload makes).
    const check = (await editor.call('GET', '/api/v2/parserfont?face=school%20serif&face=Fancy')).body.data;
    expect(check).toEqual([
      { face: 'school serif', supported: true, fileUrl: expect.stringMatching(/^\/api\/v2\/parserfont\/file\/[0-9a-f]+\.ttf$/) },
      { face: 'Fancy', supported: false },
    ]);
    expect((await editor.get(testId)).settings.fonts.list).toEqual([
      { face: 'School Serif', supported: true },
      { face: 'Arial', supported: true },
    ]);

    // The editor draws the questions in it, loaded through @font-face.
    expect(await familyOf('question-card')).toMatch(/^"School Serif", Arial, /);
    await page.waitForFunction(() => document.fonts.check('16px "School Serif"'));
    expect(await fontLoaded('School Serif')).toBe(true);
    await shot('fonts-editor-en');

    // So does the print view, after a reload (the file is served without a session, as @font-face needs).
    await page.goto(`/printPdf/${testId}`);
    await page.getByTestId('print-paper').waitFor();
    expect(await familyOf('print-paper')).toMatch(/^"School Serif", Arial, /);
    expect(await fontLoaded('School Serif')).toBe(true);
    await shot('fonts-print-en');

    // ... and the PDF the server prints from it embeds the uploaded file (Liberation Serif's glyphs).
    const res = await fetch(`${suite.server.baseUrl}/api/v2/test/${testId}/print-pdf`, { headers: { 'x-access-token': editor.token } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont\s*\/[A-Z]{6}\+LiberationSerif\b/);
    expect((await pdfText(new Uint8Array(pdf))).join('\n')).toContain('Which planet is largest?');
  }, 180_000);

  test('the fonts dialog in Vietnamese and Korean', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: 'Phông' });
    await editor.update(testId, { fonts: includedFonts('Mangal', 'Unknown Face') });
    for (const [locale, available, missing] of [
      ['vi-VN', 'Có sẵn', 'Thiếu: hãy tải tệp lên'],
      ['ko-KR', '사용 가능', '없음: 파일을 올리세요'],
    ] as const) {
      ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
      await openInEditor(page, editor.account, testId);
      await page.getByTestId('test-menu').click();
      await page.getByTestId('test-menu-fonts').click();
      const dialog = page.getByTestId('fonts-dialog');
      await dialog.getByTestId('font-row').filter({ hasText: 'Mangal' }).getByText(available).waitFor();
      // A stored "supported" flag is not believed: the server's check decides.
      await dialog.getByTestId('font-row').filter({ hasText: 'Unknown Face' }).getByText(missing).waitFor();
      await shot(`fonts-dialog-${locale.slice(0, 2)}`);
      await page.context().close();
    }
  }, 120_000);
});
