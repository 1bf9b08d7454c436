import fs from 'node:fs';
import http from 'node:http';
import { sql } from 'kysely';
import { PdfRenderer } from '@server/modules/print/pdfRenderer';
import type { Page } from 'playwright-core';
import { pdfText } from '../support/pdfText';
import { signInEditor, readyMcq } from '../support/testEditor';
import { startTestServer } from '../support/testServer';
import { closeEachPage, describeInBrowser, newPage, screenshot, useServerAndBrowser, openPrintView } from '../support/browser';

/** A cold Chromium prints the first PDF in 5-15 s on 2 CPUs, longer while other suites run: the download is waited for that long. */
const PDF_WAIT_MS = 40_000;

describeInBrowser('printing a test (/printPdf/{id})', () => {
  // The product's 30 s deadline counts the wait for a render slot; with every suite sharing 2 CPUs,
  // five exports queued behind two slots can need longer, so this server allows what the test waits for.
  const suite = useServerAndBrowser({ pdfTimeoutMs: 75_000 });
  let page: Page;
  closeEachPage(() => page);

  test('the whole test for paper, numbered, with maths and an optional answer key; prints to PDF', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: 'Algebra midterm' });
    const first = await editor.section(testId, { name: 'Part A' });
    const sectionA = first.section._id;
    await editor.questions(testId, sectionA, [
      readyMcq('<p>Solve $x^2 = 16$ for positive $x$.</p>'),
      { type: 'integer', name: '<p>How many sides has a hexagon?</p>', solution: '6' },
    ]);
    const second = await editor.section(testId, { name: 'Part B' });
    await editor.questions(testId, second.section._id, [
      {
        type: 'true_false',
        name: '<p>Zero is even.</p>',
        options: [
          { name: 'True', isCorrect: true },
          { name: 'False', isCorrect: false },
        ],
      },
    ]);

    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openPrintView(page, editor.account, testId);
    const paper = page.getByTestId('print-paper');
    await paper.getByText('Algebra midterm').waitFor();
    expect(await page.getByTestId('app-header').count()).toBe(0);
    const questions = page.getByTestId('print-question');
    expect(await questions.count()).toBe(3);
    expect((await questions.allInnerTexts()).map((text) => text.split('\n')[0].trim())).toEqual(['1.', '2.', '3.']);
    expect(await paper.locator('.katex').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('print-answer').count()).toBe(0);
    await paper.getByText('Part B').waitFor();
    await screenshot(page, 'print-questions');

    await page.getByRole('switch', { name: 'With answer key' }).check();
    const answers = page.getByTestId('print-answer');
    expect(await answers.count()).toBe(3);
    expect(await answers.nth(0).innerText()).toContain('Answer: B');
    expect(await answers.nth(1).innerText()).toContain('6');
    expect(await answers.nth(2).innerText()).toContain('Answer: A');
    await screenshot(page, 'print-answers');

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Export as PDF' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Export as PDF: the server prints the same page; the file's own text has everything, the key only when asked.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: PDF_WAIT_MS }), page.getByTestId('export-pdf').click()]);
    expect(download.suggestedFilename()).toBe('Algebra midterm.pdf');
    const file = fs.readFileSync((await download.path())!);
    const text = (await pdfText(file)).join('\n');
    for (const expected of ['Algebra midterm', 'Part A', 'Part B', 'How many sides has a hexagon?', 'Zero is even.', 'Answer: B', 'Answer: A']) {
      expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
    }
    // The maths is drawn by KaTeX in its own fonts (embedded; their glyphs carry no text to copy),
    // never left as LaTeX source.
    expect(text).toContain('Solve');
    expect(text).not.toContain('$');
    expect(file.includes('KaTeX_Math-Italic')).toBe(true);
    await page.getByRole('switch', { name: 'With answer key' }).uncheck();
    const [plain] = await Promise.all([page.waitForEvent('download', { timeout: PDF_WAIT_MS }), page.getByTestId('export-pdf').click()]);
    const plainText = (await pdfText(fs.readFileSync((await plain.path())!))).join('\n');
    expect(plainText).toContain('How many sides has a hexagon?');
    expect(plainText).not.toContain('Answer:');
  }, 90_000);

  test('several exports at once all get their PDF (they queue for the shared browser), each as its caller', async () => {
    const tutors = await Promise.all([0, 1, 2].map(() => signInEditor(suite.server, { days: 60 })));
    const tests = await Promise.all(
      tutors.map(async (tutor, n) => {
        const testId = await tutor.newTest({ name: `Quiz ${n + 1}` });
        await tutor.questions(testId, (await tutor.section(testId, { name: `Section of quiz ${n + 1}` })).section._id, [
          readyMcq(`<p>Question of quiz ${n + 1}</p>`),
        ]);
        return testId;
      }),
    );
    // Five at once with two render slots: three wait their turn.
    const calls = [0, 1, 2, 0, 1].map(async (n) => {
      const res = await fetch(`${suite.server.baseUrl}/api/v2/test/${tests[n]}/print-pdf`, { headers: { 'x-access-token': tutors[n].token } });
      const body = new Uint8Array(await res.arrayBuffer());
      // A refused export (its JSON error) is reported as itself, not as a PDF that does not parse.
      if (res.status !== 200) return { n, status: res.status, type: res.headers.get('content-type'), text: Buffer.from(body).toString('utf8') };
      return { n, status: res.status, type: res.headers.get('content-type'), text: (await pdfText(body)).join('\n') };
    });
    for (const { n, status, type, text } of await Promise.all(calls)) {
      expect([status, type, status === 200 ? '' : text]).toEqual([200, 'application/pdf', '']);
      expect(text).toContain(`Question of quiz ${n + 1}`);
      expect(text).not.toContain(`Question of quiz ${((n + 1) % 3) + 1}`);
    }
  }, 120_000);

  test('a picture pointing at an internal address is never fetched by the PDF export (issue 14: SSRF)', async () => {
    // A canary on loopback: any request it gets is a request the export should not have made.
    const hits: string[] = [];
    const canary = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(302, { location: `${suite.server.baseUrl}/api/v2/user/tutors` }).end();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const canaryUrl = `http://127.0.0.1:${(canary.address() as { port: number }).port}`;
    try {
      const editor = await signInEditor(suite.server, { days: 60 });
      const testId = await editor.newTest({ name: 'Hostile pictures' });
      const { section } = await editor.section(testId, { name: 'Part A' });
      await editor.questions(testId, section._id, [readyMcq('<p>Marker question</p>')]);
      // Written straight into the database, past the sanitiser, as stored content of an older
      // version or another path might be: the print page's own guard must hold alone.
      const hostile =
        [
          `${canaryUrl}/from-img.png`,
          `http://localhost:${new URL(canaryUrl).port}/by-name.png`,
          'file:///etc/passwd',
          `${suite.server.baseUrl}/api/v2/user/tutors`,
          `${suite.server.baseUrl}/api/folder/childrens/0`,
        ]
          .map((src) => `<img src="${src}">`)
          .join('') +
        `<iframe src="${canaryUrl}/frame"></iframe><link rel="stylesheet" href="${canaryUrl}/css"><p style="background:url(${canaryUrl}/bg)">x</p>`;
      await sql`update tests set content = jsonb_set(content, '{sections,0,questions,0,name}', to_jsonb(${`<p>Marker question</p>${hostile}`}::text)), updated_at = now() where id = ${testId}`.execute(
        suite.server.database.db,
      );
      const res = await fetch(`${suite.server.baseUrl}/api/v2/test/${testId}/print-pdf`, { headers: { 'x-access-token': editor.token } });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect((await pdfText(new Uint8Array(await res.arrayBuffer()))).join('\n')).toContain('Marker question');
      expect(hits).toEqual([]);
      // The hostile HTML really reached the page (the editor's answer holds it as stored).
      expect(JSON.stringify(await editor.get(testId))).toContain('from-img.png');

      // The same page printed by a renderer of our own: every hostile address was refused, the page's own calls were not.
      const blocked: string[] = [];
      const renderer = new PdfRenderer(suite.server.config.chromiumPath, 30_000, null, (url) => blocked.push(url));
      try {
        await renderer.render({ baseUrl: suite.server.baseUrl, path: `/printPdf/${testId}`, token: editor.token, testId });
      } finally {
        await renderer.close();
      }
      expect(hits).toEqual([]);
      // (Chromium may give up on a loopback picture before asking for it; the canary's count above is what matters there.)
      for (const url of [`${suite.server.baseUrl}/api/v2/user/tutors`, `${suite.server.baseUrl}/api/folder/childrens/0`]) expect(blocked).toContain(url);
      expect(blocked.some((url) => url.includes('/api/auth/user') || url.includes(`/api/v2/test/${testId}`))).toBe(false);
    } finally {
      await new Promise((resolve) => canary.close(resolve));
    }
  });

  test('a PDF that takes longer than the limit answers 504 with a message rather than hanging', async () => {
    const slow = await startTestServer({ pdfTimeoutMs: 1 });
    try {
      const tutor = await signInEditor(slow, { days: 60 });
      const testId = await tutor.newTest({ name: 'Too slow' });
      const res = await tutor.call('GET', `/api/v2/test/${testId}/print-pdf`);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        504,
        'PDF_TIMEOUT',
        "The PDF took too long to make (limit 1 s). Please try again in a moment, or use Print and your browser's Save as PDF.",
      ]);
    } finally {
      await slow.close();
    }
  });

  test('without Chromium on the server, Export as PDF says so and opens the print dialog instead (Vietnamese)', async () => {
    const bare = await startTestServer({ chromiumPath: null });
    try {
      const editor = await signInEditor(bare, { days: 60 });
      const testId = await editor.newTest({ name: 'Kiểm tra giữa kỳ' });
      ({ page } = await newPage(suite.browser, bare.baseUrl, { locale: 'vi-VN' }));
      // Counts the print dialogs the page opens (a headless page has none to show).
      await page.addInitScript(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void ((window as unknown as { printed: number }).printed += 1);
      });
      await openPrintView(page, editor.account, testId);
      await page.getByTestId('print-paper').getByText('Kiểm tra giữa kỳ').waitFor();
      await page.getByRole('button', { name: 'Xuất PDF' }).click();
      await page.getByTestId('toast').getByText('Xuất PDF cần Chromium trên máy chủ (CHROMIUM_PATH).', { exact: false }).waitFor();
      await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 1);
      expect(await page.getByTestId('export-pdf').isEnabled()).toBe(true);
      await page.waitForTimeout(600); // the toast's entrance animation, for the screenshot
      await screenshot(page, 'print-pdf-unavailable-vi');
    } finally {
      await bare.close();
    }
  });

  test("another organisation's test shows the not-found message", async () => {
    const owner = await signInEditor(suite.server, { days: 60 });
    const testId = await owner.newTest({ name: 'Private' });
    const stranger = await signInEditor(suite.server, { days: 60 });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openPrintView(page, stranger.account, testId);
    await page.getByTestId('print-error').getByText('This test does not exist, or it is not in your library.').waitFor();
  });
});
