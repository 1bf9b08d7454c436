import type { Locator, Page } from 'playwright-core';
import { readyMcq, signInEditor } from '../support/testEditor';
import { closeEachPage, describeInBrowser, enterApp, newPage, screenshot, useServerAndBrowser, openNewTest } from '../support/browser';

/**
 * Issue 17: "Cancel on a changed form asks before throwing the change away". Every form dialog
 * asks "Discard changes?" when Cancel or Escape is used after a change, and closes at once when
 * nothing changed; Keep editing goes back to the form with the change in it.
 */
describeInBrowser('Discard changes? on the form dialogs (issue 17)', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  const question = () => page.getByTestId('discard-changes-dialog');
  const cancelOf = (dialog: Locator) => dialog.getByRole('button', { name: /^(Cancel|Hủy|취소)$/ });

  /** A form dialog (by its test id) and how it opens: the given controls clicked in turn, then the dialog shown. */
  const dialogOpenedBy = (testId: string, ...controls: Locator[]) => {
    const dialog = page.getByTestId(testId);
    const open = async () => {
      for (const control of controls) await control.click();
      await dialog.waitFor();
      return dialog;
    };
    return { dialog, open };
  };

  /** Closing an unchanged dialog (Cancel, then Escape) asks nothing. */
  async function closesWithoutAsking(open: () => Promise<Locator>) {
    let dialog = await open();
    await cancelOf(dialog).click();
    await dialog.waitFor({ state: 'detached' });
    dialog = await open();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await question().count()).toBe(0);
  }

  async function editorOn(locale: string) {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
    const tutor = await signInEditor(suite.server, { days: 60 });
    const testId = await openNewTest(page, tutor, {
      test: { name: 'Waves quiz', parentFolderId: '0', isGlobal: false },
      section: 'Part 1',
      questions: [readyMcq('Q one')],
    });
    return { tutor, testId };
  }

  test('library (EN): the folder dialog asks after a change; Keep editing keeps it, Discard throws it away', async () => {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl));
    const tutor = await signInEditor(suite.server, { days: 60 });
    await enterApp(page, tutor.account);
    const { dialog, open } = dialogOpenedBy('folder-dialog', page.getByTestId('new-folder').first());
    await closesWithoutAsking(open);

    await open();
    await dialog.getByRole('textbox').first().fill('Term 3');
    await page.keyboard.press('Escape');
    await question().getByText('Discard changes?').waitFor();
    await question().getByText('Your changes in this form are not saved. If you close it now, they are lost.').waitFor();
    await screenshot(page, 'discard-changes-en');
    await question().getByRole('button', { name: 'Keep editing' }).click();
    await question().waitFor({ state: 'detached' });
    expect(await dialog.getByRole('textbox').first().inputValue()).toBe('Term 3');

    await cancelOf(dialog).click();
    await question().waitFor();
    // Escape answers the question (keep editing), not the form behind it.
    await page.keyboard.press('Escape');
    await question().waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);

    // Typed and put back as it was: nothing changed, nothing asked.
    await dialog.getByRole('textbox').first().fill('');
    await cancelOf(dialog).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await question().count()).toBe(0);

    await open();
    await dialog.getByRole('textbox').first().fill('Term 4');
    await cancelOf(dialog).click();
    await question().getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('folder-item').count()).toBe(0);
  });

  test('editor (VI): the question dialog, the section dialog and the test settings ask in Vietnamese', async () => {
    await editorOn('vi-VN');
    // Question dialog.
    const { dialog: questionDialog, open: openQuestion } = dialogOpenedBy('question-dialog', page.getByTestId('add-question'));
    await closesWithoutAsking(openQuestion);
    await openQuestion();
    await questionDialog.getByTestId('question-text').click();
    await page.keyboard.type('Sóng là gì?');
    await cancelOf(questionDialog).click();
    await question().getByText('Bỏ các thay đổi?').waitFor();
    await screenshot(page, 'discard-changes-vi');
    await question().getByRole('button', { name: 'Bỏ thay đổi' }).click();
    await questionDialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('question-card').count()).toBe(1);

    // Section dialog.
    const { dialog: sectionDialog, open: openSection } = dialogOpenedBy('section-dialog', page.getByRole('button', { name: 'Chi tiết phần Part 1' }));
    await closesWithoutAsking(openSection);
    await openSection();
    await sectionDialog.getByRole('textbox').first().fill('Phần 1');
    await page.keyboard.press('Escape');
    await question().getByText('Bỏ các thay đổi?').waitFor();
    await question().getByRole('button', { name: 'Tiếp tục chỉnh sửa' }).click();
    await sectionDialog.getByRole('button', { name: 'Lưu' }).click();
    await sectionDialog.waitFor({ state: 'detached' });
    await page.getByTestId('section-name').filter({ hasText: 'Phần 1' }).waitFor();

    // Test settings: a switch.
    const { dialog: settings, open: openSettings } = dialogOpenedBy('settings-dialog', page.getByTestId('test-menu'), page.getByTestId('test-menu-settings'));
    await closesWithoutAsking(openSettings);
    await openSettings();
    await settings.getByRole('switch').first().click();
    await cancelOf(settings).click();
    await question().getByText('Bỏ các thay đổi?').waitFor();
    await question().getByRole('button', { name: 'Bỏ thay đổi' }).click();
    await settings.waitFor({ state: 'detached' });
  });

  test('editor (KO): test details ask in Korean; the free-test dialog saves itself and asks only when a change cannot be saved', async () => {
    await editorOn('ko-KR');
    const { dialog: details, open: openDetails } = dialogOpenedBy('details-dialog', page.getByTestId('test-menu'), page.getByTestId('test-menu-details'));
    await closesWithoutAsking(openDetails);
    await openDetails();
    await details.getByTestId('details-name').fill('파동 퀴즈');
    await page.keyboard.press('Escape');
    await question().getByText('변경 내용을 버릴까요?').waitFor();
    await screenshot(page, 'discard-changes-ko');
    await question().getByRole('button', { name: '변경 내용 버리기' }).click();
    await details.waitFor({ state: 'detached' });
    await page.getByTestId('editor-test-name').getByText('Waves quiz').waitFor();

    // A tag chip is a change too.
    await openDetails();
    await details.getByTestId('tags-input').fill('물리,');
    await details.getByTestId('tags-chips').getByText('물리').waitFor();
    await cancelOf(details).click();
    await question().getByText('변경 내용을 버릴까요?').waitFor();
    await question().getByRole('button', { name: '변경 내용 버리기' }).click();
    await details.waitFor({ state: 'detached' });

    // The free-test dialog saves a valid change by itself: closing asks nothing.
    const freeTest = page.getByTestId('free-test-dialog');
    await page.getByTestId('editor-free-test').click();
    await freeTest.getByTestId('free-test-link').waitFor();
    await page.keyboard.press('Escape');
    await freeTest.waitFor({ state: 'detached' });
    expect(await question().count()).toBe(0);
    // An attempts count that cannot be saved (empty) would be lost: it asks.
    await page.getByTestId('editor-free-test').click();
    await freeTest.getByTestId('free-test-link').waitFor();
    await freeTest.getByTestId('free-test-attempts').getByRole('radio').nth(1).check();
    await freeTest.getByTestId('free-test-count').fill('');
    await freeTest.getByRole('alert').or(freeTest.locator('[id*=validationMessage]')).first().waitFor();
    await freeTest.getByTestId('free-test-close').click();
    await question().getByText('변경 내용을 버릴까요?').waitFor();
    await question().getByRole('button', { name: '계속 편집' }).click();
    expect(await freeTest.isVisible()).toBe(true);
  });
});
