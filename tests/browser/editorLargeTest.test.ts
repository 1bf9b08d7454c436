import type { Page } from 'playwright-core';
import { readyMcq, signInEditor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser('a section of 200 questions', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  test('the list is virtual: a window of cards, scrolling reaches the last, a validation link brings a far question into view', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: 'Question bank' });
    const { section } = await editor.section(testId, { name: 'Everything' });
    const questions = Array.from({ length: 200 }, (_, i) =>
      i === 149
        ? { type: 'multiple_choice', name: '<p>Question 150 has no correct option</p>', options: [{ name: 'a' }, { name: 'b' }] }
        : readyMcq(`<p>Question ${i + 1}: $x^{${i + 1}}$</p>`),
    );
    await editor.questions(testId, section._id, questions.slice(0, 100));
    await editor.questions(testId, section._id, questions.slice(100));
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('question-card').first().waitFor();
    const cards = page.getByTestId('question-card');
    expect(await page.getByTestId('question-list').locator('ol[data-virtual="true"]').count()).toBe(1);
    expect(await cards.count()).toBeLessThan(40);

    // Scrolling to the end renders the last question.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByText('Question 200:').waitFor();
    expect(await cards.count()).toBeLessThan(40);

    // Back at the top, the link of the far question's error scrolls to it and highlights it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByText('Question 1:', { exact: false }).first().waitFor();
    await page.locator('[data-testid="validation-error"][data-type="MCQ_ONE_ANS"]').getByRole('button').click();
    const far = page.locator('[data-testid="question-card"]').filter({ hasText: 'Question 150 has no correct option' });
    await far.waitFor();
    await page.waitForFunction(() => {
      const card = [...document.querySelectorAll('[data-testid="question-card"]')].find((el) => el.textContent?.includes('Question 150 has no correct option'));
      if (!card) return false;
      const box = card.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight + 1;
    });
    expect(await far.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await screenshot(page, 'editor-long-section-link');
  });
});
