import type { Page } from 'playwright-core';
import { useTempFiles } from '../support/tempFiles';
import { signInEditor, type Editor } from '../support/testEditor';
import { buildDocx, omml, type Block } from '../support/docx';
import { png } from '../support/pictures';
import { buildHwp, equation, inlineControl, paragraph } from '@shared/parser/hwp/anonymise/testing';
import { buildHwpx, equation as hwpxEquation, p as hwpxParagraph, run, t } from '@shared/parser/hwp/hwpx/testing';
import { closeEachPage, describeInBrowser, enterApp, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';

/** A font file as the server takes one (a TrueType signature, then anything). */
const ttf = () => Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(60, 7)]);

/** Questions of each kind, a picture and an equation; a "Section:" line makes a new section. */
const GOOD: Block[] = [
  { runs: ['1. Which shape is drawn here?'] },
  { runs: [{ picture: png(40, 30, [0, 120, 212]), widthPx: 80, heightPx: 60 }] },
  '(a) A square',
  '(b) A circle',
  'Ans: a',
  { runs: ['2. Simplify ', { math: omml.fraction('x', '2') }, ' when x = 4.'] },
  '(a) 2',
  '(b) 8',
  'Ans: a',
  '3. The sun is a star.',
  'Ans: True',
  '4. How many legs does a spider have?',
  'Ans: 8',
  'Section: Geometry',
  '5. The capital of France is ____.',
  'Ans: Paris',
];

