import type { Page } from 'playwright-core';
import { signInEditor } from '../support/testEditor';
import { png } from '../support/pictures';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser('pictures in questions', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  const dialog = () => page.getByTestId('question-dialog');
  const toast = (text: string) => page.getByTestId('toast').getByText(text, { exact: true }).first();
  /** The natural widths of the uploaded pictures in the locator (0 when one did not load). */
  const picturesShown = (root: ReturnType<Page['locator']>) =>
    root
      .locator('img[src^="/api/files/"]')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth));

  test('a picture chosen in the question text is uploaded, saved, shown after a reload and printed; other files are refused', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: 'Geometry' });
    await editor.section(testId, { name: 'Shapes' });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    await openInEditor(page, editor.account, testId);
    await page.getByRole('button', { name: 'Add question', exact: true }).click();

    await dialog().getByTestId('question-text').click();
    await page.keyboard.type('Which shape is drawn here? ');
    // A text file is refused before anything is sent.
    await dialog()
      .getByTestId('image-input')
      .first()
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toast('Pictures must be PNG, JPEG, GIF or WebP files.').waitFor();
    await dialog()
      .getByTestId('image-input')
      .first()
      .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: png(40, 30, [0, 120, 212]) });
    const inserted = dialog().getByTestId('question-text').locator('img[src^="/api/files/"]');
    await inserted.waitFor();
    expect(await inserted.getAttribute('src')).toMatch(/^\/api\/files\/[\w-]+\/[0-9a-f]{32}\.png$/);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="question-text"] img[src^="/api/files/"]') as HTMLImageElement | null)?.naturalWidth === 40,
    );
    await screenshot(page, 'picture-in-question-dialog');

    await dialog().getByTestId('option-text-0').click();
    await page.keyboard.type('A square');
    await dialog().getByTestId('option-text-1').click();
    await page.keyboard.type('A circle');
    await dialog().getByTestId('option-correct-0').click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await toast('Question added successfully.').waitFor();

    const card = page.getByTestId('question-card').first();
    await card.locator('img').waitFor();
    expect(await picturesShown(card)).toEqual([40]);
    await page.reload();
    await page.getByTestId('question-card').first().locator('img').waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="question-card"] img') as HTMLImageElement | null)?.naturalWidth === 40);
    await screenshot(page, 'picture-in-question-list');
    const stored = await editor.get(testId);
    expect(stored.sections[0].questions[0].name).toMatch(/<img src="\/api\/files\/[\w-]+\/[0-9a-f]{32}\.png"/);

    await page.goto(`/printPdf/${testId}`);
    await page.getByTestId('print-question').locator('img').waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="print-question"] img') as HTMLImageElement | null)?.naturalWidth === 40);
  });
});
