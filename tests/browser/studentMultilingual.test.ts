import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { signInEditor, type Editor } from '../support/testEditor';
import { phone, publishMultilingualTest } from '../support/studentTests';
import { pdfText } from '../support/pdfText';
import { closeEachPage, describeInBrowser, newPage, screenshot, useServerAndBrowser, openPrintView } from '../support/browser';

// Issue 17: a multilingual test on the student page (a language switch that keeps answers and the
// timer, the result in the chosen language), in print and its PDF (one language, or all of them),
// and the test's uploaded fonts on the student page.

const PDF_WAIT_MS = 40_000;
const FONT_FILE = '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf';

describeInBrowser('multilingual tests for students and in print', () => {
  const suite = useServerAndBrowser({ pdfTimeoutMs: 75_000 });
  let page: Page;
  closeEachPage(() => page);
  let tutor: Editor;
  beforeAll(async () => {
    tutor = await signInEditor(suite.server, { days: 60, flags: { is_tb_test_enabled: true } });
  });

  const question = () => page.getByTestId('student-question');
  const switcher = () => page.getByTestId('student-content-language');
  const choose = (name: string) => switcher().getByRole('radio', { name }).click();
  const optionTexts = () => question().getByTestId('student-option').allInnerTexts();
  const checkedOption = () =>
    question()
      .getByTestId('student-option')
      .evaluateAll((labels) => labels.filter((l) => l.querySelector('input')!.checked).map((l) => (l as HTMLElement).innerText.trim()));
  const seconds = async () => {
    const [m, s] = (await page.getByTestId('student-timer').innerText()).split(':').map(Number);
    return m * 60 + s;
  };

  async function identifyAndStart(name: string) {
    await page.getByTestId('student-name').fill(name);
    await page.getByTestId('student-contact').fill(`${name.replace(/\W/g, '').toLowerCase()}@example.com`);
    await page.getByTestId('student-identify').click();
    await page.getByTestId('student-start').click();
    await question().waitFor();
  }

  test('a student switches language mid-test: answers and timer kept, the choice survives a reload, the result scores right in the chosen language', async () => {
    const { sharedTestId } = await publishMultilingualTest(suite.server, tutor, {
      settings: { showAnswers: true, showSolutions: true, revealAnswersTime: 'now' },
    });
    // A Vietnamese browser starts in Vietnamese: the test has it.
    page = await phone(suite.browser, suite.server.baseUrl, 'vi-VN', 360);
    await page.goto(`/t/${sharedTestId}`);
    await page.getByTestId('student-landing').waitFor();
    await switcher().getByRole('radio', { name: 'Tiếng Việt' }).waitFor();
    // Each language named in itself, whatever the page's language.
    expect(await switcher().getByRole('radio').allInnerTexts()).toEqual(['English', 'Tiếng Việt', '한국어']);
    expect(await switcher().getByRole('radio', { name: 'Tiếng Việt' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('heading', { name: 'Thủ đô' }).waitFor();
    await screenshot(page, 'student-multilingual-landing-vi-360');
    await identifyAndStart('Minh Tran');

    await question().getByText('Thủ đô của Việt Nam là gì?').waitFor();
    expect(await optionTexts()).toEqual(['Huế', 'Hà Nội', 'Sài Gòn']);
    await question().getByTestId('student-option').filter({ hasText: 'Hà Nội' }).click();
    await screenshot(page, 'student-multilingual-question-vi-360');
    await page.waitForTimeout(1200); // a second of the timer passes
    const before = await seconds();

    // Korean: the same question and the same choice; Saigon has no Korean text and shows in English.
    await choose('한국어');
    await question().getByText('베트남의 수도는 어디입니까?').waitFor();
    expect(await optionTexts()).toEqual(['후에', '하노이', 'Saigon']);
    expect(await checkedOption()).toEqual(['하노이']);
    const after = await seconds();
    expect(after).toBeLessThanOrEqual(before);
    expect(before - after).toBeLessThan(5); // the timer runs on, not restarted
    await screenshot(page, 'student-multilingual-question-ko-360');

    // The second question is not in Korean: its English text.
    await page.getByTestId('student-next').click();
    await question().getByText('Seoul is the capital of Korea.').waitFor();
    await question().getByTestId('student-option').filter({ hasText: 'True' }).click();
    await page.locator('[data-testid="student-save-status"][data-state="saved"]').waitFor();

    // A reload keeps Korean, the answers and the place.
    await page.reload();
    await question().getByText('Seoul is the capital of Korea.').waitFor();
    expect(await switcher().getByRole('radio', { name: '한국어' }).getAttribute('aria-checked')).toBe('true');
    expect(await checkedOption()).toEqual(['True']);
    await page.getByTestId('student-previous').click();
    await question().getByText('베트남의 수도는 어디입니까?').waitFor();
    expect(await checkedOption()).toEqual(['하노이']);

    // English, then submit: both answers right.
    await choose('English');
    await question().getByText('What is the capital of Vietnam?').waitFor();
    expect(await checkedOption()).toEqual(['Hanoi']);
    await page.mouse.move(0, 700);
    await page.waitForTimeout(500); // the switch's buttons finish their colour change
    await screenshot(page, 'student-multilingual-question-en-360');
    await page.getByTestId('student-submit').click();
    await page.getByTestId('student-confirm-submit').click();
    await page.getByTestId('student-result').waitFor();
    expect(await page.getByTestId('student-score').innerText()).toBe('2 / 2');
    await page.getByTestId('student-result-question').first().getByText('Hanoi has been the capital since 1976.').waitFor();

    // The answer review in Vietnamese: question, options and solution.
    await choose('Tiếng Việt');
    const review = page.getByTestId('student-result-question').first();
    await review.getByText('Thủ đô của Việt Nam là gì?').waitFor();
    await review.getByText('Hà Nội là thủ đô từ năm 1976.').waitFor();
    await review.getByText('Hà Nội', { exact: true }).waitFor();
    expect(await page.getByTestId('student-score').innerText()).toBe('2 / 2');
    await screenshot(page, 'student-multilingual-result-vi-360');
  });

  test('an English page: the test starts in English; Korean page and Korean test', async () => {
    const { sharedTestId } = await publishMultilingualTest(suite.server, tutor);
    page = await phone(suite.browser, suite.server.baseUrl, 'en-US');
    await page.goto(`/t/${sharedTestId}`);
    await page.getByRole('heading', { name: 'Capitals' }).waitFor();
    expect(await switcher().getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await page.context().close();

    page = await phone(suite.browser, suite.server.baseUrl, 'ko-KR');
    await page.goto(`/t/${sharedTestId}`);
    await page.getByRole('heading', { name: '수도' }).waitFor();
    await switcher().getByText('시험 언어').waitFor();
    await identifyAndStart('Kim Jisoo');
    await question().getByText('베트남의 수도는 어디입니까?').waitFor();
    // The Korean text is drawn in the Korean font the portal ships.
    await page.waitForFunction(() => document.fonts.check('16px "Noto Sans KR"', '하노이'));
    await screenshot(page, 'student-multilingual-question-ko');
  });

  test('the student page draws the test in its uploaded font, as the editor and print do', async () => {
    const form = new FormData();
    form.append('name', 'School Serif');
    form.append('uploaded_file', new Blob([new Uint8Array(fs.readFileSync(FONT_FILE))]), 'school.ttf');
    const uploaded = await fetch(`${suite.server.baseUrl}/api/v2/parserfont/upload`, {
      method: 'POST',
      body: form,
      headers: { 'x-access-token': tutor.token },
    });
    expect(uploaded.status).toBe(200);
    const { sharedTestId } = await publishMultilingualTest(suite.server, tutor, { name: 'Fonts', fonts: ['School Serif'] });
    page = await phone(suite.browser, suite.server.baseUrl, 'en-US');
    await page.goto(`/t/${sharedTestId}`);
    await page.getByTestId('student-landing').waitFor();
    await identifyAndStart('Font Student');
    await question().getByText('What is the capital of Vietnam?').waitFor();
    await page.waitForFunction(() => document.fonts.check('16px "School Serif"'));
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'School Serif' && font.status === 'loaded');
    });
    expect(loaded).toBe(true);
    const family = await question()
      .getByText('What is the capital of Vietnam?')
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family.split(',')[0].replace(/"/g, '').trim()).toBe('School Serif');
    await screenshot(page, 'student-test-font');
  });

  test('print in one language and in all of them side by side; the PDF follows the choice', async () => {
    const { testId } = await publishMultilingualTest(suite.server, tutor, { name: 'World capitals' });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openPrintView(page, tutor.account, testId);
    const paper = page.getByTestId('print-paper');
    await paper.getByText('What is the capital of Vietnam?').waitFor();
    expect(await page.getByTestId('print-translation').count()).toBe(0);

    // Vietnamese only.
    await page.getByTestId('print-language').selectOption('Vietnamese');
    await paper.getByText('Thủ đô của Việt Nam là gì?').waitFor();
    expect(await paper.getByText('What is the capital of Vietnam?').count()).toBe(0);
    await paper.getByRole('heading', { name: 'Thủ đô' }).waitFor();
    await screenshot(page, 'print-multilingual-vi');
    const pdfOf = async () => {
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: PDF_WAIT_MS }), page.getByTestId('export-pdf').click()]);
      // pdf.js gives Vietnamese letters decomposed (u + combining hook): compared composed.
      return (await pdfText(fs.readFileSync((await download.path())!))).join('\n').normalize('NFC');
    };
    const vietnamese = await pdfOf();
    for (const expected of ['Thủ đô của Việt Nam là gì?', 'Hà Nội', 'Sài Gòn', 'Seoul là thủ đô của Hàn Quốc.'])
      expect({ expected, found: vietnamese.includes(expected) }).toEqual({ expected, found: true });
    expect(vietnamese).not.toContain('What is the capital of Vietnam?');

    // All languages: each question followed by its translations (Korean has no second question: left out).
    await page.getByTestId('print-language').selectOption('all');
    const first = page.getByTestId('print-question').first();
    await first.getByText('베트남의 수도는 어디입니까?').waitFor();
    expect(await first.getByTestId('print-translation').evaluateAll((els) => els.map((el) => el.getAttribute('data-language')))).toEqual([
      'English',
      'Vietnamese',
      'Korean',
    ]);
    expect(await page.getByTestId('print-question').nth(1).getByTestId('print-translation').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('all');
    await page.getByRole('switch', { name: 'With answer key' }).check();
    await page.waitForTimeout(300); // the switch finishes moving
    await screenshot(page, 'print-multilingual-all');
    const all = await pdfOf();
    for (const expected of [
      'What is the capital of Vietnam?',
      'Thủ đô của Việt Nam là gì?',
      '베트남의 수도는 어디입니까?',
      'Seoul is the capital of Korea.',
      'Answer: B',
    ])
      expect({ expected, found: all.includes(expected) }).toEqual({ expected, found: true });
    // In reading order: the English question, then its translations, then the next question.
    expect(all.indexOf('What is the capital of Vietnam?')).toBeLessThan(all.indexOf('Thủ đô của Việt Nam là gì?'));
    expect(all.indexOf('베트남의 수도는 어디입니까?')).toBeLessThan(all.indexOf('Seoul is the capital of Korea.'));
  });

  test('the print language choice in Korean', async () => {
    const { testId } = await publishMultilingualTest(suite.server, tutor, { name: 'Capitals KO' });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'ko-KR' }));
    await openPrintView(page, tutor.account, testId, '?lang=Korean');
    await page.getByTestId('print-paper').getByText('베트남의 수도는 어디입니까?').waitFor();
    expect(await page.getByTestId('print-language').locator('option').allInnerTexts()).toEqual(['영어', '베트남어', '한국어', '모든 언어']);
    await screenshot(page, 'print-multilingual-ko');
  });
});
