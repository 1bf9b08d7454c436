import type { Page } from 'playwright-core';
import { createUser } from '@server/modules/orgs/commands';
import { createAccount } from '../support/testServer';
import { tutorApi } from '../support/tutorApi';
import { closeEachPage, describeInBrowser, enterApp, newPage, screenshot, useServerAndBrowser } from '../support/browser';

describeInBrowser('My Library and Global Library in the portal', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  closeEachPage(() => page);

  async function signedIn(options: { locale?: string; flags?: Record<string, boolean>; clpEditor?: boolean } = {}) {
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: options.locale }));
    const account = await createAccount(suite.server, { days: 60, flags: options.flags, clpEditor: options.clpEditor });
    const api = await tutorApi(suite.server, account);
    return { account, api, enter: () => enterApp(page, account) };
  }

  const toast = (text: string | RegExp) => page.getByTestId('toast').getByText(text);
  const folderCard = (name: string) => page.getByTestId('folder-item').filter({ hasText: name });
  const testRow = (name: string | RegExp) => page.getByTestId('test-list').getByTestId('test-item').filter({ hasText: name });
  const menuOf = async (row: ReturnType<typeof folderCard>, action: string) => {
    await row.getByRole('button', { name: /^(Actions for|Thao tác cho)|작업$/ }).click();
    await page.locator(`[role="menuitem"][data-action="${action}"]`).click();
  };

  test('browse: empty state, create folders to any depth, breadcrumbs, rename, and New Test opens the editor', async () => {
    const { api, enter } = await signedIn();
    await enter();
    await page.getByTestId('library-empty').waitFor();
    await screenshot(page, 'library-empty');

    await page.getByRole('button', { name: 'New Folder' }).first().click();
    const dialog = page.getByTestId('folder-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await dialog.getByLabel(/Folder name/).fill('   Mathematics  ');
    await dialog.getByLabel('Details').fill('Grade 9');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('Folder created').waitFor();
    await folderCard('Mathematics').waitFor();

    await folderCard('Mathematics').getByRole('link', { name: 'Mathematics' }).click();
    await page.getByTestId('library-empty').waitFor();
    for (const name of ['Algebra', 'Linear equations']) {
      await page.getByRole('button', { name: 'New Folder' }).first().click();
      await page
        .getByTestId('folder-dialog')
        .getByLabel(/Folder name/)
        .fill(name);
      await page.getByTestId('folder-dialog').getByRole('button', { name: 'Create' }).click();
      await folderCard(name).getByRole('link', { name }).click();
    }
    const crumbs = page.getByTestId('breadcrumbs');
    await crumbs.getByText('Linear equations').waitFor();
    expect((await crumbs.innerText()).split(/\s*\n\s*/).filter(Boolean)).toEqual(['My Library', 'Mathematics', 'Algebra', 'Linear equations']);
    await crumbs.getByRole('button', { name: 'Mathematics' }).click();
    await folderCard('Algebra').waitFor();
    expect(page.url()).toMatch(/\/home\/local\/[^/]+$/);

    await menuOf(folderCard('Algebra'), 'edit');
    await page
      .getByTestId('folder-dialog')
      .getByLabel(/Folder name/)
      .fill('Algebra I');
    await page.getByTestId('folder-dialog').getByRole('button', { name: 'Save' }).click();
    await folderCard('Algebra I').waitFor();

    await page.getByRole('button', { name: 'New Test' }).first().click();
    await page.waitForURL(/\/home\/local\/editTest\/[^/]+$/);
    const testId = page.url().split('/').pop()!;
    const root = await api('GET', '/api/folder/childrens/0?showRecent=true');
    expect(root.folders.folderArray.map((f: { name: string; details: string }) => [f.name, f.details])).toEqual([['Mathematics', 'Grade 9']]);
    expect(root.recentTests.map((t: { _id: string; name: string; duration: number }) => [t._id, t.name, t.duration])).toEqual([
      [testId, 'New Test', 30 * 60_000],
    ]);
  });

  test('select many, select all with exclusions, move and delete; a folder cannot move into itself', async () => {
    const { api, enter } = await signedIn();
    const source = await api('POST', '/api/folder', { name: 'Source' });
    const target = await api('POST', '/api/folder', { name: 'Target' });
    const sub = await api('POST', '/api/folder', { name: 'Sub', parentFolderId: source._id });
    for (let i = 1; i <= 12; i += 1) await api('POST', '/api/v2/test/create', { name: `Quiz ${String(i).padStart(2, '0')}`, parentFolderId: source._id });
    await enter();
    await page.goto(`/home/local/${source._id}`);
    await testRow('Quiz').first().waitFor();
    expect(await page.getByTestId('test-list').getByTestId('test-item').count()).toBe(10);
    await page.getByText('Showing 10 of 12').waitFor();
    await page.getByTestId('load-more-tests').click();
    await page.getByTestId('test-list').getByTestId('test-item').nth(11).waitFor();
    expect(await page.getByTestId('load-more-tests').count()).toBe(0);

    // Ticking every item one by one flips to all-selected mode.
    const boxes = page.getByRole('checkbox', { name: /^Select (Sub|Quiz)/ });
    expect(await boxes.count()).toBe(13);
    for (let i = 0; i < 13; i += 1) await boxes.nth(i).check();
    await page.getByTestId('selected-count').getByText('13 selected').waitFor();
    expect(await page.getByTestId('select-all').isChecked()).toBe(true);
    // Unticking in that mode excludes; the count follows.
    await page.getByRole('checkbox', { name: 'Select Quiz 05' }).uncheck();
    await page.getByRole('checkbox', { name: 'Select Sub' }).uncheck();
    await page.getByTestId('selected-count').getByText('11 selected').waitFor();
    await screenshot(page, 'library-selection');

    // Move the selection (all but Sub and Quiz 05) into Target; the move dialog cannot enter Sub.
    await page.getByTestId('selection-bar').getByRole('button', { name: 'Move' }).click();
    const move = page.getByTestId('move-dialog');
    await move.getByText('Move 11 items').waitFor();
    await move.getByRole('button', { name: 'Source' }).click();
    expect(await move.getByRole('button', { name: 'Sub' }).isDisabled()).toBe(false); // excluded from the move: may receive it
    await move.getByRole('button', { name: 'My Library' }).click();
    await move.getByRole('button', { name: 'Target' }).click();
    await move.getByRole('button', { name: 'Move here' }).click();
    await toast('Moved successfully').waitFor();
    await page.getByText('Tests (1)').waitFor();
    const moved = await api('GET', `/api/folder/childrens/${target._id}?testLimit=100`);
    expect(moved.tests.testCount).toBe(11);
    expect(moved.tests.testsArray.map((t: { name: string }) => t.name)).not.toContain('Quiz 05');

    // A folder's own menu: it cannot be moved into itself.
    await menuOf(folderCard('Sub'), 'move');
    await page.getByTestId('move-dialog').getByRole('button', { name: 'Source' }).click();
    expect(await page.getByTestId('move-dialog').getByRole('button', { name: 'Sub' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('move-dialog').waitFor({ state: 'detached' });

    // Delete a folder and a test together, after a confirmation.
    await page.getByRole('checkbox', { name: 'Select Sub' }).check();
    await page.getByRole('checkbox', { name: 'Select Quiz 05' }).check();
    await page.getByTestId('selection-bar').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByTestId('delete-dialog');
    await confirm.getByText('Delete 1 folder(s) and 1 test(s)? They go to the Trash, where you can restore them for 30 days.').waitFor();
    await screenshot(page, 'library-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Folder(s) deleted successfully').waitFor();
    await page.getByTestId('library-empty').waitFor();
    const left = await api('GET', `/api/folder/childrens/${source._id}`);
    expect([left.folders.folderCount, left.tests.testCount]).toEqual([0, 0]);
    expect(sub._id).toBeTruthy();
  });

  test('search and tag filter narrow the lists; select all acts on what matches only', async () => {
    const { api, enter } = await signedIn();
    const box = await api('POST', '/api/folder', { name: 'Box' });
    await api('POST', '/api/folder', { name: 'Algebra notes', parentFolderId: box._id });
    for (const [name, tags] of [
      ['Algebra easy', ['easy']],
      ['Algebra hard', ['hard']],
      ['Geometry easy', ['easy']],
    ] as const) {
      await api('POST', '/api/v2/test/create', { name, tags, parentFolderId: box._id });
    }
    await enter();
    await page.goto(`/home/local/${box._id}`);
    await testRow('Geometry easy').waitFor();
    await page.getByPlaceholder('Search folders and tests').fill('algebra');
    await page.getByText('Tests (2)').waitFor();
    await folderCard('Algebra notes').waitFor();
    await page.getByTestId('tag-filter').click();
    // Fluent's multiselect options are menuitemcheckbox elements.
    await page.getByRole('menuitemcheckbox', { name: 'easy' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('Tests (1)').waitFor();
    expect(await page.getByTestId('folder-item').count()).toBe(0);
    await screenshot(page, 'library-filtered');
    await page.getByTestId('select-all').click();
    await page.getByTestId('selection-bar').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Test(s) deleted successfully').waitFor();
    const left = await api('GET', `/api/folder/childrens/${box._id}?testLimit=100`);
    expect(left.tests.testsArray.map((t: { name: string }) => t.name).sort()).toEqual(['Algebra hard', 'Geometry easy']);
    expect(left.folders.folderCount).toBe(1);
    await page.getByPlaceholder('Search folders and tests').fill('nothing like this');
    await page.getByTestId('library-empty').getByText('No matches').waitFor();
  });

  test('a search at the top finds tests and folders anywhere below, each saying where it lives (issue 14)', async () => {
    const { api, enter } = await signedIn();
    const maths = await api('POST', '/api/folder', { name: 'Maths' });
    const algebra = await api('POST', '/api/folder', { name: 'Algebra', parentFolderId: maths._id });
    await api('POST', '/api/folder', { name: 'Trig revision', parentFolderId: algebra._id });
    await api('POST', '/api/v2/test/create', { name: 'Revision quiz on quadratics', parentFolderId: algebra._id });
    await enter();
    await page.getByPlaceholder('Search folders and tests').fill('revision');
    await testRow('Revision quiz on quadratics').getByTestId('item-location').getByText('in Maths › Algebra').waitFor();
    await folderCard('Trig revision').getByTestId('item-location').getByText('in Maths › Algebra').waitFor();
    await screenshot(page, 'library-search-below');
  });

  test('share with a tutor of the organisation, copy a test, and link tests to chapters and batches (in Vietnamese)', async () => {
    const { account, api, enter } = await signedIn({ locale: 'vi-VN' });
    const colleague = await createUser(suite.server.database.db, {
      orgCode: account.orgCode,
      email: `colleague-${account.orgCode}@example.com`,
      name: 'Cô Lan',
      password: 'correct-horse-1',
    });
    const test = await api('POST', '/api/v2/test/create', { name: 'Đề kiểm tra 15 phút', tags: ['toán'] });
    await enter();
    await testRow('Đề kiểm tra 15 phút').waitFor();

    await menuOf(testRow('Đề kiểm tra 15 phút'), 'share');
    const share = page.getByTestId('share-dialog');
    await share.getByRole('checkbox', { name: /Cô Lan/ }).check();
    await screenshot(page, 'library-share-vi');
    await share.getByRole('button', { name: 'Chia sẻ' }).click();
    await toast('Đã chia sẻ thành công').waitFor();
    const theirs = await tutorApi(suite.server, { orgCode: account.orgCode, email: colleague.user.email, password: 'correct-horse-1' });
    const received = await theirs('GET', '/api/folder/childrens/0');
    expect(received.tests.testsArray.map((t: { name: string; isSharedTest: boolean }) => [t.name, t.isSharedTest])).toEqual([['Đề kiểm tra 15 phút', true]]);

    await menuOf(testRow('Đề kiểm tra 15 phút'), 'copy');
    const copy = page.getByTestId('copy-dialog');
    expect(await copy.getByRole('textbox').inputValue()).toBe('Bản sao của Đề kiểm tra 15 phút');
    await copy.getByRole('button', { name: 'Sao chép' }).click();
    await testRow('Bản sao của Đề kiểm tra 15 phút').waitFor();

    await menuOf(testRow(/^Đề kiểm tra 15 phút/), 'link');
    const link = page.getByTestId('link-dialog');
    await link.getByLabel('Môn học').selectOption({ label: 'Mathematics' });
    await link.getByLabel('Tên chương mới').fill('Phương trình bậc hai');
    await link.getByRole('button', { name: 'Thêm' }).click();
    await link.getByRole('checkbox', { name: 'Phương trình bậc hai' }).waitFor();
    await link.getByRole('tab', { name: /Lớp/ }).click();
    await link.getByLabel('Tên lớp mới').fill('Lớp 9A');
    await link.getByRole('button', { name: 'Thêm' }).click();
    expect(await link.getByRole('checkbox', { name: 'Lớp 9A' }).isChecked()).toBe(true);
    await screenshot(page, 'library-link-vi');
    await link.getByRole('button', { name: 'Liên kết' }).click();
    await toast('Đã liên kết thành công').waitFor();
    const row = page
      .getByTestId('test-list')
      .getByTestId('test-item')
      .filter({ has: page.getByTestId('chapter-link') });
    await row.getByText('Phương trình bậc hai').waitFor();
    await row.getByText('Lớp 9A').waitFor();
    expect(await row.getAttribute('data-id')).toBe(test._id);
    await screenshot(page, 'library-vi');
  });

  test('Global Library: read-only for a user who is not a CLP editor, who copies a test into My Library', async () => {
    const editor = await createAccount(suite.server, { days: 60, flags: { is_shared_global: true }, clpEditor: true });
    const asEditor = await tutorApi(suite.server, editor);
    const stamp = Date.now();
    const shelf = await asEditor('POST', '/api/folder', { name: `Global shelf ${stamp}`, isGlobal: true });
    await asEditor('POST', '/api/v2/test/create', { name: `Olympiad ${stamp}`, parentFolderId: shelf._id, isGlobal: true });

    const { api, enter } = await signedIn({ flags: { is_shared_global: true } });
    await enter();
    await page.getByRole('tab', { name: 'Global Library' }).click();
    await page.waitForURL('**/home/global/0');
    await page.getByTestId('read-only-badge').waitFor();
    expect(await page.getByRole('button', { name: 'New Folder' }).count()).toBe(0);
    await folderCard(`Global shelf ${stamp}`).getByRole('link').click();
    await testRow(`Olympiad ${stamp}`).waitFor();
    expect(await page.getByTestId('selection-bar').count()).toBe(0);
    await testRow(`Olympiad ${stamp}`)
      .getByRole('button', { name: /^Actions for/ })
      .click();
    const offered = await page.getByRole('menuitem').allInnerTexts();
    // Read-only: open, preview as a student, copy; no move, share, link, free test or delete.
    expect(offered).toEqual(['Open', 'Preview as a student', 'Copy to My Library']);
    await page.getByRole('menuitem', { name: 'Copy to My Library' }).click();
    await page.getByTestId('copy-dialog').getByRole('button', { name: 'Copy' }).click();
    await toast('Test copied to My Library').waitFor();
    const mine = await api('GET', '/api/folder/childrens/0');
    expect(mine.tests.testsArray.map((t: { name: string; isGlobal: boolean }) => [t.name, t.isGlobal])).toEqual([[`Copy of Olympiad ${stamp}`, false]]);
    await screenshot(page, 'library-global-read-only');
  });

  test('an unknown folder empties the lists and shows the error; long names stay on one line (Korean)', async () => {
    const { api, enter } = await signedIn({ locale: 'ko-KR' });
    const long = '아주 긴 폴더 이름 '.repeat(20).trim().slice(0, 200);
    await api('POST', '/api/folder', { name: long });
    for (let i = 0; i < 3; i += 1) await api('POST', '/api/v2/test/create', { name: `${'매우 긴 시험 이름 '.repeat(15)}${i}`, tags: ['중간고사'] });
    await enter();
    await page.getByTestId('folder-item').first().waitFor();
    const card = await page.getByTestId('folder-item').first().boundingBox();
    expect(card!.height).toBeLessThan(80);
    await screenshot(page, 'library-ko-long-names');
    await page.goto('/home/local/no-such-folder');
    await page.getByTestId('library-error').waitFor();
    await page.getByTestId('toast').first().waitFor();
    expect(await page.getByTestId('folder-item').count()).toBe(0);
    await screenshot(page, 'library-error-ko');
  });
});
