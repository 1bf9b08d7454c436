// Issue 17, the Trash: a tutor deletes a test, a folder and a question, undoes a delete from its
// toast, finds the rest in the Trash with where each was, restores them where they were, and
// deletes one for good; in English, Vietnamese and Korean, and on a 360 px phone.
import type { Page } from 'playwright-core';
import { createAccount } from '../support/testServer';
import { tutorApi } from '../support/tutorApi';
import { readyMcq } from '../support/testEditor';
import { formatDate } from '@shared/domain/dates';
import { closeEachPage, describeInBrowser, enterApp, newPage, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser('the Trash in the portal', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  /** A tutor with a folder holding a test, a test at the root, and a test with three questions. */
  async function arranged(locale?: string, phone = false) {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale }));
    // A tall window: the toasts (bottom right) stay clear of the rows' menus.
    await page.setViewportSize(phone ? { width: 360, height: 780 } : { width: 1280, height: 1000 });
    const account = await createAccount(suite.server, { days: 60 });
    const api = await tutorApi(suite.server, account);
    const biology = (await api('POST', '/api/folder', { name: 'Biology' }))._id as string;
    const cells = (await api('POST', '/api/v2/test/create', { name: 'Cells quiz', parentFolderId: biology }))._id as string;
    const chemistry = (await api('POST', '/api/v2/test/create', { name: 'Chemistry test' }))._id as string;
    const physics = (await api('POST', '/api/v2/test/create', { name: 'Physics paper' }))._id as string;
    const { section } = await api('POST', '/api/v2/test/section/create', { testId: physics, name: 'Part A' });
    await api('POST', '/api/v2/question/create', {
      testId: physics,
      sectionId: section._id,
      questions: [readyMcq('Speed of light'), readyMcq('Newton second law'), readyMcq('Unit of force')],
    });
    await enterApp(page, account);
    return { account, api, biology, cells, chemistry, physics };
  }

  const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
  const folderCard = (name: string) => page.getByTestId('folder-item').filter({ hasText: name });
  const testRow = (name: string) => page.getByTestId('test-list').getByTestId('test-item').filter({ hasText: name });
  const trashItem = (name: string) => page.getByTestId('trash-item').filter({ hasText: name });
  const menuOf = async (row: ReturnType<typeof folderCard>, action: string) => {
    await row.getByRole('button', { name: /^(Actions for|Thao tác cho)|작업$/ }).click();
    await page.locator(`[role="menuitem"][data-action="${action}"]`).click();
  };
  const questionNames = async (api: Awaited<ReturnType<typeof tutorApi>>, testId: string) =>
    (await api('GET', `/api/v2/test/${testId}`)).sections[0].questions.map((q: { name: string }) => q.name.replace(/<[^>]+>/g, ''));
  /** Nothing of the Trash's page is wider than the screen. */
  const overflow = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('[data-testid^="trash-"] *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        .map((el) => `${el.tagName}.${el.className}`.slice(0, 80));
      return { wide: wide.slice(0, 5) };
    });

  test('delete a test (and undo it), a folder and a question; find them in the Trash; restore them; delete one for good', async () => {
    const { api, physics } = await arranged();

    // A test: the toast offers Undo, which puts it back at once.
    await menuOf(testRow('Chemistry test'), 'delete');
    const confirm = page.getByTestId('delete-dialog');
    await confirm.getByText('Delete the test “Chemistry test”? It goes to the Trash, where you can restore it for 30 days.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Test(s) deleted successfully').waitFor();
    await testRow('Chemistry test').waitFor({ state: 'detached' });
    await page.waitForTimeout(500); // the toast's entrance
    await screenshot(page, 'trash-undo-toast-en');
    await toast('Test(s) deleted successfully').getByTestId('toast-undo').click();
    await toast('Restored from the Trash').waitFor();
    await testRow('Chemistry test').waitFor();

    // Now for real: the test, then the folder with its test inside.
    await menuOf(testRow('Chemistry test'), 'delete');
    await page.getByTestId('delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await testRow('Chemistry test').waitFor({ state: 'detached' });
    await menuOf(folderCard('Biology'), 'delete');
    await page.getByTestId('delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Folder(s) deleted successfully').waitFor();
    await folderCard('Biology').waitFor({ state: 'detached' });

    // A question, in the editor.
    await page.goto(`/home/local/editTest/${physics}`);
    await page.getByTestId('question-card').first().waitFor();
    await page.getByRole('button', { name: 'Delete question 2', exact: true }).click();
    await page.getByTestId('question-delete-dialog').getByText('Delete this question? It goes to the Trash, where you can restore it for 30 days.').waitFor();
    await page.getByTestId('question-delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Questions deleted Successfully').waitFor();
    await page.getByTestId('editor-total-questions').filter({ hasText: 'Questions: 2' }).waitFor();
    expect(await questionNames(api, physics)).toEqual(['Speed of light', 'Unit of force']);
    // Undo in the editor: the question is back at its place, on screen too.
    await toast('Questions deleted Successfully').getByTestId('toast-undo').click();
    await page.getByTestId('editor-total-questions').filter({ hasText: 'Questions: 3' }).waitFor();
    await page.getByTestId('question-card').nth(1).getByText('Newton second law').waitFor();
    expect(await questionNames(api, physics)).toEqual(['Speed of light', 'Newton second law', 'Unit of force']);
    await page.getByRole('button', { name: 'Delete question 2', exact: true }).click();
    await page.getByTestId('question-delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('editor-total-questions').filter({ hasText: 'Questions: 2' }).waitFor();

    // The Trash, from the library.
    await page.goto('/home/local/0');
    await page.getByTestId('open-trash').click();
    await page.waitForURL('**/home/local/trash');
    await page.getByTestId('trash-list').waitFor();
    expect(await page.getByTestId('trash-item').count()).toBe(3);
    // Dates as the library shows them: the user's region's format, in the UI language.
    const { user } = await api('GET', '/api/auth/user');
    const today = formatDate(new Date(), user.region.dateTimeStamp, 'en');
    await trashItem('Newton second law').getByText('Was in Physics paper › Part A').waitFor();
    await trashItem('Biology').getByText('Was in My Library').waitFor();
    await trashItem('Chemistry test').getByText('30 days left').waitFor();
    expect(await trashItem('Biology').innerText()).toContain(`Deleted ${today}`);
    expect(await trashItem('Cells quiz').count()).toBe(0);
    await page.getByTestId('trash-count').getByText('3 items').waitFor();
    await screenshot(page, 'trash-list-en');

    // Restore the question: back at its place, the totals right.
    await trashItem('Newton second law').getByTestId('trash-restore').click();
    await toast('Restored from the Trash').waitFor();
    await trashItem('Newton second law').waitFor({ state: 'detached' });
    expect(await questionNames(api, physics)).toEqual(['Speed of light', 'Newton second law', 'Unit of force']);
    expect((await api('GET', `/api/v2/test/${physics}`)).totalNumberOfQuestions).toBe(3);

    // Restore the folder (with its test) and the test.
    await trashItem('Biology').getByTestId('trash-restore').click();
    await trashItem('Biology').waitFor({ state: 'detached' });
    await trashItem('Chemistry test').getByTestId('trash-restore').click();
    await page.getByTestId('trash-empty').waitFor();
    await page.getByText('The Trash is empty').waitFor();
    await screenshot(page, 'trash-empty-en');

    await page.getByRole('link', { name: 'Back to the library' }).click();
    await folderCard('Biology').waitFor();
    await testRow('Chemistry test').waitFor();
    await folderCard('Biology').getByRole('link', { name: 'Biology' }).click();
    await testRow('Cells quiz').waitFor();

    // Delete for good, after a confirmation.
    await page.goto('/home/local/0');
    await menuOf(testRow('Chemistry test'), 'delete');
    await page.getByTestId('delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await testRow('Chemistry test').waitFor({ state: 'detached' });
    await page.getByTestId('open-trash').click();
    await trashItem('Chemistry test').getByTestId('trash-delete').click();
    const forever = page.getByTestId('trash-delete-dialog');
    await forever.getByText('“Chemistry test” will be deleted for good. This cannot be undone.').waitFor();
    await screenshot(page, 'trash-delete-forever-en');
    await forever.getByRole('button', { name: 'Delete forever' }).click();
    await toast('Deleted for good').waitFor();
    await page.getByTestId('trash-empty').waitFor();
    expect((await api('GET', '/api/trash')).total).toBe(0);
  });

  test('in Vietnamese, in Korean on a 360 px phone: the Trash lists, dates and restores in the language', async () => {
    for (const [locale, phone, text] of [
      [
        'vi-VN',
        false,
        {
          title: 'Thùng rác',
          question: 'Vị trí cũ: Physics paper › Part A',
          folder: 'Vị trí cũ: Thư viện của tôi',
          days: 'Còn 30 ngày',
          restored: 'Đã khôi phục từ Thùng rác',
          deleteQuestion: 'Xóa câu 2',
          confirm: 'Xóa',
          empty: 'Thùng rác trống',
        },
      ],
      [
        'ko-KR',
        true,
        {
          title: '휴지통',
          question: '원래 위치: Physics paper › Part A',
          folder: '원래 위치: 내 라이브러리',
          days: '30일 남음',
          restored: '휴지통에서 복원했습니다',
          deleteQuestion: '2번 문제 삭제',
          confirm: '삭제',
          empty: '휴지통이 비어 있습니다',
        },
      ],
    ] as const) {
      const lang = locale.slice(0, 2);
      const { api, physics, biology, chemistry } = await arranged(locale, phone);
      await api('DELETE', '/api/folder', { folderIds: [biology] });
      await api('DELETE', '/api/test', { testIds: [chemistry] });
      await page.goto(`/home/local/editTest/${physics}`);
      await page.getByTestId('question-card').first().waitFor();
      await page.getByRole('button', { name: text.deleteQuestion, exact: true }).click();
      await page.getByTestId('question-delete-dialog').getByRole('button', { name: text.confirm }).click();
      await page.getByTestId('toast-undo').waitFor();
      await page.waitForTimeout(500); // the toast's entrance
      await screenshot(page, `trash-undo-toast-${lang}${phone ? '-360' : ''}`);

      await page.goto('/home/local/trash');
      await page.getByRole('heading', { name: text.title }).waitFor();
      await trashItem('Newton second law').getByText(text.question).waitFor();
      await trashItem('Biology').getByText(text.folder).waitFor();
      await trashItem('Chemistry test').getByText(text.days).waitFor();
      const today = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date());
      expect(await trashItem('Biology').innerText()).toContain(today);
      expect(await overflow()).toEqual({ wide: [] });
      await screenshot(page, `trash-list-${lang}${phone ? '-360' : ''}`);

      for (const name of ['Newton second law', 'Biology', 'Chemistry test']) {
        await trashItem(name).getByTestId('trash-restore').click();
        await trashItem(name).waitFor({ state: 'detached' });
      }
      await toast(text.restored).first().waitFor();
      await page.getByText(text.empty).waitFor();
      expect(await overflow()).toEqual({ wide: [] });
      await screenshot(page, `trash-empty-${lang}${phone ? '-360' : ''}`);
      expect(await questionNames(api, physics)).toEqual(['Speed of light', 'Newton second law', 'Unit of force']);
      await page.context().close();
    }
  });
});