describeInBrowser('uploading a Word file in the editor', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  const writeFile = useTempFiles('word-upload-');
  closeEachPage(() => page);

  const dialog = () => page.getByTestId('word-upload-dialog');
  const toast = (text: string) => page.getByTestId('toast').getByText(text, { exact: true }).first();
  /** Writes the document to a real file and chooses it in the dialog. */
  const choose = async (name: string, body: Block[]) => {
    const file = writeFile(name, buildDocx({ body }));
    await dialog().getByTestId('word-file-input').setInputFiles(file);
    await dialog().getByTestId('word-file-name').getByText(name).waitFor();
  };

  async function openEditor(editor: Editor, locale?: string) {
    const testId = await editor.newTest({ name: 'Science quiz' });
    await editor.section(testId, { name: 'Part A' });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('questions-empty').waitFor();
    return testId;
  }

  /** A tutor with the parser on, in the editor of a new test on a phone (390 px), the Word dialog open. */
  async function openDialogOnPhone(locale: string) {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    const testId = await openEditor(editor, locale);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('word-upload-open').click();
    return { editor, testId };
  }

  test('is offered only to users with the parser enabled', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    await openEditor(editor);
    await page.getByTestId('import-open').waitFor();
    expect(await page.getByTestId('word-upload-open').count()).toBe(0);
  });

  test('the Bulk Upload modal offers the add-in with its version, the install steps, the guide and the sample', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await enterApp(page, editor.account);
    await page.getByTestId('bulk-upload-button').click();
    const info = page.getByTestId('bulk-upload-dialog');
    await info.getByText(/^Version [\d.]+ · released \d{1,2} \w{3} \d{4}$/).waitFor();
    expect(await info.getByTestId('addin-download').getAttribute('href')).toBe('/api/v2/parser/manifest.xml');
    const manifest = await page.request.get('/api/v2/parser/manifest.xml');
    expect(manifest.status()).toBe(200);
    await info.getByText('In Word, open Insert > Add-ins > My Add-ins > Upload My Add-in.').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'bulk-upload-info');
  });

  test('the guide opens from the Bulk Upload modal in the user’s language (Vietnamese), and reads on a phone (Korean, 360 px)', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'vi-VN' }));
    await enterApp(page, editor.account);
    await page.getByTestId('bulk-upload-button').click();
    const info = page.getByTestId('bulk-upload-dialog');
    expect(await info.getByTestId('word-sample-link').getAttribute('href')).toBe('/samples/testforge-word-sample.vi.docx');
    const [guide] = await Promise.all([page.context().waitForEvent('page'), info.getByTestId('word-guide-link').click()]);
    await guide.getByRole('heading', { level: 1, name: 'Soạn câu hỏi trong Word: hướng dẫn cho giáo viên' }).waitFor();
    expect(new URL(guide.url()).search).toBe('?lang=vi');
    await guide.evaluate(() => document.fonts.ready);
    await screenshot(guide, 'word-guide-vi');
    await guide.close();

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/help/word-format?lang=ko');
    await page.getByRole('heading', { level: 1, name: 'Word로 문항 작성하기: 교사용 안내서' }).waitFor();
    await page.getByRole('heading', { name: '정답', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'word-guide-ko-phone');
    // Nothing wider than the phone: wide tables and examples scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a broken document lists its problems; a good one uploads its questions, picture and new section into the editor', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    const testId = await openEditor(editor);
    await page.getByTestId('word-upload-open').click();
    await dialog().getByText('Questions go to the section Part A').waitFor();
    await dialog()
      .getByRole('radio', { name: /^Numbered text/ })
      .waitFor();
    expect(
      await dialog()
        .getByRole('radio', { name: /^Numbered text/ })
        .isChecked(),
    ).toBe(true);
    expect(await dialog().getByTestId('word-guide-link').getAttribute('href')).toBe('/help/word-format?lang=en');

    await choose('broken.docx', [
      '1. What is the capital of France?',
      '(a) Paris',
      '(b) Rome',
      { runs: ['2. ', { text: 'ikuh', font: 'Kruti Dev 010' }] },
      'Ans: 4',
    ]);
    await dialog().getByTestId('word-errors').waitFor();
    const codes = await dialog()
      .getByTestId('word-problem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-code')));
    expect(codes).toEqual(expect.arrayContaining(['answerNotMarked', 'legacyFont']));
    await dialog().getByTestId('word-problem').filter({ hasText: 'Paragraph 4' }).first().waitFor();
    // Question 2 (a legacy font) is left out; question 1 uploads with its answer unset (issue 15), as the preview says.
    expect(await dialog().getByRole('button', { name: 'Upload 1 question' }).isDisabled()).toBe(false);
    await dialog().getByTestId('word-preview-question').getByTestId('word-preview-no-answer').waitFor();
    await screenshot(page, 'word-upload-problems');

    // A document with nothing readable cannot be uploaded at all.
    await choose('nothing.docx', [{ runs: [{ text: 'ikuh dk rkieku', font: 'Kruti Dev 010' }] }]);
    await dialog().getByTestId('word-blocking').waitFor();
    expect(await dialog().getByTestId('word-upload-submit').isDisabled()).toBe(true);

    await choose('good.docx', GOOD);
    await dialog().getByTestId('word-no-problems').waitFor();
    await dialog().getByText('5 questions found').waitFor();
    // The preview shows the picture small, drawn from the document before it is uploaded, and the equation typeset (issue 29).
    const previewed = dialog().getByTestId('word-preview-question');
    const thumbnail = previewed.first().getByTestId('preview-picture');
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
    await page.waitForFunction(() => (document.querySelector('[data-testid="word-preview"] img') as HTMLImageElement | null)?.naturalWidth === 40);
    expect(await previewed.nth(1).locator('.katex').count()).toBe(1);
    expect(await previewed.nth(1).innerText()).not.toMatch(/\$|\\frac/);
    // The document has a Section: line: the section chosen is the default, the document's on request (issue 14).
    const where = dialog().getByTestId('word-section-choice');
    expect(await where.getByRole('radio', { name: /^All into / }).isChecked()).toBe(true);
    await where.getByRole('radio', { name: /^Into a section of their own/ }).check();
    await screenshot(page, 'word-upload-section-choice');
    await dialog().getByRole('button', { name: 'Upload 5 questions' }).click();
    await dialog().getByTestId('word-uploaded').getByText('5 questions added. 1 new section created.').waitFor();
    await toast('5 questions added. 1 new section created.').waitFor();
    await screenshot(page, 'word-upload-done');
    await dialog().getByRole('button', { name: 'Close' }).click();

    // The editor shows the new questions (Part A) and the new section without a reload.
    await page.getByTestId('question-card').nth(3).waitFor();
    expect(await page.getByTestId('question-card').count()).toBe(4);
    const picture = page.getByTestId('question-card').first().locator('img');
    expect(await picture.getAttribute('src')).toMatch(/^\/api\/files\/[\w-]+\/[0-9a-f]{32}\.png$/);
    await page.waitForFunction(() => (document.querySelector('[data-testid="question-card"] img') as HTMLImageElement | null)?.naturalWidth === 40);
    await page.getByTestId('question-card').nth(1).locator('.katex').waitFor();
    await page.getByText('Geometry').first().waitFor();

    const stored = await editor.get(testId);
    expect(stored.sections.map((s: { name: string; questions: unknown[] }) => [s.name, s.questions.length])).toEqual([
      ['Part A', 4],
      ['Geometry', 1],
    ]);
    expect(stored.sections[0].questions.map((q: { type: string }) => q.type)).toEqual(['multiple_choice', 'multiple_choice', 'true_false', 'integer']);
    expect(JSON.stringify(stored)).not.toContain('docx:');
    expect(stored.totalNumberOfQuestions).toBe(5);
  });

  test('Hangul papers (.hwp and .hwpx) upload as Word documents do: the preview with their maths, in Korean (issue 30)', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    const testId = await openEditor(editor, 'ko-KR');
    await page.getByTestId('word-upload-open').click();
    expect(await dialog().getByTestId('word-file-input').getAttribute('accept')).toContain('.hwpx');
    // In PARA_TEXT a tab and an object are eight-unit controls, as Hangul writes them.
    const tab = inlineControl(9, '    ');
    const hwp = buildHwp({
      paragraphs: [
        ...paragraph(`1. 다음 값은? ${inlineControl(11, 'eqed')}`, equation('{1} over {2}')),
        ...paragraph(`① 1${tab}② 2${tab}③ 3`),
        ...paragraph('정답: ②'),
      ],
    });
    await dialog().getByTestId('word-file-input').setInputFiles(writeFile('시험.hwp', hwp));
    await dialog().getByTestId('word-file-name').getByText('시험.hwp').waitFor();
    await dialog().getByTestId('word-no-problems').waitFor();
    expect(await dialog().getByTestId('word-preview-question').first().locator('.katex').count()).toBe(1);

    const hwpx = buildHwpx({
      sections: [
        [
          hwpxParagraph([run(t('1. 다음 값은? ')), run(hwpxEquation('sqrt {4}'))]),
          hwpxParagraph('① 1\t② 2\t③ 3'),
          hwpxParagraph('정답: ②'),
          hwpxParagraph('2. 옳은 것은?'),
          hwpxParagraph('① 가\t② 나'),
          hwpxParagraph('정답: ①'),
        ],
      ],
    });
    await dialog().getByTestId('word-file-input').setInputFiles(writeFile('시험.hwpx', hwpx));
    await dialog().getByTestId('word-file-name').getByText('시험.hwpx').waitFor();
    await dialog().getByTestId('word-no-problems').waitFor();
    await screenshot(page, 'word-upload-hwpx-ko');
    await dialog().getByTestId('word-upload-submit').click();
    await dialog().getByTestId('word-uploaded').waitFor();
    const stored = await editor.get(testId);
    expect(stored.totalNumberOfQuestions).toBe(2);
    expect(JSON.stringify(stored.sections[0].questions[0])).toContain('\\sqrt{4}');
  });

  test('an unknown font opens the missing-font modal; once its file is uploaded the upload goes on', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    const testId = await openEditor(editor);
    await page.getByTestId('word-upload-open').click();
    await choose('fancy.docx', [{ runs: [{ text: '1. Which letter comes first?', font: 'Fancy School Font' }] }, '(a) A', '(b) B', 'Ans: a']);
    await dialog().getByTestId('word-no-problems').waitFor();
    await dialog().getByRole('button', { name: 'Upload 1 question' }).click();

    const fonts = page.getByTestId('missing-fonts-dialog');
    await fonts.getByTestId('missing-font').getByText('Fancy School Font').waitFor();
    expect(await fonts.getByRole('button', { name: 'Continue upload' }).isDisabled()).toBe(true);
    await fonts.getByLabel('Choose font file: Fancy School Font').setInputFiles({ name: 'fancy.ttf', mimeType: 'font/ttf', buffer: ttf() });
    await fonts.getByText('Added').waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'word-upload-missing-font');
    await fonts.getByRole('button', { name: 'Continue upload' }).click();
    await toast('1 question added.').waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('question-card').first().getByText('Which letter comes first?').waitFor();
    expect((await editor.get(testId)).sections[0].questions).toHaveLength(1);

    // The font is the organisation's now: the same document goes straight through.
    const check = await editor.call('GET', '/api/v2/parserfont?face=Fancy%20School%20Font');
    expect(check.body.data).toMatchObject({ face: 'Fancy School Font', supported: true });
  });

  test('the same document a second time asks first: Cancel, Upload them again, or only the new ones', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    const testId = await openEditor(editor);
    const twice = GOOD.slice(0, 11);
    const counted = async () => (await editor.get(testId)).sections[0].questions.length;
    const notice = page.getByTestId('duplicates-notice');
    await page.getByTestId('word-upload-open').click();
    await choose('twice.docx', twice);
    await dialog().getByRole('button', { name: 'Upload 3 questions' }).click();
    await dialog().getByTestId('word-uploaded').getByText('3 questions added.').waitFor();
    expect(await counted()).toBe(3);

    // The same file again: every question is there (the picture now has its uploaded address).
    await dialog().getByRole('button', { name: 'Upload another file' }).click();
    await choose('twice.docx', twice);
    await dialog().getByRole('button', { name: 'Upload 3 questions' }).click();
    await notice.getByText('All 3 questions are already in this test: this document may have been uploaded before.').waitFor();
    expect(await notice.getByTestId('duplicates-skip').count()).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'word-upload-duplicates');
    await notice.getByTestId('duplicates-cancel').click();
    await notice.waitFor({ state: 'detached' });
    expect(await counted()).toBe(3);
    await dialog().getByRole('button', { name: 'Upload 3 questions' }).click();
    await notice.getByTestId('duplicates-upload-again').click();
    await dialog().getByTestId('word-uploaded').getByText('3 questions added.').waitFor();
    expect(await counted()).toBe(6);

    // With one question more, only that one is added.
    await dialog().getByRole('button', { name: 'Upload another file' }).click();
    await choose('more.docx', [...twice, '4. How many legs does a spider have?', 'Ans: 8']);
    await dialog().getByRole('button', { name: 'Upload 4 questions' }).click();
    await notice.getByText('3 of the 4 questions are already in this test', { exact: false }).waitFor();
    expect(await notice.getByTestId('duplicates-skip').textContent()).toBe('Add only the new question');
    await notice.getByTestId('duplicates-skip').click();
    await dialog().getByTestId('word-uploaded').getByText('1 question added.').waitFor();
    const stored = await editor.get(testId);
    expect(stored.sections[0].questions.map((q: { type: string }) => q.type)).toEqual(
      [...Array(2)].flatMap(() => ['multiple_choice', 'multiple_choice', 'true_false']).concat('integer'),
    );
    expect(stored.totalNumberOfQuestions).toBe(7);
  }, 60_000);

  test('in Vietnamese, the same document a second time asks first', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    const testId = await openEditor(editor, 'vi-VN');
    const twice = GOOD.slice(0, 11);
    await page.getByTestId('word-upload-open').click();
    await choose('hai-lan.docx', twice);
    await dialog().getByRole('button', { name: 'Tải lên 3 câu hỏi' }).click();
    await dialog().getByTestId('word-uploaded').waitFor();
    await dialog().getByRole('button', { name: 'Tải lên tệp khác' }).click();
    await choose('hai-lan.docx', twice);
    await dialog().getByRole('button', { name: 'Tải lên 3 câu hỏi' }).click();
    const notice = page.getByTestId('duplicates-notice');
    await notice.getByText('Cả 3 câu hỏi đều đã có trong bài kiểm tra này', { exact: false }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'word-upload-duplicates-vi');
    await notice.getByTestId('duplicates-cancel').click();
    await notice.waitFor({ state: 'detached' });
    expect((await editor.get(testId)).totalNumberOfQuestions).toBe(3);
  }, 60_000);

  test("a teacher's own paper (answers in bold and in a key, no key for one): the preview names each answer's rule, in Korean, on a phone", async () => {
    const { editor, testId } = await openDialogOnPhone('ko-KR');
    await choose('기말고사 — 과학 (2학기, 아주 긴 파일 이름으로 줄바꿈 확인).docx', [
      '2학기 기말고사',
      '1. 물이 끓는 온도는? ① 50도 ② 100도 ③ 150도',
      { runs: ['2. 식물이 빛으로 양분을 만드는 과정은?'] },
      '① 호흡',
      { runs: [{ text: '② 광합성', bold: true }] },
      '③ 증산',
      '3. 다음 중 포유류는?',
      '① 상어   ② 고래   ③ 송어',
      '정답',
      '1. ②',
    ]);
    await dialog().getByTestId('word-preview').waitFor();
    const rules = await dialog()
      .getByTestId('word-preview-question')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-rule')));
    expect(rules).toEqual(['answerKey', 'bold', 'none']);
    await dialog().getByTestId('word-preview-question').nth(1).getByText('정답: (b) · 굵게 기준').waitFor();
    await dialog().getByTestId('word-preview-question').nth(2).getByText('정답 없음: 편집기에서 고르세요').waitFor();
    await dialog().getByTestId('word-problem').filter({ hasText: '3번: 정답을 찾지 못했습니다' }).waitFor();
    await screenshot(page, 'word-upload-preview-ko-phone');
    await dialog().getByRole('button', { name: '문항 3개 업로드' }).click();
    await dialog().getByTestId('word-uploaded').waitFor();
    const test = await editor.get(testId);
    expect(test.totalNumberOfQuestions).toBe(3);
    // The question without an answer is flagged in the editor until the teacher picks one: the test cannot be published before.
    await dialog().getByRole('button', { name: '닫기' }).click();
    await page.locator('[data-testid=validation-error][data-type=MCQ_ONE_ANS]').waitFor();
    expect(await page.getByTestId('validation-error').evaluateAll((items) => items.map((item) => item.getAttribute('data-type')))).toEqual(['MCQ_ONE_ANS']);
    expect(test.isReadyToLink).toBe(false);
    await screenshot(page, 'word-upload-unanswered-flagged-ko-phone');
  }, 60_000);

  test('a key entry that names no option and a short answer the paper leaves open: each uploads unset, with its own note, in Korean, on a phone', async () => {
    const { editor, testId } = await openDialogOnPhone('ko-KR');
    await choose('모의고사.docx', [
      '1. 2 + 3의 값은?',
      '① 4\t② 5\t③ 6',
      '2. 9 − 4의 값은?',
      '① 4\t② 5\t③ 6',
      '단답형',
      '3. 대한민국의 수도를 쓰시오.',
      '정답',
      '1. ②',
      '2. S02_01',
    ]);
    await dialog().getByTestId('word-preview').waitFor();
    const notes = dialog().getByTestId('word-problem');
    await notes.filter({ hasText: '2번: 정답표의 "S02_01"는 어느 보기도 가리키지 않습니다' }).waitFor();
    await notes.filter({ hasText: '3번: 정답이 적혀 있지 않은 단답형 문항입니다' }).waitFor();
    // One note per question: the unreadable key entry is not also "no answer found".
    expect(await notes.filter({ hasText: '2번' }).count()).toBe(1);
    await screenshot(page, 'word-upload-key-unreadable-short-answer-ko-phone');
    await dialog().getByRole('button', { name: '문항 3개 업로드' }).click();
    await dialog().getByTestId('word-uploaded').waitFor();
    expect((await editor.get(testId)).totalNumberOfQuestions).toBe(3);
  });

  test.each([
    ['en', 'en-GB', 'What was understood'],
    ['vi', 'vi-VN', 'Những gì đã đọc được'],
    ['ko', 'ko-KR', '읽어 낸 내용'],
  ])('on a phone (390 px, %s), "No problems found" wraps above the preview\'s heading, and nothing is wider than the screen', async (lang, locale, heading) => {
    await openDialogOnPhone(locale);
    await choose('phone.docx', GOOD.slice(0, 11));
    const message = dialog().getByTestId('word-no-problems');
    const title = dialog().getByTestId('word-preview').getByText(heading, { exact: true });
    await title.waitFor();
    await message.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, `word-upload-no-problems-${lang}-phone`);
    const [above, below] = [await message.boundingBox(), await title.boundingBox()];
    expect(above && below).toBeTruthy();
    // The message ends before the heading starts.
    expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);
    // Its text (wrapped on two lines or not) stays inside the bar.
    const inside = await message.evaluate((bar) => {
      const text = document.createRange();
      text.selectNodeContents(bar.querySelector('.fui-MessageBarBody')!);
      const [t, b] = [text.getBoundingClientRect(), bar.getBoundingClientRect()];
      return t.top >= b.top && t.bottom <= b.bottom && t.left >= b.left && t.right <= b.right;
    });
    expect(inside).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('in Vietnamese, the problems are translated', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { enable_vidu_parser: true } });
    await openEditor(editor, 'vi-VN');
    await page.getByTestId('word-upload-open').click();
    await dialog().getByText('Câu hỏi sẽ vào phần Part A').waitFor();
    await choose('loi.docx', ['1. Thủ đô của Pháp là gì?', '(a) Paris', '(b) Rome', { runs: ['2. ', { text: 'ikuh', font: 'Kruti Dev 010' }] }, 'Ans: 4']);
    await dialog().getByTestId('word-errors').waitFor();
    await dialog().getByTestId('word-problem').filter({ hasText: 'Đoạn 4' }).first().waitFor();
    expect(await dialog().getByRole('button', { name: 'Tải lên 1 câu hỏi' }).isDisabled()).toBe(false);
    await dialog().getByTestId('word-preview').getByText('Những gì đã đọc được').waitFor();
    await dialog().getByTestId('word-preview-no-answer').getByText('Chưa có đáp án: hãy chọn trong trình soạn thảo').waitFor();
    await screenshot(page, 'word-upload-problems-vi');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });
});
