import type { Page } from 'playwright-core';
import { axeCollector } from '../support/axe';
import { seedReports } from '../support/seedAttempts';
import { everyType, publishWithAttempts } from '../support/studentTests';
import { signInEditor, type Editor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, enterApp, newPage, useServerAndBrowser, PORTAL_LANGUAGES } from '../support/browser';

/**
 * Issue 17: axe-core on the Results screen (and an answer sheet), the Report Dashboard, the print
 * view, and the student page (landing, the player with every question type, the submit dialog,
 * the result) in English, Vietnamese and Korean: no serious or critical violation.
 */

describeInBrowser('accessibility of results, reports, print and the student page (axe, issue 17)', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);
  let tutor: Editor;
  let testId: string;
  let sharedTestId: string;

  beforeAll(async () => {
    tutor = await signInEditor(suite.server, { days: 60 });
    const published = await publishWithAttempts(suite.server, tutor, { name: 'Every type quiz', sectionName: 'Part 1', attempts: 12 });
    ({ testId, sharedTestId } = published);
    const { questions, seeded } = published;
    await seedReports(suite.server.database.db, {
      orgId: tutor.account.orgId,
      testId,
      questionId: questions[0]._id,
      reasons: ['The key is wrong', 'Option 2 is also right'],
      seeded,
    });
  });

  const settle = async () => {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(600);
  };

  for (const { code, locale } of PORTAL_LANGUAGES) {
    test(`results and an answer sheet, the Report Dashboard, the print view (${code})`, async () => {
      ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
      const axe = axeCollector(() => page, { contrast: code === 'en' });
      await enterApp(page, tutor.account);

      await page.goto(`/home/local/results/${testId}`);
      await page.getByTestId('attempt-row').first().waitFor();
      await page.getByTestId('score-histogram').locator('.recharts-bar-rectangle').first().waitFor();
      await settle();
      await axe.check(`results (${code})`);
      await page.getByTestId('attempt-row').first().click();
      await page.getByTestId('answer-sheet').getByTestId('sheet-question').first().waitFor();
      await settle();
      await axe.check(`answer sheet (${code})`);
      await page.keyboard.press('Escape');

      await page.goto('/home/local/errorReports?statusType=REPORTED');
      await page.getByTestId('reported-question').first().waitFor();
      await settle();
      await axe.check(`report dashboard (${code})`);

      await page.goto(`/printPdf/${testId}`);
      await page.getByTestId('print-question').first().waitFor();
      await settle();
      await axe.check(`print view (${code})`);

      axe.expectNone();
    });

    test(`the student page: landing, every question type, mark for review, submit, result (${code})`, async () => {
      ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
      const axe = axeCollector(() => page, { contrast: code === 'en' });
      await page.goto(`/t/${sharedTestId}`);
      await page.getByTestId('student-name').waitFor();
      await axe.check(`student landing (${code})`);
      await page.getByTestId('student-name').fill(`Student ${code}`);
      await page.getByTestId('student-contact').fill(`a11y-${code}-${Date.now()}@example.com`);
      await page.getByTestId('student-identify').click();
      await page.getByTestId('student-start').waitFor();
      await axe.check(`student instructions (${code})`);
      await page.getByTestId('student-start').click();
      const question = page.getByTestId('student-question');
      await question.waitFor();
      for (let i = 0; i < everyType().length; i++) {
        await page.getByTestId('student-nav').nth(i).click();
        await page.waitForTimeout(300);
        await axe.check(`student player, question ${i + 1} (${code})`);
      }
      await page.getByTestId('student-mark').click();
      await page.getByTestId('student-report').click();
      await page.getByTestId('student-report-details').waitFor();
      await page.waitForTimeout(350);
      await axe.check(`student report dialog (${code})`);
      await page.keyboard.press('Escape');
      await page.getByTestId('student-report-details').waitFor({ state: 'detached' });
      await page.getByTestId('student-submit').click();
      await page.getByTestId('student-confirm-submit').waitFor();
      await page.waitForTimeout(350);
      await axe.check(`student submit dialog (${code})`);
      await page.getByTestId('student-confirm-submit').click();
      await page.getByTestId('student-result').waitFor();
      await page.waitForTimeout(500);
      await axe.check(`student result (${code})`);

      axe.expectNone();
    });
  }
});
