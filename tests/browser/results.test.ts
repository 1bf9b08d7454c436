import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { StudentAnswer } from '@shared/domain/scoring';
import type { ChildQuestion } from '@shared/domain/test';
import { closeEachPage, describeInBrowser, enterApp, newPage, openInEditor, screenshot, useServerAndBrowser, moveAnswerKey } from '../support/browser';
import { seedAttempts } from '../support/seedAttempts';
import { studentOf } from '../support/studentTests';
import { readyMcq, signInEditor, type Editor } from '../support/testEditor';

/**
 * The Results screen (issue 16) in Chromium over the real server: attempts seeded with a known
 * pattern (half the class right everywhere, half wrong everywhere, and the strong half choosing
 * B where the key says A), then a student who submits while the screen is open.
 */
describeInBrowser('Results', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  const ATTEMPTS = 40;

  /** Questions 1–4 right for the strong half; question 5's key (A) chosen by the weak half only. */
  async function testWithResults(name: string): Promise<{ editor: Editor; testId: string; sharedTestId: string; questions: ChildQuestion[] }> {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name });
    const sectionId = (await editor.section(testId, { name: 'Part A' })).section._id;
    await editor.questions(testId, sectionId, [
      { type: 'multiple_choice', name: '<p>Which is $\\sqrt{16}$?</p>', options: [{ name: '2' }, { name: '4', isCorrect: true }, { name: '8' }] },
      { type: 'integer', name: '<p>6 × 7 = ?</p>', solution: '42' },
      readyMcq('<p>What is 2 + 2?</p>'),
      { type: 'true_false', name: '<p>The sky is green.</p>', options: [{ name: 'True' }, { name: 'False', isCorrect: true }] },
      {
        type: 'multiple_choice',
        name: '<p>The capital of Australia?</p>',
        options: [{ name: 'Sydney', isCorrect: true }, { name: 'Canberra' }, { name: 'Perth' }],
      },
    ]);
    const questions: ChildQuestion[] = (await editor.get(testId)).sections[0].questions;
    // The questions above are choices and one integer: the options of a choice question.
    const choices = (q: ChildQuestion) => (q as unknown as { options: { id: string; isCorrect: boolean }[] }).options;
    const right = (q: ChildQuestion): StudentAnswer => (q.type === 'integer' ? { value: '42' } : { selected: [choices(q).find((o) => o.isCorrect)!.id] });
    const wrong = (q: ChildQuestion): StudentAnswer => (q.type === 'integer' ? { value: '41' } : { selected: [choices(q).find((o) => !o.isCorrect)!.id] });
    // seedAttempts picks candidate (i*7 + qi*13 + i/5) % 2: the parity flips with the question's
    // index, so [right, wrong] on even indexes and [wrong, right] on odd ones put every question
    // of an attempt on the same side; question 5 (index 4) gets [Canberra (B), Sydney (A, the key)].
    const candidates = Object.fromEntries(
      questions.map((q, qi) => [q._id, qi === 4 ? [{ selected: [choices(q)[1].id] }, right(q)] : qi % 2 === 0 ? [right(q), wrong(q)] : [wrong(q), right(q)]]),
    );
    const seeded = await seedAttempts(suite.server.database.db, { orgId: editor.account.orgId, testId, questions, attempts: ATTEMPTS, candidates });
    return { editor, testId, sharedTestId: seeded.sharedTestId, questions };
  }

  const rows = () => page.getByTestId('attempt-row');
  const names = () => page.getByTestId('attempt-name').allTextContents();
  // Charts and dialogs finish drawing, and no chart tooltip hangs under the pointer, before a screenshot.
  const settle = async () => {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(600);
  };

  test('from the editor: figures, histogram, sort, search, an answer sheet, the CSV, a flagged question, a new submit without reloading', async () => {
    const { editor, testId, sharedTestId, questions } = await testWithResults('Algebra weekly quiz');
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('editor-results').click();
    await page.waitForURL(`**/home/local/results/${testId}`);
    await page.getByTestId('figure-attempts').getByText(String(ATTEMPTS)).waitFor();
    await page.getByTestId('score-histogram').locator('.recharts-bar-rectangle').first().waitFor();
    await rows()
      .nth(ATTEMPTS - 1)
      .waitFor();
    expect(await page.getByTestId('attempts-range').textContent()).toBe(`1–${ATTEMPTS} of ${ATTEMPTS}`);
    await settle();
    await screenshot(page, 'results-en');

    // Sorting is the server's: best score first, then worst first.
    const sorted = page.waitForResponse((r) => r.url().includes('sort=score') && r.url().includes('order=desc'));
    await page.getByTestId('attempts-sort-score').click();
    await sorted;
    await page.waitForFunction(() => document.querySelector('[data-testid="attempt-rank"]')?.textContent === '1');
    const best = await page.getByTestId('attempt-score').first().textContent();
    const ascending = page.waitForResponse((r) => r.url().includes('sort=score') && r.url().includes('order=asc'));
    await page.getByTestId('attempts-sort-score').click();
    await ascending;
    await page.waitForFunction((top) => document.querySelector('[data-testid="attempt-score"]')?.textContent !== top, best);
    expect(Number((await page.getByTestId('attempt-rank').first().textContent()) ?? 0)).toBeGreaterThan(1);

    // The search waits for a pause in typing, then asks the server.
    await page.getByTestId('attempts-search').fill('Student 7');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="attempt-row"]').length === 1);
    expect(await names()).toEqual(['Student 7']);

    // A student's answer sheet, maths typeset.
    await rows().first().click();
    const sheet = page.getByTestId('answer-sheet');
    await sheet
      .getByTestId('sheet-question')
      .nth(questions.length - 1)
      .waitFor();
    expect(await sheet.getByTestId('sheet-question').count()).toBe(questions.length);
    expect(await sheet.locator('.katex').count()).toBeGreaterThan(0);
    expect(await sheet.getByTestId('sheet-right-answer').first().textContent()).toContain('B. 4');
    await settle();
    await screenshot(page, 'results-sheet-en');
    await sheet.getByTestId('answer-sheet-close').click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('attempts-search').fill('');
    await rows()
      .nth(ATTEMPTS - 1)
      .waitFor();

    // The CSV, fetched with the session and saved: a row per submitted attempt, marks per question.
    const download = page.waitForEvent('download');
    await page.getByTestId('results-export-csv').click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(ATTEMPTS + 1);
    expect(lines[0].split(',').length).toBeGreaterThanOrEqual(9 + questions.length);
    expect((await download).suggestedFilename()).toBe('Algebra weekly quiz.csv');

    // The question table: question 5 flagged as a possible wrong key, its distractor bars.
    await page.getByTestId('results-tab-questions').click();
    const flagged = page.getByTestId('question-row').filter({ has: page.getByTestId('flag-possible-wrong-key') });
    await flagged.waitFor();
    expect(await flagged.count()).toBe(1);
    expect(await flagged.textContent()).toContain('The capital of Australia?');
    await flagged.click();
    await page.getByTestId('distractor-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('distractor-chart').scrollIntoViewIfNeeded();
    await settle();
    await screenshot(page, 'results-questions-en');

    // A student submits while the screen is open: it shows without a reload.
    await page.getByTestId('results-tab-attempts').click();
    const student = studentOf(suite.server, sharedTestId, { name: 'Late Lan', contact: 'late.lan@example.com' });
    expect((await student.start()).status).toBe(200);
    const attempt = (await student.attempt()).body.data;
    for (const section of attempt.sections) for (const q of section.questions) if (q.options) await student.save(q.id, { selected: [q.options[0].id] });
    expect((await student.submit()).status).toBe(200);
    await page
      .getByTestId('figure-attempts')
      .getByText(String(ATTEMPTS + 1))
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('attempt-name').getByText('Late Lan').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('attempts-range').textContent()).toBe(`1–${ATTEMPTS + 1} of ${ATTEMPTS + 1}`);

    // The analysis raised its flagged question in the Report Dashboard, worded for the tutor.
    await page.getByRole('tab', { name: /Report Dashboard/ }).click();
    const raised = page.getByTestId('reported-question').filter({ has: page.getByTestId('statistics-badge') });
    await raised.first().waitFor();
    const sentences = await raised.first().getByTestId('statistics-reasons').textContent();
    expect(sentences).toMatch(/\d+% of the top students chose B \(the key, A: \d+%\)/);
    expect(sentences).toContain('Stronger students got this wrong more often than weaker ones');
    await page.waitForTimeout(1100); // KaTeX
    await screenshot(page, 'results-statistics-report-en');

    // The same fix as a student's report: the key becomes B; before publishing, the preview says
    // what it does to the free test's scores (every seeded attempt changes), then it publishes.
    await moveAnswerKey(raised.first().getByTestId('edit-to-resolve'), 0, 1);
    await raised.first().getByTestId('save-and-resolve').click();
    const publish = page.getByTestId('publish-dialog');
    const line = publish.getByTestId('corrections-preview-line');
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      new RegExp(`^Algebra weekly quiz: (${ATTEMPTS}|${ATTEMPTS + 1}) of ${ATTEMPTS + 1} attempts change score; mean \\d+(\\.\\d+)?% → \\d+(\\.\\d+)?%$`),
    );
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'results-corrections-preview-en');
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('toast').getByText('Successfully Published Questions').first().waitFor();
  });

  test('from the free-test dialog (Vietnamese); a test without a free test says so', async () => {
    const { editor, testId } = await testWithResults('Đại số tuần 3 — Nguyễn Thị Hoa');
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'vi-VN' }));
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('editor-free-test').click();
    await page.getByTestId('free-test-results').click();
    await page.waitForURL(`**/home/local/results/${testId}`);
    await rows()
      .nth(ATTEMPTS - 1)
      .waitFor();
    await page.getByTestId('score-histogram').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.getByTestId('results-title').textContent()).toBe('Kết quả: Đại số tuần 3 — Nguyễn Thị Hoa');
    await settle();
    await screenshot(page, 'results-vi');

    const bare = await editor.newTest({ name: 'Chưa xuất bản' });
    await page.goto(`/home/local/results/${bare}`);
    await page.getByTestId('results-no-free-test').waitFor();
    await screenshot(page, 'results-no-free-test-vi');
  });

  test('Korean at phone width (360 px): figures, table and answer sheet fit; another organisation’s test is not found', async () => {
    const { editor, testId } = await testWithResults('대수 주간 퀴즈 — 아주 긴 시험 이름이 화면에서 어떻게 보이는지 확인하기 위한 제목');
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'ko-KR' }));
    await page.setViewportSize({ width: 360, height: 780 });
    await enterApp(page, editor.account);
    await page.goto(`/home/local/results/${testId}`);
    await rows()
      .nth(ATTEMPTS - 1)
      .waitFor();
    await page.getByTestId('score-histogram').locator('.recharts-bar-rectangle').first().waitFor();
    await settle();
    await screenshot(page, 'results-ko-phone');
    // Nothing of the screen wider than the phone but the tables' own scrolling boxes.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="results-page"] *')]
        .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('[data-scrolls]'))
        .map((e) => `${e.tagName} ${e.getAttribute('data-testid') ?? ''}`),
    );
    expect(wide).toEqual([]);
    await rows().first().click();
    await page.getByTestId('answer-sheet').getByTestId('sheet-question').first().waitFor();
    await settle();
    await screenshot(page, 'results-sheet-ko-phone');
    await page.getByTestId('answer-sheet-close').click();
    await page.getByTestId('results-tab-questions').click();
    await page.getByTestId('question-row').first().waitFor();
    await settle();
    await screenshot(page, 'results-questions-ko-phone');

    // Another organisation's tutor: the test's results are not found, nothing of them shown.
    const other = await signInEditor(suite.server, { days: 60 });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await enterApp(page, other.account);
    await page.goto(`/home/local/results/${testId}`);
    await page.getByTestId('results-load-failed').waitFor();
    expect(await page.getByTestId('attempt-row').count()).toBe(0);
  });
});
