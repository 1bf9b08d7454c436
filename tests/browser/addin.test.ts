import type { Page } from 'playwright-core';
import { createAccount } from '../support/testServer';
import { signInEditor, type Editor } from '../support/testEditor';
import { describeInBrowser, newPage, screenshot, signIn, useServerAndBrowser, waitUntil } from '../support/browser';
import { QUESTION_TABLES, buildDocx, omml, type Block } from '../support/docx';
import { changeFakeDocument, failNextRead, fakeParagraphs, fakeWordState, openInFakeWord } from '../support/fakeOffice';
import { png } from '../support/pictures';

/** Word's task pane is about 350 px wide. */
const PANE = { width: 350, height: 760 };
const PARSER_ON = { flags: { enable_vidu_parser: true } };

/** A document with problems: no answer (error), a Kruti Dev run (error), text before the first question (note), a table in between. */
const WITH_PROBLEMS: Block[] = [
  'Class 10 physics: practice',
  '1. What is the SI unit of force?',
  '(a) Joule',
  '(b) Newton',
  '2. Which row holds the square of 2?',
  {
    table: [
      ['x', 'x²'],
      ['2', '4'],
    ],
  },
  '(a) The first',
  '(b) The second',
  'Ans: b',
  { runs: ['3. ', { text: 'ikuh dk rkieku', font: 'Kruti Dev 010' }] },
  'Ans: 4',
];

/** Five question types, an equation, a picture and a "Section:" line: a document to upload. */
const GOOD: Block[] = [
  '1. What is the SI unit of force?',
  '(a) Joule',
  '(b) Newton',
  'Ans: b',
  { runs: ['2. Simplify ', { math: omml.fraction('x', '2') }, ' when x = 4.'] },
  '(a) 2',
  '(b) 8',
  'Ans: a',
  '3. Light travels faster than sound.',
  'Ans: True',
  '4. How many legs does a spider have?',
  'Ans: 8',
  '5. The capital of France is ____.',
  'Ans: Paris',
  'Section: Shapes',
  { runs: ['6. Which colour is this square? ', { picture: png(4, 4, [0, 0, 255]), widthPx: 40, heightPx: 40 }] },
  '(a) Red',
  '(b) Blue',
  'Ans: b',
];

/** Questions laid out in tables (the Tables engine). */
const TABLES = QUESTION_TABLES;

