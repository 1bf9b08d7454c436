import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';
import { publishFreeTest, studentOf } from '../support/studentTests';
import { readyMcq, signInEditor, type Editor } from '../support/testEditor';

/**
 * Bulk editing in the editor (issue 17), in Chromium over the real server: ticking several
 * questions to set their marks, move, copy and delete them, marks for a whole section in one
 * step, and re-marking a test students attempted, published with the option the tutor picks,
 * with the stored test and the re-scored attempts checked after each step.
 */
describeInBrowser('editor bulk editing', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  afterEach(async () => {
    await page?.context().close();
  });

  const SHOTS = '/tmp/shots/h17a';
  const shot = async (name: string) => {
    await page.waitForTimeout(400); // dialogs finish their opening animation
    const file = await screenshot(page, `editor-bulk-${name}`);
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
  };

  type Stored = { _id: string; name: string; marks: { positive: number; negative: number }; isNegativeMarkingEnabled: boolean; questions?: Stored[] };
  const sectionsOf = async (editor: Editor, testId: string): Promise<{ _id: string; name: string; questions: Stored[] }[]> =>
    (await editor.get(testId)).sections;
  const text = (html: string) => html.replace(/<[^>]+>/g, '');

  async function openEditor(editor: Editor, testId: string, options: { locale?: string; phone?: boolean } = {}) {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: options.locale }));
    if (options.phone) await page.setViewportSize({ width: 360, height: 780 });
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('question-card').first().waitFor();
  }
  const card = (name: string) =>
    page
      .getByTestId('question-card')
      .filter({ has: page.getByTestId('question-text-view').getByText(name, { exact: true }) })
      .first();
  const tick = async (...names: string[]) => {
    for (const name of names) await card(name).getByTestId('question-select').first().check();
  };
  const bar = () => page.getByTestId('bulk-bar');
  const toast = (message: string) => page.getByTestId('toast').filter({ hasText: message }).first().waitFor();
  const selectSection = (name: string) => page.getByTestId('section-item').filter({ hasText: name }).first().click();

  /** Section A: q1..q4 and a comprehension c5 (one child); section B: x1. */
  async function twoSections(editor: Editor, name: string) {
    const testId = await editor.newTest({ name });
    const a = (await editor.section(testId, { name: 'Section A' })).section._id as string;
    const b = (await editor.section(testId, { name: 'Section B' })).section._id as string;
    await editor.questions(testId, a, [
      readyMcq('q1'),
      readyMcq('q2'),
      readyMcq('q3'),
      readyMcq('q4'),
      { type: 'comprehension', name: 'c5', paragraph: '<p>Read this.</p>', questions: [readyMcq('c5.1')] },
    ]);
    await editor.questions(testId, b, [readyMcq('x1')]);
    return { testId, a, b };
  }

  test('select several questions: marks for the section and for the ticked ones, copy, move and delete, each stored', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const { testId } = await twoSections(editor, 'Bulk editing');
    await openEditor(editor, testId);

    // Marks for the whole section in one step: every question, the comprehension's child too.
    await page.getByTestId('bulk-section-marks').click();
    const sectionMarks = page.getByTestId('bulk-marks-dialog');
    expect(await sectionMarks.getByRole('heading').textContent()).toBe('Marks for all 5 questions of Section A');
    await sectionMarks.getByTestId('marks-positive').fill('2');
    await sectionMarks.getByTestId('marks-negative').fill('0.5');
    await sectionMarks.getByRole('button', { name: 'Set marks' }).click();
    await toast('Marks updated for 5 questions.');
    let [a, b] = await sectionsOf(editor, testId);
    expect(a.questions.map((q) => [q.name, q.marks.positive, q.marks.negative])).toEqual([
      ['q1', 2, 0.5],
      ['q2', 2, 0.5],
      ['q3', 2, 0.5],
      ['q4', 2, 0.5],
      ['c5', 2, 0.5],
    ]);
    expect(a.questions[4].questions![0].marks.positive).toBe(2);
    expect(b.questions[0].marks.positive).toBe(1);
    await page.getByTestId('editor-total-marks').getByText('Total marks: 11').waitFor();

    // Two ticked: the bar counts them; new marks with negative marking on.
    await tick('q1', 'q2');
    expect(await page.getByTestId('bulk-count').textContent()).toBe('2 questions selected');
    expect(await page.getByTestId('bulk-select-all').evaluate((input: HTMLInputElement) => input.indeterminate)).toBe(true);
    // The bar comes after the list and stays in view at the bottom of the window while it scrolls.
    const inView = await bar().boundingBox();
    expect(inView!.y + inView!.height).toBeLessThanOrEqual(800);
    expect(inView!.y).toBeGreaterThan(600);
    await shot('selected-en');
    await bar().getByTestId('bulk-marks').click();
    const marks = page.getByTestId('bulk-marks-dialog');
    await marks.getByTestId('marks-positive').fill('3');
    await marks.getByTestId('marks-negative').fill('1');
    await marks.getByTestId('marks-negative-on').check();
    await shot('marks-dialog-en');
    await marks.getByRole('button', { name: 'Set marks' }).click();
    await toast('Marks updated for 2 questions.');
    [a] = await sectionsOf(editor, testId);
    expect(a.questions.map((q) => [q.name, q.marks.positive, q.marks.negative, q.isNegativeMarkingEnabled])).toEqual([
      ['q1', 3, 1, true],
      ['q2', 3, 1, true],
      ['q3', 2, 0.5, false],
      ['q4', 2, 0.5, false],
      ['c5', 2, 0.5, false],
    ]);
    // The selection stays for the next action; clear it.
    expect(await page.getByTestId('bulk-count').textContent()).toBe('2 questions selected');
    await bar().getByTestId('bulk-clear').click();
    await bar().waitFor({ state: 'detached' });

    // Copy q3 and c5 (ticked in reverse order) into section B: copies at its end, in this section's order.
    await tick('c5', 'q3');
    await bar().getByTestId('bulk-copy').click();
    const copy = page.getByTestId('bulk-copy-dialog');
    await copy.getByTestId('bulk-target-section').selectOption({ label: 'Section B' });
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    await toast('2 questions copied to Section B.');
    [a, b] = await sectionsOf(editor, testId);
    expect(b.questions.map((q) => q.name)).toEqual(['x1', 'q3', 'c5']);
    expect(b.questions[1]._id).not.toBe(a.questions[2]._id);
    expect(b.questions[2].questions!.map((q) => q.name)).toEqual(['c5.1']);
    expect(a.questions).toHaveLength(5);

    // Move q1 and q4 to section B: the same questions (ids kept) at its end; A keeps the rest.
    await bar().getByTestId('bulk-clear').click();
    await tick('q4', 'q1');
    const movedIds = [a.questions[0]._id, a.questions[3]._id];
    await bar().getByTestId('bulk-move').click();
    const move = page.getByTestId('bulk-move-dialog');
    // Moving offers the other sections only.
    expect(await move.getByTestId('bulk-target-section').locator('option').allTextContents()).toEqual(['Section B']);
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await toast('2 questions moved to Section B.');
    [a, b] = await sectionsOf(editor, testId);
    expect(a.questions.map((q) => q.name)).toEqual(['q2', 'q3', 'c5']);
    expect(b.questions.map((q) => q.name)).toEqual(['x1', 'q3', 'c5', 'q1', 'q4']);
    expect(b.questions.slice(3).map((q) => q._id)).toEqual(movedIds);
    // The moved questions left the selection and the list.
    await bar().waitFor({ state: 'detached' });
    expect(
      await page
        .getByTestId('question-card')
        .filter({ has: page.getByTestId('question-select') })
        .count(),
    ).toBe(3);

    // Delete q2 and c5 (with its child) after confirming.
    await tick('q2', 'c5');
    await bar().getByTestId('bulk-delete').click();
    const del = page.getByTestId('bulk-delete-dialog');
    expect(await del.getByRole('heading').textContent()).toBe('Delete 2 questions?');
    await del.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast('Questions deleted Successfully');
    [a, b] = await sectionsOf(editor, testId);
    expect(a.questions.map((q) => q.name)).toEqual(['q3']);
    expect((await editor.get(testId)).totalNumberOfQuestions).toBe(6);

    // Select all ticks every question of the section, and unticks them all again.
    await selectSection('Section B');
    await page.getByTestId('bulk-select-all').check();
    expect(await page.getByTestId('bulk-count').textContent()).toBe('5 questions selected');
    await page.getByTestId('bulk-select-all').uncheck();
    await bar().waitFor({ state: 'detached' });
  });

  test('re-mark an attempted test: kept, published with the chosen option, the attempts re-scored', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const { testId, sharedTestId } = await publishFreeTest(suite.server, editor, {
      name: 'Attempted quiz',
      sections: [{ name: 'Part 1', questions: [readyMcq('<p>m1</p>'), readyMcq('<p>m2</p>')] }],
    });
    // Two students submit: Ana answers both right, Binh only the first.
    const stored = (await sectionsOf(editor, testId))[0].questions as unknown as { _id: string; options: { id: string; isCorrect: boolean }[] }[];
    const answerOf = (q: (typeof stored)[number], right: boolean) => ({ selected: [q.options.find((o) => o.isCorrect === right)!.id] });
    const students: Record<string, ReturnType<typeof studentOf>> = {};
    for (const [name, rights] of [
      ['Ana', [true, true]],
      ['Binh', [true, false]],
    ] as const) {
      const student = (students[name] = studentOf(suite.server, sharedTestId, { name, contact: `${name.toLowerCase()}@example.com` }));
      expect((await student.start()).status).toBe(200);
      for (const [i, q] of stored.entries()) expect((await student.save(q._id, answerOf(q, rights[i]))).status).toBe(200);
      expect((await student.submit()).status).toBe(200);
    }
    const scores = async () =>
      Object.fromEntries(
        (
          await suite.server.database.db
            .selectFrom('attempts')
            .innerJoin('students', 'students.id', 'attempts.student_id')
            .select(['students.name', 'attempts.score', 'attempts.max_score'])
            .where('attempts.test_id', '=', testId)
            .execute()
        ).map((r) => [r.name, [Number(r.score), Number(r.max_score)]]),
      );
    expect(await scores()).toEqual({ Ana: [2, 2], Binh: [1, 2] });

    await openEditor(editor, testId);
    await page.getByTestId('attempted-bar').waitFor();
    // Ticking both: marks, copy and clear are offered; move and delete are not (students attempted it).
    await tick('m1', 'm2');
    expect(await bar().getByRole('button').allTextContents()).toEqual(['Set marks', 'Copy to…', 'Clear selection']);
    await bar().getByTestId('bulk-marks').click();
    const remark = page.getByTestId('bulk-remark-dialog');
    expect(await remark.getByRole('heading').textContent()).toBe('Re-mark 2 questions');
    await remark.getByTestId('marks-positive').fill('4');
    await remark.getByTestId('bulk-remark-RE_EVALUATE').check();
    await shot('remark-dialog-en');
    await remark.getByRole('button', { name: 'Continue to publish' }).click();

    // The publish dialog opens with the option chosen and its preview of what changes.
    const publish = page.getByTestId('publish-dialog');
    await publish.waitFor();
    expect(await publish.getByTestId('publish-item').count()).toBe(2);
    for (const item of await publish.getByTestId('publish-item').all()) expect(await item.getByTestId('publish-option-RE_EVALUATE').isChecked()).toBe(true);
    expect(await scores()).toEqual({ Ana: [2, 2], Binh: [1, 2] });
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await toast('Successfully Published Questions');
    await publish.waitFor({ state: 'detached' });
    expect((await sectionsOf(editor, testId))[0].questions.map((q) => [text(q.name), q.marks.positive])).toEqual([
      ['m1', 4],
      ['m2', 4],
    ]);
    expect(await scores()).toEqual({ Ana: [8, 8], Binh: [4, 8] });
    await page.getByTestId('editor-total-marks').getByText('Total marks: 8').waitFor();

    // Marks for the whole section with grace marks: every submitted attempt gets the full marks.
    await page.getByTestId('bulk-section-marks').click();
    const grace = page.getByTestId('bulk-remark-dialog');
    expect(await grace.getByRole('heading').textContent()).toBe('Re-mark all 2 questions of Part 1');
    await grace.getByTestId('marks-positive').fill('5');
    await grace.getByTestId('bulk-remark-GRACE').check();
    await grace.getByRole('button', { name: 'Continue to publish' }).click();
    await publish.waitFor();
    for (const item of await publish.getByTestId('publish-item').all()) expect(await item.getByTestId('publish-option-GRACE').isChecked()).toBe(true);
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await toast('Successfully Published Questions');
    expect(await scores()).toEqual({ Ana: [10, 10], Binh: [10, 10] });
    // The student's own result shows the new score and that it changed.
    expect((await students.Binh.result()).body.data).toMatchObject({ score: 10, scoreChanged: true, originalScore: 1 });
  });

  test('in Vietnamese and Korean, and on a 360 px phone: the bar, the dialogs and nothing wider than the screen', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const { testId } = await twoSections(editor, 'Đại số');
    await openEditor(editor, testId, { locale: 'vi-VN' });
    await tick('q1', 'q3');
    expect(await page.getByTestId('bulk-count').textContent()).toBe('Đã chọn 2 câu hỏi');
    await shot('selected-vi');
    await bar().getByTestId('bulk-move').click();
    expect(await page.getByTestId('bulk-move-dialog').getByRole('heading').textContent()).toBe('Chuyển 2 câu hỏi sang phần khác');
    await shot('move-dialog-vi');
    await page.getByTestId('bulk-move-dialog').getByRole('button', { name: 'Chuyển', exact: true }).click();
    await toast('Đã chuyển 2 câu hỏi sang Section B.');
    expect((await sectionsOf(editor, testId))[1].questions.map((q) => q.name)).toEqual(['x1', 'q1', 'q3']);
    await page.context().close();

    await openEditor(editor, testId, { locale: 'ko-KR', phone: true });
    await page.getByTestId('bulk-select-all').check();
    expect(await page.getByTestId('bulk-count').textContent()).toBe('문제 3개 선택됨');
    await bar().scrollIntoViewIfNeeded();
    await shot('selected-ko-360');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await bar().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await bar().getByTestId('bulk-marks').click();
    const dialog = page.getByTestId('bulk-marks-dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('문제 3개의 배점');
    await shot('marks-dialog-ko-360');
    await dialog.getByTestId('marks-positive').fill('2');
    await dialog.getByRole('button', { name: '배점 설정' }).click();
    await toast('문제 3개의 배점을 변경했습니다.');
    expect((await sectionsOf(editor, testId))[0].questions.map((q) => q.marks.positive)).toEqual([2, 2, 2]);
  });
});
