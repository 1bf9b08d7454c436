import type { Locator, Page } from 'playwright-core';
import { signInEditor, type Editor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser('The test editor in the portal', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  async function open(options: { locale?: string; name?: string } = {}): Promise<{ editor: Editor; testId: string }> {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: options.locale }));
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: options.name ?? 'Algebra midterm', parentFolderId: '0', isGlobal: false });
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('editor-page').waitFor();
    await page.getByTestId('sections-panel').waitFor();
    return { editor, testId };
  }

  const toast = (text: string | RegExp) => page.getByTestId('toast').getByText(text).first();
  const dialog = () => page.getByTestId('question-dialog');
  const errors = () => page.getByTestId('validation-error');
  const errorTypes = async () => (await errors().evaluateAll((els) => els.map((el) => el.getAttribute('data-type')))).sort();
  const sectionNames = () => page.getByTestId('section-name').allTextContents();

  async function typeRich(box: Locator, text: string) {
    await box.click();
    await page.keyboard.type(text);
  }

  async function pickType(label: string) {
    await dialog().getByTestId('question-type').click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }

  async function save() {
    await dialog()
      .getByRole('button', { name: /^(Save|Lưu|저장)$/ })
      .click();
    await dialog().waitFor({ state: 'detached' });
  }

  test('build a test of all five types, fix its validation errors, reorder, delete, and find it all after a reload', async () => {
    const { editor, testId } = await open();
    expect(await page.getByTestId('app-header').count()).toBe(0);
    await page.getByTestId('sections-empty').waitFor();
    expect(await errorTypes()).toEqual(['NO_SECTION']);
    await screenshot(page, 'editor-empty');

    // Two sections.
    await page.getByRole('button', { name: 'Add section', exact: true }).click();
    await toast('Section Added Successfully!').waitFor();
    await page.getByRole('button', { name: 'Add section', exact: true }).click();
    await page.getByTestId('section-item').nth(1).waitFor();
    expect(await sectionNames()).toEqual(['1. Section 1', '2. Section 2']);
    expect(await errorTypes()).toEqual(['EMPTY_SECTION', 'EMPTY_SECTION']);
    // The new section is the selected one.
    expect(await page.getByTestId('selected-section-title').textContent()).toBe('Section 2');

    // Rename section 1 (details: name, digits-only duration).
    await page.getByRole('button', { name: 'Section details of Section 1' }).click();
    const sectionDialog = page.getByTestId('section-dialog');
    await sectionDialog.getByLabel(/Section name/).fill('Algebra and functions');
    await sectionDialog.getByLabel('Minutes').fill('');
    await sectionDialog.getByLabel('Minutes').pressSequentially('1a5');
    expect(await sectionDialog.getByLabel('Minutes').inputValue()).toBe('15');
    await sectionDialog.getByRole('button', { name: 'Save' }).click();
    await toast('Section Updated Successfully!').waitFor();
    await page.getByTestId('section-name').filter({ hasText: 'Algebra and functions' }).waitFor();

    // Section 1: a multiple-choice question with maths, first without a correct option.
    await page.getByTestId('section-name').filter({ hasText: 'Algebra and functions' }).click();
    await page.getByRole('button', { name: 'Add question', exact: true }).click();
    await typeRich(dialog().getByTestId('question-text'), 'Which is the square of x? $x^2$');
    await dialog().locator('[data-testid="math-preview"] .katex').first().waitFor();
    await screenshot(page, 'editor-question-dialog-mcq');
    await typeRich(dialog().getByTestId('option-text-0'), 'x^2');
    await typeRich(dialog().getByTestId('option-text-1'), '2x');
    await save();
    await toast('Question added successfully.').waitFor();
    await page.getByTestId('question-card').first().locator('.katex').first().waitFor();
    await page.locator('[data-testid="validation-error"][data-type="MCQ_ONE_ANS"]').waitFor();
    // The two options left blank are not kept.
    expect(await page.getByTestId('question-card').first().locator('li').count()).toBe(2);
    await screenshot(page, 'editor-mcq-error');

    // The error links to its question; fixing it clears it.
    await errors().filter({ hasText: "Question doesn't has a correct option selected." }).getByRole('button').click();
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    await dialog().getByTestId('option-correct-0').click();
    await save();
    await toast('Question updated successfully.').waitFor();
    await page.locator('[data-testid="validation-error"][data-type="MCQ_ONE_ANS"]').waitFor({ state: 'detached' });

    // True/false: its answer is needed too.
    await page.getByRole('button', { name: 'Add question', exact: true }).click();
    await pickType('True / False');
    await typeRich(dialog().getByTestId('question-text'), 'Zero is an even number.');
    await dialog().getByTestId('option-correct-0').click();
    // One answer, never both (issue 14): ticking False unticks True, and back.
    const ticked = () => Promise.all([0, 1].map((i) => dialog().getByTestId(`option-correct-${i}`).isChecked()));
    await dialog().getByTestId('option-correct-1').click();
    expect(await ticked()).toEqual([false, true]);
    await dialog().getByTestId('option-correct-0').click();
    expect(await ticked()).toEqual([true, false]);
    await save();

    // Fill-ups: a constant and a range.
    await page.getByRole('button', { name: 'Add question', exact: true }).click();
    await pickType('Fill in the blanks');
    await typeRich(dialog().getByTestId('question-text'), 'The capital of France is ____ and pi is about ____.');
    await dialog().getByTestId('fill-constant-0').fill('Paris');
    // Another accepted answer of the same blank, then the second blank (issue 14: "Add answer" added a blank).
    await dialog().getByTestId('fill-add-answer-0').click();
    await dialog().getByTestId('fill-constant-1').fill('City of Light');
    await dialog().getByRole('button', { name: 'Add blank' }).click();
    expect(await dialog().getByTestId('fill-blank').count()).toBe(2);
    await dialog().getByTestId('fill-blank').nth(1).getByRole('radio', { name: 'Range' }).check();
    await dialog().getByTestId('fill-floor-2').fill('3.14');
    await dialog().getByTestId('fill-cap-2').fill('3.15');
    await screenshot(page, 'editor-fill-ups-blanks');
    await save();

    // Section 2: an integer and a comprehension with a child.
    await page.getByTestId('section-name').filter({ hasText: 'Section 2' }).click();
    await page.getByRole('button', { name: 'Add question', exact: true }).click();
    await pickType('Integer');
    await typeRich(dialog().getByTestId('question-text'), 'How many sides has a hexagon?');
    await dialog().getByTestId('integer-answer').fill('six');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Enter a number, such as 42, -7 or 2.5.').waitFor();
    // Typed key by key, a decimal keeps its point (issue 14), and is a valid answer.
    await dialog().getByTestId('integer-answer').fill('');
    await dialog().getByTestId('integer-answer').pressSequentially('-2.5');
    expect(await dialog().getByTestId('integer-answer').inputValue()).toBe('-2.5');
    await dialog().getByTestId('integer-answer').fill('6');
    await save();

    await page.getByRole('button', { name: 'Add question', exact: true }).click();
    await pickType('Comprehension');
    await typeRich(dialog().getByTestId('question-paragraph'), 'A train travels 120 km in 2 hours.');
    await save();
    await page.locator('[data-testid="validation-error"][data-type="EMPTY_COMP"]').waitFor();
    await page.getByRole('button', { name: 'Add question to comprehension' }).click();
    await typeRich(dialog().getByTestId('question-text'), 'What is its average speed?');
    await typeRich(dialog().getByTestId('option-text-0'), '60 km/h');
    await dialog().getByTestId('option-correct-0').click();
    await typeRich(dialog().getByTestId('option-text-1'), '240 km/h');
    await save();
    await page.locator('[data-testid="validation-error"][data-type="EMPTY_COMP"]').waitFor({ state: 'detached' });
    expect(await errorTypes()).toEqual([]);
    await page.getByTestId('editor-total-questions').filter({ hasText: 'Questions: 5' }).waitFor();
    await screenshot(page, 'editor-section-2');

    // Copy the integer question, then delete the copy with confirmation.
    await page.getByRole('button', { name: 'Copy question 1', exact: true }).click();
    await page.getByTestId('question-card').filter({ hasText: 'hexagon' }).nth(1).waitFor();
    await page.getByRole('button', { name: 'Delete question 3', exact: true }).click();
    await page.getByTestId('question-delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Questions deleted Successfully').waitFor();
    await page.getByTestId('editor-total-questions').filter({ hasText: 'Questions: 5' }).waitFor();

    // Reorder questions (move the comprehension up) and sections (keyboard-accessible move).
    await page.getByRole('button', { name: 'Move question 2 up', exact: true }).click();
    await page.getByTestId('question-card').first().and(page.locator('[data-type="comprehension"]')).waitFor();
    await page.getByRole('button', { name: 'Move Section 2 up' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="section-name"]')?.textContent === '1. Section 2');
    expect(await sectionNames()).toEqual(['1. Section 2', '2. Algebra and functions']);

    // Drag and drop back.
    const handles = page.getByTestId('section-drag');
    const from = (await handles.nth(1).boundingBox())!;
    const to = (await handles.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('[data-testid="section-name"]')?.textContent === '1. Algebra and functions');

    // A third section, deleted with confirmation.
    await page.getByRole('button', { name: 'Add section', exact: true }).click();
    await page.getByTestId('section-item').nth(2).waitFor();
    await page.getByRole('button', { name: 'Delete Section 3' }).click();
    await page.getByTestId('section-delete-dialog').getByText('Delete the section "Section 3" and all its questions?').waitFor();
    await page.getByTestId('section-delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Section Deleted Successfully!').waitFor();
    await page.getByTestId('section-item').nth(2).waitFor({ state: 'detached' });

    // The server holds what the editor shows.
    const saved = await editor.get(testId);
    expect(saved.sections.map((s: { name: string; questions: { type: string }[] }) => [s.name, s.questions.map((q) => q.type)])).toEqual([
      ['Algebra and functions', ['multiple_choice', 'true_false', 'fill_ups']],
      ['Section 2', ['comprehension', 'integer']],
    ]);
    const fill = saved.sections[0].questions[2];
    expect(fill.options.map((o: { type: string; name: string; floor: number | null; cap: number | null }) => [o.type, o.name, o.floor, o.cap])).toEqual([
      ['constants', 'Paris', null, null],
      ['constants', 'City of Light', null, null],
      ['range', '', 3.14, 3.15],
    ]);
    // Two blanks: the first with two accepted answers.
    const blankOf = fill.options.map((o: { optionId: string }) => o.optionId);
    expect(blankOf[0]).toBe(blankOf[1]);
    expect(blankOf[2]).not.toBe(blankOf[0]);
    expect(saved.sections[1].questions[1].solution).toBe('6');
    expect(saved.sections[0].sectionDuration).toBe(15 * 60_000);

    // Leaving after edits asks first.
    await page.getByTestId('editor-back').click();
    await page.getByTestId('confirm-navigate-home').waitFor();
    await screenshot(page, 'editor-confirm-leave');
    await page.getByRole('button', { name: 'Stay' }).click();

    // Reload: everything as it was, maths rendered, no validation errors.
    await page.reload();
    await page.getByTestId('section-item').nth(1).waitFor();
    expect(await sectionNames()).toEqual(['1. Algebra and functions', '2. Section 2']);
    await page.getByTestId('question-card').first().locator('.katex').first().waitFor();
    expect(await page.getByTestId('question-card').evaluateAll((els) => els.map((el) => el.getAttribute('data-type')))).toEqual([
      'multiple_choice',
      'true_false',
      'fill_ups',
    ]);
    expect(await page.getByTestId('validation-panel').count()).toBe(0);
    await page.getByTestId('editor-total-marks').filter({ hasText: 'Total marks: 5' }).waitFor();
    await screenshot(page, 'editor-after-reload');
    // Nothing edited since the reload: back goes straight to the library.
    await page.getByTestId('editor-back').click();
    await page.waitForURL('**/home/local/0');
  }, 120_000);

  test('in Vietnamese, with a long test name: sections, a question, its error and its toasts', async () => {
    const long = 'Đề kiểm tra giữa học kỳ môn Toán lớp chín với tên rất dài để kiểm tra cách hiển thị '.repeat(2).trim();
    await open({ locale: 'vi-VN', name: long });
    await page.getByTestId('sections-empty').waitFor();
    await page.getByText('Chưa có phần nào').waitFor();
    await page.getByRole('button', { name: 'Thêm phần', exact: true }).click();
    await toast('Đã thêm phần thành công!').waitFor();
    await page.getByTestId('questions-empty').waitFor();
    await screenshot(page, 'editor-vi-empty-section');
    await page.getByRole('button', { name: 'Thêm câu hỏi', exact: true }).click();
    await typeRich(dialog().getByTestId('question-text'), 'Giá trị của $x^2$ khi x = 3?');
    await dialog().locator('[data-testid="math-preview"] .katex').first().waitFor();
    await typeRich(dialog().getByTestId('option-text-0'), '9');
    await typeRich(dialog().getByTestId('option-text-1'), '6');
    await save();
    await toast('Đã thêm câu hỏi thành công.').waitFor();
    // The validation message comes in Vietnamese from the shared rules.
    await page.locator('[data-testid="validation-error"][data-type="MCQ_ONE_ANS"]').waitFor();
    await screenshot(page, 'editor-vi-error');
    await page.getByRole('button', { name: 'Sửa câu 1' }).click();
    await dialog().getByTestId('option-correct-0').click();
    await save();
    await toast('Đã cập nhật câu hỏi thành công.').waitFor();
    await page.getByTestId('validation-panel').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Xóa câu 1' }).click();
    await page.getByTestId('question-delete-dialog').getByRole('button', { name: 'Xóa' }).click();
    await toast('Đã xóa câu hỏi thành công').waitFor();
    await page.getByTestId('questions-empty').waitFor();
    await screenshot(page, 'editor-vi-long-name');
  }, 60_000);

  test('in Korean: empty states, a section with a long name, and its toasts', async () => {
    await open({ locale: 'ko-KR' });
    await page.getByText('아직 섹션이 없습니다').waitFor();
    await page.getByRole('button', { name: '섹션 추가', exact: true }).click();
    await toast('섹션을 추가했습니다!').waitFor();
    await page.getByTestId('questions-empty').waitFor();
    // A new section is named in the user's language.
    expect(await sectionNames()).toEqual(['1. 섹션 1']);
    await page.getByRole('button', { name: '섹션 1 섹션 정보' }).click();
    const long = '대수와 함수: 일차방정식, 이차방정식, 부등식과 그래프를 모두 다루는 아주 긴 섹션 이름';
    await page
      .getByTestId('section-dialog')
      .getByLabel(/섹션 이름/)
      .fill(long);
    await page.getByTestId('section-dialog').getByRole('button', { name: '저장' }).click();
    await toast('섹션을 업데이트했습니다!').waitFor();
    await page.getByTestId('selected-section-title').filter({ hasText: long }).waitFor();
    await page.locator('[data-testid="validation-error"][data-type="EMPTY_SECTION"]').waitFor();
    await screenshot(page, 'editor-ko-long-section');
  }, 60_000);
});
