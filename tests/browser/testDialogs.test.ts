import type { Page } from 'playwright-core';
import { readyMcq, signInEditor, type Editor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser("The editor's test dialogs", () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  async function open(locale?: string): Promise<{ editor: Editor; testId: string; sections: string[] }> {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await editor.newTest({ name: 'Physics final', parentFolderId: '0', isGlobal: false });
    const sections: string[] = [];
    for (const name of ['Mechanics', 'Optics']) {
      const { section } = await editor.section(testId, { name });
      sections.push(section._id);
      await editor.questions(testId, section._id, [readyMcq('Q one'), readyMcq('Q two')]);
    }
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('sections-panel').waitFor();
    return { editor, testId, sections };
  }

  const toast = (text: string) => page.getByTestId('toast').getByText(text, { exact: true }).first();
  async function openDialog(name: string, testId: string) {
    // On a loaded machine a click can land while the last dialog's exit still holds the focus and
    // the menu closes again at once: open it again rather than wait the whole timeout.
    const item = page.getByTestId(`test-menu-${name}`);
    for (let tries = 1; ; tries++) {
      await page.getByTestId('test-menu').click();
      const shown = await item.waitFor({ timeout: 8_000 }).then(
        () => true,
        () => false,
      );
      if (shown || tries === 3) break;
    }
    await item.click();
    await page.getByTestId(testId).waitFor();
    return page.getByTestId(testId);
  }
  /** Saves and waits until the dialog has gone (a click during its exit would land on its backdrop). */
  async function saveDialog(testId: string) {
    await page
      .getByTestId(testId)
      .getByRole('button', { name: /^(Save|Lưu|저장)$/ })
      .click();
    await page.getByTestId(testId).waitFor({ state: 'detached' });
  }

  test('details, instructions, duration, attempts, grades and fonts are saved with their toasts and survive a reload', async () => {
    const { editor, testId } = await open();
    await editor.call('POST', '/api/folder', { name: 'Term 2', details: '', parentFolderId: '0', isGlobal: false });

    // Details: name, digits-only hours and minutes, tags, folder.
    const details = await openDialog('details', 'details-dialog');
    await details.getByTestId('details-name').fill('Physics final (revised)');
    const minutes = details.getByLabel('Minutes');
    await minutes.fill('');
    await minutes.pressSequentially('4x5');
    expect(await minutes.inputValue()).toBe('45');
    await details.getByLabel('Hours').fill('1');
    await details.getByTestId('tags-input').fill('waves');
    await page.keyboard.press('Enter');
    await details.getByTestId('tags-input').fill('grade 11,');
    await details.getByTestId('tags-chips').getByText('grade 11').waitFor();
    await details.getByTestId('details-folders').getByRole('button', { name: 'Term 2' }).click();
    await details.getByTestId('details-folder-choice').getByText('The test moves to Term 2.').waitFor();
    await screenshot(page, 'test-dialog-details');
    await saveDialog('details-dialog');
    await toast('Updated Test Details Successfully').waitFor();
    await page.getByTestId('editor-test-name').getByText('Physics final (revised)').waitFor();

    // Instructions (rich text).
    await openDialog('instructions', 'instructions-dialog');
    await page.getByTestId('test-instructions').click();
    await page.keyboard.type('Answer every question. Calculators allowed.');
    await saveDialog('instructions-dialog');
    await toast('Updated Test Instructions Successfully').waitFor();

    // Attempts: 3.
    const attempts = await openDialog('attempts', 'attempts-dialog');
    await attempts.getByRole('radio', { name: 'A fixed number of attempts' }).check();
    await attempts.getByTestId('attempts-count').fill('3');
    await saveDialog('attempts-dialog');
    await toast('Updated Test Details Successfully').waitFor();

    // Grades: an overlap is shown and blocks saving; fixed, it saves.
    const grades = await openDialog('grades', 'grades-dialog');
    for (const [name, from, to] of [
      ['A', '80', '100'],
      ['B', '60', '80'],
    ]) {
      await grades.getByRole('button', { name: 'Add grade' }).click();
      const row = grades.getByTestId('grade-row').last();
      await row.getByLabel('Grade', { exact: true }).fill(name);
      await row.getByLabel('From').fill(from);
      await row.getByLabel('To').fill(to);
    }
    await grades.getByTestId('grades-problem').getByText('Grade 2 overlaps grade A.').waitFor();
    expect(await grades.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await screenshot(page, 'test-dialog-grades-overlap');
    await grades.getByTestId('grade-row').last().getByLabel('To').fill('79.99');
    await saveDialog('grades-dialog');
    await toast('Grades Updated').waitFor();

    // Fonts.
    const fonts = await openDialog('fonts', 'fonts-dialog');
    await fonts.getByLabel('Font name').fill('Mangal');
    await fonts.getByRole('button', { name: 'Add font' }).click();
    // Checked as the Word upload checks a document's fonts: Mangal comes with Windows.
    await fonts.getByTestId('font-row').filter({ hasText: 'Mangal' }).getByText('Available').waitFor();
    await saveDialog('fonts-dialog');
    await toast('Test Settings Updated Successfully').waitFor();

    // Everything is stored: the API and a reload agree.
    const stored = await editor.get(testId);
    expect(stored).toMatchObject({
      name: 'Physics final (revised)',
      duration: (1 * 60 + 45) * 60000,
      tags: ['waves', 'grade 11'],
      attempts: 3,
      grades: [
        { name: 'A', from: 80, to: 100 },
        { name: 'B', from: 60, to: 79.99 },
      ],
      settings: { fonts: { list: [{ face: 'Mangal', supported: true }] } },
    });
    expect(stored.parentFolder).not.toBe('0');
    expect(stored.instructions).toContain('Calculators allowed.');
    await page.reload();
    const reopened = await openDialog('details', 'details-dialog');
    expect(await reopened.getByTestId('details-name').inputValue()).toBe('Physics final (revised)');
    expect(await reopened.getByLabel('Minutes').inputValue()).toBe('45');
    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached' });
    const duration = await openDialog('duration', 'duration-dialog');
    expect(await duration.getByLabel('Hours').inputValue()).toBe('1');
    await duration.getByLabel('Hours').fill('0');
    await duration.getByLabel('Minutes').fill('0');
    await duration.getByText('A test needs a duration of at least one minute.').waitFor();
    expect(await duration.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  }, 90_000);

  test('settings follow the rules of spec section 4 in Vietnamese: RTG blocks section switching, reveal later turns multiple view off', async () => {
    const { editor, testId, sections } = await open('vi');
    const settings = await openDialog('settings', 'settings-dialog');
    // RTG on, with a total above what a section holds: a warning and no saving.
    await settings.getByTestId('setting-rtg').click();
    const totals = settings.getByTestId('rtg-sections').getByRole('textbox');
    await totals.nth(0).fill('5');
    await totals.nth(1).fill('1');
    await settings.getByTestId('rtg-warning').getByText('Mechanics chỉ có 2 câu hỏi: đề ngẫu nhiên không thể lấy nhiều hơn.').waitFor();
    expect(await settings.getByRole('button', { name: 'Lưu' }).isDisabled()).toBe(true);
    await totals.nth(0).fill('2');
    // Section switching cannot be turned off while RTG is on.
    await settings.getByTestId('setting-section-switching').click();
    await settings.getByTestId('settings-refusal').getByText('Hãy tắt RTG trước, sau đó thay đổi cài đặt này, rồi tạo lại bài kiểm tra ngẫu nhiên.').waitFor();
    expect(await settings.getByTestId('setting-section-switching').isChecked()).toBe(true);
    // Reveal later turns multiple view off; now turns it on.
    const reveal = (name: string) => settings.getByTestId('setting-reveal-time').getByRole('radio', { name }).check();
    await reveal('Sau này');
    expect(await settings.getByTestId('setting-multiple-view').isChecked()).toBe(false);
    await reveal('Ngay sau bài kiểm tra');
    expect(await settings.getByTestId('setting-multiple-view').isChecked()).toBe(true);
    await reveal('Sau này');
    expect(await settings.getByTestId('setting-multiple-view').isChecked()).toBe(false);
    await settings.getByTestId('setting-shuffle').getByRole('radio', { name: 'Trộn cả hai' }).check();
    await screenshot(page, 'test-dialog-settings-vi');
    // The sample report opens in the tutor's language.
    const href = new URL((await settings.getByTestId('sample-report-link').getAttribute('href'))!);
    expect([href.pathname, href.searchParams.get('lang'), await settings.getByTestId('sample-report-link').getAttribute('target')]).toEqual([
      '/samples/sample-report.html',
      'vi',
      '_blank',
    ]);
    const sample = await page.request.get(`${suite.server.baseUrl}${href.pathname}`);
    expect(sample.status()).toBe(200);
    expect(await sample.text()).toContain('Bài kiểm tra mẫu');
    await saveDialog('settings-dialog');
    await toast('Đã cập nhật cài đặt bài kiểm tra').waitFor();

    const stored = await editor.get(testId);
    expect(stored.settings).toMatchObject({
      generateRandomTest: true,
      settingsForRTG: { [sections[0]]: { totalQuestions: 2 }, [sections[1]]: { totalQuestions: 1 } },
      revealAnswersTime: 'later',
      isSolutionMultipleViewEnabled: false,
      shuffleQuestions: true,
      shuffleOptions: true,
      orderOfQuestions: 'shuffle_both',
    });
  });
});
