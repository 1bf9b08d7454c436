import type { Page } from 'playwright-core';
import { signInEditor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, newPage, openInEditor, useServerAndBrowser } from '../support/browser';

describeInBrowser('GPSC-type questions', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  async function open(allowGpsc: boolean) {
    const editor = await signInEditor(suite.server, { days: 60, flags: { allow_gpsc_type: allowGpsc } });
    const testId = await editor.newTest({ name: 'GPSC' });
    await editor.section(testId, { name: 'Prelims' });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openInEditor(page, editor.account, testId);
    await page.getByRole('button', { name: 'Add question', exact: true }).click();
    return { editor, testId };
  }

  test("where allowed, a multiple-choice question made GPSC-type carries 'Not attempted'", async () => {
    const { editor, testId } = await open(true);
    const dialog = page.getByTestId('question-dialog');
    await dialog.getByTestId('question-text').click();
    await page.keyboard.type('Largest planet?');
    await dialog.getByTestId('option-text-0').click();
    await page.keyboard.type('Jupiter');
    await dialog.getByTestId('option-text-1').click();
    await page.keyboard.type('Mars');
    await dialog.getByTestId('option-correct-0').click();
    await dialog.getByTestId('gpsc-type').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('question-card').first().getByText('Not attempted').waitFor();
    const [question] = (await editor.get(testId)).sections[0].questions;
    expect([question.isGpscType, question.options.map((o: { name: string }) => o.name)]).toEqual([true, ['<p>Jupiter</p>', '<p>Mars</p>', 'Not attempted']]);
  });

  test('elsewhere the choice is not offered', async () => {
    await open(false);
    await page.getByTestId('question-dialog').getByTestId('question-text').waitFor();
    expect(await page.getByTestId('gpsc-type').count()).toBe(0);
  });
});