/** Waits for the page's animations (a dialog's entrance) to end, for a screenshot. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

describeInBrowser('the Word task pane', () => {
  const suite = useServerAndBrowser();

  /** The pane as Word shows it with `body` open, signed in as `account`. */
  async function openPane(account: { orgCode: string; email: string; password: string }, body: Block[] | null, options: { locale?: string } = {}) {
    const { page } = await newPage(suite.browser, suite.server.baseUrl, options);
    if (body) await openInFakeWord(page, buildDocx({ body }));
    else await page.route('https://appsforoffice.microsoft.com/**', (route) => route.abort());
    await page.setViewportSize(PANE);
    await page.goto('/addin/taskpane.html');
    await signIn(page, account);
    await page.getByTestId('addin-signed-in').waitFor();
    return page;
  }

  /** Chooses `testName` (searched by name) and its section `sectionName`. */
  async function chooseTarget(page: Page, testName: string, sectionName: string) {
    await page.getByTestId('addin-test-search').fill(testName);
    await page.getByTestId('addin-test-row').filter({ hasText: testName }).click();
    await page.getByTestId('addin-section-row').filter({ hasText: sectionName }).click();
    await page.getByTestId('addin-target').waitFor();
  }

  async function newTarget(editor: Editor, testName: string, sectionName: string) {
    const testId = await editor.newTest({ name: testName });
    const { section } = await editor.section(testId, { name: sectionName });
    return { testId, sectionId: section._id as string };
  }

  test('the test picker searches the whole library and says where each test lives (issue 14)', async () => {
    const editor = await signInEditor(suite.server, PARSER_ON);
    const folder = (await editor.call('POST', '/api/folder', { name: 'Physics' })).body.data._id;
    const sub = (await editor.call('POST', '/api/folder', { name: 'Term 2', parentFolderId: folder })).body.data._id;
    await editor.newTest({ name: 'Optics check-up', parentFolderId: sub });
    const page = await openPane(editor.account, GOOD);
    await page.getByTestId('addin-test-search').fill('optics');
    const row = page.getByTestId('addin-test-row').filter({ hasText: 'Optics check-up' });
    await row.getByTestId('item-location').getByText('in Physics › Term 2').waitFor();
    await screenshot(page, 'addin-search-below');
  });

  test('outside Word (office.js unreachable) it still opens and signs in; only the Word buttons are off', async () => {
    const manifest = await suite.server.call('GET', '/addin/manifest.xml');
    expect(manifest.status).toBe(200);
    // Served as the API's manifest is (issue 29): naming the origin it was asked from, not the build's https://localhost:3000.
    expect(String(manifest.body)).toContain(`<SourceLocation DefaultValue="${suite.server.baseUrl}/addin/taskpane.html"/>`);
    expect(String(manifest.body)).not.toContain('localhost:3000');
    const account = await createAccount(suite.server, PARSER_ON);
    const { page } = await newPage(suite.browser, suite.server.baseUrl);
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
    // A new test with its first section, from the pane.
    await page.getByRole('button', { name: 'New test' }).click();
    await page.getByLabel(/^Test name/).fill('Made in Word');
    await page.getByLabel(/^First section/).fill('Part A');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByTestId('addin-target-test').textContent()).resolves.toBe('Made in Word');
    await expect(page.getByTestId('addin-target-section').textContent()).resolves.toBe('Part A');
    await page.getByTestId('addin-not-in-word').getByText('Open this pane inside Word').waitFor();
    expect(await page.getByRole('button', { name: 'Check document' }).isDisabled()).toBe(true);
    // The session and the target are remembered.
    await page.reload();
    await page.getByTestId('addin-signed-in').waitFor();
    await expect(page.getByTestId('addin-target-test').textContent()).resolves.toBe('Made in Word');
    await page.setViewportSize(PANE);
    await screenshot(page, 'addin-outside-word');
    await page.context().close();
  });

  test('without the parser for the account, it says Bulk Upload is not enabled', async () => {
    const account = await createAccount(suite.server);
    const page = await openPane(account, GOOD);
    await page.getByTestId('addin-not-enabled').getByText('Bulk Upload is not enabled for your account', { exact: false }).waitFor();
    expect(await page.getByTestId('addin-test-picker').count()).toBe(0);
    expect((await fakeWordState(page)).reads).toBe(0);
    await screenshot(page, 'addin-not-enabled');
    await page.context().close();
  });

  test('checks the open document: problems at their paragraph, Show in document selects it in Word; the readable questions can upload, a preview shows what was understood', async () => {
    const editor = await signInEditor(suite.server, PARSER_ON);
    await newTarget(editor, 'Physics: forces and motion', 'Mechanics');
    const page = await openPane(editor.account, WITH_PROBLEMS);
    await chooseTarget(page, 'Physics', 'Mechanics');
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.getByTestId('word-problems').waitFor();
    const codes = await page.getByTestId('word-problem').evaluateAll((items) => items.map((item) => item.getAttribute('data-code')));
    expect(codes).toEqual(expect.arrayContaining(['answerNotMarked', 'legacyFont', 'textBeforeFirstQuestion']));
    // One bad question never sinks the others (issue 15): question 3 is left out, 1 and 2 can upload.
    await page.getByRole('button', { name: 'Upload 2 questions' }).waitFor();
    expect(await page.getByTestId('addin-upload-button').isDisabled()).toBe(false);
    const preview = page.getByTestId('word-preview-question');
    expect(await preview.count()).toBe(2);
    await preview.nth(0).getByTestId('word-preview-no-answer').waitFor();
    await preview.nth(1).getByText('Answer: (b) · from answer line').waitFor();
    await preview.nth(1).getByRole('button', { name: 'Show in document' }).click();
    await waitUntil(async () => (await fakeWordState(page)).selections.at(-1)?.text === '2. Which row holds the square of 2?');
    // The file was read whole, in slices, and closed again.
    expect(await fakeWordState(page)).toMatchObject({ reads: 1, openFiles: 0 });

    const legacy = page.locator('[data-testid=word-problem][data-code=legacyFont]');
    const paragraph = Number(/Paragraph (\d+)/.exec((await legacy.textContent()) ?? '')![1]);
    await legacy.getByRole('button', { name: 'Show in document' }).click();
    await waitUntil(async () => (await fakeWordState(page)).selections.length === 2);
    const selected = (await fakeWordState(page)).selections.at(-1)!;
    expect(selected.paragraph).toBe(paragraph);
    expect(selected.text).toBe('3. ikuh dk rkieku');
    // Table cells count as paragraphs (Word's body.paragraphs): the question after the table is past them.
    expect((await fakeParagraphs(page)).indexOf('3. ikuh dk rkieku') + 1).toBe(paragraph);
    const noAnswer = page.locator('[data-testid=word-problem][data-code=answerNotMarked]');
    await noAnswer.getByRole('button', { name: 'Show in document' }).click();
    await waitUntil(async () => (await fakeWordState(page)).selections.at(-1)?.text === '1. What is the SI unit of force?');
    await screenshot(page, 'addin-problems-en');

    // In Vietnamese.
    await page.getByTestId('addin-language').selectOption('vi');
    await page.getByRole('button', { name: 'Kiểm tra tài liệu' }).waitFor();
    await screenshot(page, 'addin-problems-vi');
    await page.getByTestId('addin-language').selectOption('en');

    // Word's failure to give the file is said as Word said it.
    await failNextRead(page, { code: 5001, message: 'An internal error has occurred.' });
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.getByTestId('addin-read-failed').getByText('Word could not give the document: An internal error has occurred.').waitFor();

    // The teacher fixes the document in Word and checks again.
    await changeFakeDocument(page, buildDocx({ body: GOOD.slice(0, 14) }));
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.getByTestId('word-no-problems').waitFor();
    expect(await page.getByTestId('addin-read-failed').count()).toBe(0);
    await page.getByRole('button', { name: 'Upload 5 questions' }).waitFor();
    expect(await page.getByTestId('addin-upload-button').isDisabled()).toBe(false);
    await page.context().close();
  }, 60_000);

  test('uploads a document of five question types, an equation, a picture and a section into the chosen test', async () => {
    const editor = await signInEditor(suite.server, PARSER_ON);
    const { testId, sectionId } = await newTarget(editor, 'Term 1 · Science revision for the whole of class 10, all divisions', 'Revision');
    await editor.newTest({ name: 'Term 2 · Another test' });
    const page = await openPane(editor.account, GOOD);
    await page.getByTestId('addin-test-row').first().waitFor();
    await screenshot(page, 'addin-picker');
    await chooseTarget(page, 'Term 1', 'Revision');
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.getByTestId('word-summary').getByText('6 questions found').waitFor();
    await page
      .getByTestId('word-section-choice')
      .getByRole('radio', { name: /^Into a section of their own/ })
      .check();
    await screenshot(page, 'addin-section-choice');
    await page.getByRole('button', { name: 'Upload 6 questions' }).click();
    const done = page.getByTestId('addin-uploaded');
    await done.getByText('6 questions added to Term 1 · Science revision', { exact: false }).waitFor();
    await done.getByText('1 new section created.').waitFor();
    expect(await page.getByTestId('addin-open-editor').getAttribute('href')).toBe(`${suite.server.baseUrl}/home/local/editTest/${testId}`);
    await screenshot(page, 'addin-uploaded-en');

    const test = await editor.get(testId);
    const chosen = test.sections.find((s: any) => s._id === sectionId);
    expect(chosen.questions.map((q: any) => q.type)).toEqual(['multiple_choice', 'multiple_choice', 'true_false', 'integer', 'fill_ups']);
    expect(chosen.questions[1].name).toContain('$\\frac{x}{2}$');
    const shapes = test.sections.find((s: any) => s.name === 'Shapes');
    expect(shapes.questions).toHaveLength(1);
    const picture = /<img src="([^"]+)"/.exec(shapes.questions[0].name)![1];
    expect(picture).not.toMatch(/^docx:/);
    const served = await fetch(new URL(picture, suite.server.baseUrl));
    expect(served.status).toBe(200);
    expect(test.totalNumberOfQuestions).toBe(6);

    // Korean, for the screenshot.
    await page.getByTestId('addin-language').selectOption('ko');
    await page.getByText('에 문항 6개를 추가했습니다', { exact: false }).waitFor();
    await screenshot(page, 'addin-uploaded-ko');
    await page.context().close();
  }, 60_000);

  test('the engine switch: a document of tables reads with the Tables engine, and with the default one too (it tries the other when its own finds nothing)', async () => {
    const editor = await signInEditor(suite.server, PARSER_ON);
    const { testId, sectionId } = await newTarget(editor, 'Tables test', 'Section 1');
    const page = await openPane(editor.account, TABLES);
    await chooseTarget(page, 'Tables test', 'Section 1');
    // The second engine listed (Numbered text) is the default.
    await expect(page.getByTestId('addin-engine').textContent()).resolves.toContain('Numbered text');
    await page.getByRole('button', { name: 'Check document' }).click();
    // Issue 15: a teacher who never picks an engine still gets the document's questions.
    await page.getByTestId('word-summary').getByText('2 questions found').waitFor();
    expect(await page.locator('[data-testid=word-problem][data-code=noQuestions]').count()).toBe(0);
    await page.getByTestId('addin-engine').click();
    await page.getByRole('option', { name: 'Tables' }).click();
    await page.getByTestId('word-summary').getByText('2 questions found').waitFor();
    await page.getByRole('button', { name: 'Upload 2 questions' }).click();
    await page.getByTestId('addin-uploaded').waitFor();
    const test = await editor.get(testId);
    expect(test.sections.find((s: any) => s._id === sectionId).questions.map((q: any) => q.type)).toEqual(['multiple_choice', 'true_false']);
    await page.context().close();
  }, 60_000);

  test('a font the portal does not know opens the missing-font modal; a failed font upload says so; then the upload proceeds', async () => {
    const editor = await signInEditor(suite.server, PARSER_ON);
    const { testId } = await newTarget(editor, 'Fonts test', 'Section 1');
    const page = await openPane(editor.account, [{ runs: ['1. ', { text: 'What is 2 + 2?', font: 'Fancy Unknown Sans' }] }, '(a) 3', '(b) 4', 'Ans: b']);
    await chooseTarget(page, 'Fonts test', 'Section 1');
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.getByRole('button', { name: 'Upload 1 question' }).click();
    const dialog = page.getByTestId('missing-fonts-dialog');
    await dialog.getByTestId('missing-font').getByText('Fancy Unknown Sans').waitFor();
    await settled(page);
    await screenshot(page, 'addin-missing-fonts');
    await dialog
      .getByLabel('Choose font file: Fancy Unknown Sans')
      .setInputFiles({ name: 'fancy.ttf', mimeType: 'font/ttf', buffer: Buffer.from('not a font at all') });
    await page.getByTestId('addin-toast').getByText('Failed to add font files').waitFor();
    expect((await editor.get(testId)).totalNumberOfQuestions).toBe(0);
    const font = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(60)]);
    await dialog.getByLabel('Choose font file: Fancy Unknown Sans').setInputFiles({ name: 'fancy.ttf', mimeType: 'font/ttf', buffer: font });
    await dialog.getByText('Added').waitFor();
    await dialog.getByRole('button', { name: 'Continue upload' }).click();
    await page.getByTestId('addin-uploaded').getByText('1 question added to Fonts test · Section 1').waitFor();
    expect((await editor.get(testId)).totalNumberOfQuestions).toBe(1);
    await page.context().close();
  }, 60_000);

  test('the document checked and uploaded again asks first; only the new questions are added', async () => {
    const editor = await signInEditor(suite.server, PARSER_ON);
    const { testId } = await newTarget(editor, 'Twice test', 'Section 1');
    const first = GOOD.slice(0, 8);
    const page = await openPane(editor.account, first);
    await chooseTarget(page, 'Twice test', 'Section 1');
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.getByRole('button', { name: 'Upload 2 questions' }).click();
    await page.getByTestId('addin-uploaded').waitFor();

    // The teacher adds a question in Word and uploads the document again.
    await changeFakeDocument(page, buildDocx({ body: [...first, '3. Light travels faster than sound.', 'Ans: True'] }));
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.getByRole('button', { name: 'Upload 3 questions' }).click();
    const notice = page.getByTestId('duplicates-notice');
    await notice.getByText('2 of the 3 questions are already in this test', { exact: false }).waitFor();
    await settled(page);
    await screenshot(page, 'addin-duplicates');
    await notice.getByTestId('duplicates-skip').click();
    await page.getByTestId('addin-uploaded').getByText('1 question added to Twice test · Section 1').waitFor();
    const test = await editor.get(testId);
    expect(test.sections[0].questions.map((q: any) => q.type)).toEqual(['multiple_choice', 'multiple_choice', 'true_false']);

    // In Korean, the same document once more: all of it is there; Cancel adds nothing.
    await page.getByTestId('addin-language').selectOption('ko');
    await page.getByRole('button', { name: '문서 확인' }).click();
    await page.getByRole('button', { name: '문항 3개 업로드' }).click();
    await notice.getByText('문항 3개가 모두 이미 이 시험에 있습니다', { exact: false }).waitFor();
    expect(await notice.getByTestId('duplicates-skip').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'addin-duplicates-ko');
    await notice.getByTestId('duplicates-cancel').click();
    await notice.waitFor({ state: 'detached' });
    expect((await editor.get(testId)).totalNumberOfQuestions).toBe(3);
    await page.context().close();
  }, 60_000);

  test('many problems and many questions stay readable in a narrow pane', async () => {
    const editor = await signInEditor(suite.server, PARSER_ON);
    await newTarget(
      editor,
      'A test with a very long name that does not fit in the task pane at all, not even close',
      'A section with a long name as well, to see it cut',
    );
    const body: Block[] = [];
    for (let n = 1; n <= 1200; n++) body.push(`${n}. Question number ${n}?`, '(a) Yes', '(b) No', n % 100 === 0 ? 'Ans: e' : 'Ans: a');
    const page = await openPane(editor.account, body);
    await chooseTarget(page, 'A test with a very long name', 'A section with a long name');
    await page.getByRole('button', { name: 'Check document' }).click();
    await page.locator('[data-testid=addin-upload][data-step=parsed]').waitFor({ timeout: 30_000 });
    // The twelve questions with a wrong answer are not counted.
    await page.getByTestId('word-summary').getByText('1188 questions found').waitFor();
    expect(await page.getByTestId('word-problem').count()).toBe(12);
    // The upload button stays in view below a long list.
    expect(await page.getByTestId('addin-upload-button').isVisible()).toBe(true);
    const box = await page.getByTestId('addin-upload-button').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PANE.height);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PANE.width);
    await screenshot(page, 'addin-many-problems');
    await page.context().close();
  }, 90_000);
});
