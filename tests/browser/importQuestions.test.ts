import type { Page } from 'playwright-core';
import { readyMcq, signInEditor, type Editor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser('importing questions from other tests', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  /** A source test in a folder (two ready questions, a draft, a comprehension with a child) and an empty target test. */
  async function setUp(editor: Editor) {
    const folder = await editor.call('POST', '/api/folder', { name: 'Question banks', details: '', parentFolderId: '0', isGlobal: false });
    const sourceId = await editor.newTest({ name: 'Algebra bank', parentFolderId: folder.body.data._id });
    const { section } = await editor.section(sourceId, { name: 'Equations' });
    await editor.questions(sourceId, section._id, [
      readyMcq('<p>Solve $2x = 8$.</p>'),
      readyMcq('<p>What is $3^2$?</p>'),
      { type: 'integer', name: '<p>Draft: no answer yet</p>' },
      { type: 'comprehension', paragraph: '<p>Read the passage about lines.</p>', questions: [readyMcq('<p>Slope of $y = 2x$?</p>')] },
    ]);
    const targetId = await editor.newTest({ name: 'Midterm' });
    const target = await editor.section(targetId, { name: 'Part A' });
    return { sourceId, targetId, targetSection: target.section._id };
  }

  const importDialog = () => page.getByTestId('import-dialog');
  async function openSource() {
    await page.getByTestId('import-open').click();
    await importDialog().getByTestId('import-browser').getByRole('button', { name: 'Question banks' }).click();
    await importDialog().getByTestId('picker-test').filter({ hasText: 'Algebra bank' }).click();
    await importDialog().getByTestId('import-question').first().waitFor();
  }

  test('select all picks what is not imported yet; drafts are skipped with the spec message; the section fills in', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const { targetId } = await setUp(editor);
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openInEditor(page, editor.account, targetId);
    await page.getByTestId('questions-empty').waitFor();

    await openSource();
    expect(await importDialog().getByTestId('import-question').count()).toBe(4);
    expect(await importDialog().getByTestId('import-draft').count()).toBe(1);
    await importDialog().locator('.katex').first().waitFor();
    await importDialog().getByTestId('import-select-all').click();
    await importDialog().getByRole('button', { name: 'Import 3 questions' }).waitFor();
    await screenshot(page, 'import-select-all');
    await importDialog().getByTestId('import-submit').click();
    await importDialog().getByTestId('import-count').getByText('3 questions added successfully.').waitFor();
    await page.getByTestId('toast').getByText('3 questions added successfully.').first().waitFor();
    await importDialog().getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('question-card').nth(3).waitFor(); // two MCQs, the comprehension and its child

    // A second time: the imported ones are marked and select all has nothing left; the draft alone is skipped.
    await openSource();
    expect(await importDialog().getByTestId('import-imported').count()).toBe(3);
    expect(await importDialog().getByTestId('import-select-all').isDisabled()).toBe(true);
    await importDialog().getByTestId('import-question').filter({ hasText: 'Draft: no answer yet' }).getByRole('checkbox').check();
    await importDialog().getByTestId('import-submit').click();
    await importDialog().getByTestId('import-skipped').getByText('Failed to import 1 question(s) as it was in draft mode').waitFor();
    await importDialog().getByRole('button', { name: 'Close' }).click();

    const stored = await editor.get(targetId);
    const questions = stored.sections[0].questions;
    expect(questions.map((q: { type: string; isImported: boolean }) => [q.type, q.isImported])).toEqual([
      ['multiple_choice', true],
      ['multiple_choice', true],
      ['comprehension', true],
    ]);
    expect(stored.totalNumberOfQuestions).toBe(3);
    await page.reload();
    await page.getByTestId('question-card').nth(3).waitFor();
    expect(await page.getByTestId('question-card').count()).toBe(4);
  });

  test('in Korean, with the Global Library tab and a search within a folder', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { is_shared_global: true } });
    const { targetId } = await setUp(editor);
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'ko-KR' }));
    await openInEditor(page, editor.account, targetId);
    await page.getByTestId('import-open').click();
    await importDialog().getByRole('tab', { name: '글로벌 라이브러리에서' }).waitFor();
    await importDialog().getByTestId('import-browser').getByRole('button', { name: 'Question banks' }).click();
    await importDialog().getByTestId('import-search').fill('Geometry');
    await importDialog().getByTestId('import-browser').getByText('여기에는 시험이나 폴더가 없습니다.').waitFor();
    await importDialog().getByTestId('import-search').fill('algebra');
    await importDialog().getByTestId('picker-test').filter({ hasText: 'Algebra bank' }).click();
    await importDialog().getByTestId('import-question').nth(1).getByRole('checkbox').check();
    await screenshot(page, 'import-ko');
    await importDialog().getByRole('button', { name: '1개 문제 가져오기' }).click();
    await importDialog().getByTestId('import-count').getByText('1개 문제를 추가했습니다.').waitFor();
    // The Global Library tab lists the global library (empty here).
    await importDialog().getByRole('button', { name: '더 가져오기' }).click();
    await importDialog().getByRole('tab', { name: '글로벌 라이브러리에서' }).click();
    await importDialog().getByTestId('import-browser').getByText('여기에는 시험이나 폴더가 없습니다.').waitFor();
  });
});
