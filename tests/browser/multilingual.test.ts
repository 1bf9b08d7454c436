import type { Page } from 'playwright-core';
import { readyMcq, signInEditor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser, openNewTest } from '../support/browser';

describeInBrowser('multilingual tests in the editor', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  const toast = (text: string) => page.getByTestId('toast').getByText(text, { exact: true }).first();
  const errorTypes = () => page.getByTestId('validation-error').evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));

  test('languages chosen, a question translated, EMPTY_QUESTION shown and fixed, all kept after a reload', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { is_tb_test_enabled: true } });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    const testId = await openNewTest(page, editor, { test: { name: 'Geography' }, section: 'Capitals', questions: [readyMcq('<p>Capital of Vietnam?</p>')] });
    expect(await page.getByTestId('language-switch').count()).toBe(0);

    // Make it English + Vietnamese.
    await page.getByTestId('test-menu').click();
    await page.getByTestId('test-menu-languages').click();
    const dialog = page.getByTestId('languages-dialog');
    await dialog.getByTestId('multilingual-switch').click();
    await dialog.getByText('Choose at least two languages, or turn multilingual off.').waitFor();
    await dialog.getByRole('checkbox', { name: 'Vietnamese' }).check();
    await screenshot(page, 'multilingual-languages-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Updated Test Details Successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Vietnamese: not translated yet; adding is done in English; translate the question.
    await page.getByTestId('language-switch').getByRole('tab', { name: 'Vietnamese' }).click();
    await page.getByTestId('not-translated').getByText('Not translated into Vietnamese yet').waitFor();
    expect(await page.getByRole('button', { name: 'Add question', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    const translate = page.getByTestId('translation-dialog');
    await translate.getByText('Capital of Vietnam?').waitFor(); // the English text to translate from
    await translate.getByTestId('translation-text').click();
    await page.keyboard.type('Thủ đô của Việt Nam là gì?');
    await translate.getByTestId('translation-option-1').click();
    await page.keyboard.type('Bốn');
    await screenshot(page, 'multilingual-translate');
    await translate.getByRole('button', { name: 'Save' }).click();
    await toast('Question updated successfully.').waitFor();
    await translate.waitFor({ state: 'detached' });
    await page.getByTestId('question-text-view').getByText('Thủ đô của Việt Nam là gì?').waitFor();
    expect(await page.getByTestId('not-translated').count()).toBe(0);

    // A question written in Vietnamese only (as a Word import might bring): EMPTY_QUESTION.
    const current = await editor.get(testId);
    await editor.call('POST', '/api/v2/question/create', {
      testId,
      sectionId: current.sections[0]._id,
      version: current.version,
      questions: [{ type: 'integer', name: '', solution: '4', translations: { Vietnamese: { name: '<p>2 + 2 = ?</p>', solution: '' } } }],
    });
    await page.reload();
    await page.locator('[data-testid="validation-error"][data-type="EMPTY_QUESTION"]').getByText('Empty translation question').waitFor();
    await screenshot(page, 'multilingual-empty-question');
    // Its link goes to the question; in English it is empty and is filled there.
    await page.getByTestId('language-switch').getByRole('tab', { name: 'English' }).click();
    await page.locator('[data-testid="validation-error"][data-type="EMPTY_QUESTION"]').getByRole('button').click();
    await page.getByRole('button', { name: 'Edit question 2' }).click();
    await page.getByTestId('question-dialog').getByTestId('question-text').click();
    await page.keyboard.type('What is 2 + 2?');
    await page.getByTestId('question-dialog').getByRole('button', { name: 'Save' }).click();
    await toast('Question updated successfully.').waitFor();
    await page.locator('[data-testid="validation-error"][data-type="EMPTY_QUESTION"]').waitFor({ state: 'detached' });
    expect(await errorTypes()).toEqual([]);

    // Everything is stored: both languages of both questions.
    const stored = (await editor.get(testId)).sections[0].questions;
    expect(stored[0].translations.Vietnamese.name).toBe('<p>Thủ đô của Việt Nam là gì?</p>');
    expect(stored[0].translations.Vietnamese.options[1].name).toBe('<p>Bốn</p>');
    expect(stored[0].name).toBe('<p>Capital of Vietnam?</p>');
    expect([stored[1].name, stored[1].translations.Vietnamese.name]).toEqual(['<p>What is 2 + 2?</p>', '<p>2 + 2 = ?</p>']);
    await page.reload();
    await page.getByTestId('language-switch').getByRole('tab', { name: 'Vietnamese' }).click();
    await page.getByTestId('question-text-view').getByText('2 + 2 = ?').waitFor();
  });

  test('in Korean: languages, the switch and the translation dialog name the languages in Korean', async () => {
    const editor = await signInEditor(suite.server, { days: 60, flags: { is_tb_test_enabled: true } });
    const testId = await editor.newTest({ name: '지리' });
    const { section } = await editor.section(testId, { name: '수도' });
    const created = await editor.questions(testId, section._id, [readyMcq('<p>Capital of Vietnam?</p>')]);
    await editor.call('PATCH', '/api/v2/test/update', {
      testId,
      version: created.version,
      testType: 'TB_TEST',
      languages: ['English', 'Vietnamese', 'Korean'],
    });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'ko-KR' }));
    await openInEditor(page, editor.account, testId);
    const switcher = page.getByTestId('language-switch');
    // Accessible names: Fluent's tabs also hold a hidden bold copy of their text.
    const tabNames = async () => [...(await switcher.ariaSnapshot()).matchAll(/tab "([^"]+)"/g)].map((m) => m[1]);
    await switcher.getByRole('tab').first().waitFor();
    expect(await tabNames()).toEqual(['영어', '베트남어', '한국어']);
    await switcher.getByRole('tab', { name: '베트남어' }).click();
    await page.getByTestId('not-translated').getByText('아직 베트남어(으)로 번역되지 않음').waitFor();
    await screenshot(page, 'multilingual-switch-ko');
    await page.getByRole('button', { name: '1번 문제 편집' }).click();
    await page.getByTestId('translation-dialog').getByText('베트남어(으)로 번역').waitFor();
    await page.getByTestId('translation-dialog').getByText('베트남어(으)로 번역').hover(); // waits until the dialog stops moving in
    await screenshot(page, 'multilingual-translate-ko');
    await page.getByTestId('translation-dialog').getByRole('button', { name: '취소' }).click();
    await page.getByTestId('translation-dialog').waitFor({ state: 'detached' });

    // Korean removed: the switch follows, the first language is shown, and the dialog says so in Korean.
    await page.getByTestId('test-menu').click();
    await page.getByTestId('test-menu-languages').click();
    const dialog = page.getByTestId('languages-dialog');
    await dialog.getByRole('checkbox', { name: '한국어' }).uncheck();
    await screenshot(page, 'multilingual-languages-ko');
    await dialog.getByRole('button', { name: '저장' }).click();
    await dialog.waitFor({ state: 'detached' });
    await switcher.getByRole('tab', { name: '한국어' }).waitFor({ state: 'detached' });
    await switcher.getByRole('tab', { name: '베트남어' }).waitFor();
    expect(await tabNames()).toEqual(['영어', '베트남어']);
    await page.getByTestId('not-translated').getByText('아직 베트남어(으)로 번역되지 않음').waitFor();
  });

  test('in Korean; without the TB feature there is no language menu', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: 'No TB' });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: 'ko-KR' }));
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('test-menu').click();
    await page.getByTestId('test-menu-settings').waitFor();
    expect(await page.getByTestId('test-menu-languages').count()).toBe(0);
  });
});
