import type { Page } from 'playwright-core';
import { readyMcq, signInEditor } from '../support/testEditor';
import { describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser, CONTEXT_DEFAULTS, moveAnswerKey } from '../support/browser';

/**
 * Issue 6's whole loop, every step in the real portal: a tutor publishes a free test by link, a
 * student on a phone takes it and reports a question whose key is wrong, the tutor corrects it in
 * the Report Dashboard and publishes with re-evaluate, and the student's result changes.
 */
describeInBrowser('the correction loop', () => {
  const suite = useServerAndBrowser();

  test('publish by link, a student takes it on a phone and reports, the tutor corrects and re-evaluates, the result changes', async () => {
    const tutor = await signInEditor(suite.server, { days: 60 });
    const testId = await tutor.newTest({ name: 'Planets' });
    const { section } = await tutor.section(testId, { name: 'Solar system' });
    // The key is wrong: Jupiter is the largest planet.
    await tutor.questions(testId, section._id, [
      {
        type: 'multiple_choice',
        name: '<p>Which is the largest planet?</p>',
        options: [{ name: 'Saturn', isCorrect: true }, { name: 'Jupiter' }, { name: 'Mars' }],
      },
      readyMcq('<p>What is 2 + 2?</p>'),
    ]);

    // The tutor publishes it from the editor's bar, opening now.
    const { page: tutorPage, context: tutorContext } = await newPage(suite.browser, suite.server.baseUrl);
    await openInEditor(tutorPage, tutor.account, testId);
    await tutorPage.getByTestId('editor-free-test').click();
    const dialog = tutorPage.getByTestId('free-test-dialog');
    await dialog.locator('[data-testid="free-test-state"][data-state="created"]').waitFor();
    // Five minutes ago, not one: the start it was created with ("now") is shown to the minute, and a
    // minute ago could read the same once a minute had turned (no change, so no update: a CI failure).
    const now = await tutorPage.evaluate(() => {
      const d = new Date(Date.now() - 5 * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await dialog.getByTestId('free-test-start').fill(now);
    await dialog.locator('[data-testid="free-test-state"][data-state="updated"]').waitFor();
    const link = await dialog.getByTestId('free-test-link').inputValue();
    expect(link).toMatch(/\/t\/[\w-]+$/);
    await tutorPage.keyboard.press('Escape');

    // A student on a phone: identifies, answers Jupiter (marked wrong by the key) and 4, submits.
    const phoneContext = await suite.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: true });
    phoneContext.setDefaultTimeout(10_000);
    const student: Page = await phoneContext.newPage();
    await student.goto(link);
    await student.getByTestId('student-name').fill('Minh Tran');
    await student.getByTestId('student-contact').fill('minh@example.com');
    await student.getByTestId('student-identify').click();
    await student.getByTestId('student-start').click();
    const question = student.getByTestId('student-question');
    await question
      .getByTestId('student-option')
      .filter({ hasText: /^Jupiter$/ })
      .click();
    await student.getByTestId('student-next').click();
    await question.getByTestId('student-option').filter({ hasText: /^4$/ }).click();
    await student.getByTestId('student-save-status').getByText('All answers saved').waitFor();
    await student.getByTestId('student-submit').click();
    await student.getByTestId('student-confirm-submit').click();
    await student.getByTestId('student-result').waitFor();
    expect(await student.getByTestId('student-score').innerText()).toBe('1 / 2');

    // The student reports the first question from the result page.
    await student.getByTestId('student-result-question').nth(0).getByTestId('student-report').click();
    await student.getByTestId('student-report-details').fill('Jupiter is the largest');
    await student.getByTestId('student-report-send').click();
    await student.getByTestId('student-report-sent').waitFor();
    await student.getByRole('button', { name: 'Close' }).first().click();

    // The tutor corrects the key in the Report Dashboard and publishes with re-evaluate.
    await tutorPage.goto('/home/local/0');
    await tutorPage.getByRole('tab', { name: /Report Dashboard/ }).click();
    const card = tutorPage.getByTestId('reported-question').first();
    await card.getByText('Jupiter is the largest', { exact: false }).waitFor();
    await moveAnswerKey(card.getByTestId('edit-to-resolve'), 0, 1);
    await card.getByTestId('save-and-resolve').click();
    const publish = tutorPage.getByTestId('publish-dialog');
    expect(await publish.getByTestId('publish-option-RE_EVALUATE').isChecked()).toBe(true);
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await tutorPage.getByTestId('toast').getByText('Successfully Published Questions').first().waitFor();

    // The student's result, read again: the new score, and that it changed.
    await student.reload();
    await student.getByTestId('student-result').waitFor();
    expect(await student.getByTestId('student-score').innerText()).toBe('2 / 2');
    await student.getByTestId('student-score-changed').getByText('Your score was changed after a correction by your tutor (it was 1).').waitFor();
    await screenshot(student, 'correction-loop-student-result');
    await phoneContext.close();
    await tutorContext.close();
  });
});
