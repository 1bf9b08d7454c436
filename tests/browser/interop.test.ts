import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { useTempFiles } from '../support/tempFiles';
import { signInEditor, type Editor } from '../support/testEditor';
import { png } from '../support/pictures';
import { closeEachPage, describeInBrowser, newPage, openInEditor, screenshot, useServerAndBrowser } from '../support/browser';

/** A Moodle XML bank: a category, a picture, each kind of question we read, and an essay we cannot hold. */
const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Rivers of Asia</text></category></question>
  <question type="multichoice"><name><text>Longest</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which river is the longest in Asia?</p><p><img src="@@PLUGINFILE@@/map.png" width="80" height="60"></p>]]></text>
      <file name="map.png" path="/" encoding="base64">${png(40, 30, [0, 120, 212]).toString('base64')}</file></questiontext>
    <defaultgrade>2</defaultgrade><single>true</single>
    <answer fraction="0"><text>Mekong</text></answer><answer fraction="100"><text>Yangtze</text></answer><answer fraction="0"><text>Ganges</text></answer>
  </question>
  <question type="truefalse"><name><text>Delta</text></name><questiontext format="html"><text><![CDATA[<p>The Mekong ends in a delta in Việt Nam.</p>]]></text></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
  <question type="numerical"><name><text>Length</text></name><questiontext format="html"><text><![CDATA[<p>How long is the Mekong, in thousands of km?</p>]]></text></questiontext>
    <answer fraction="100"><text>4.9</text><tolerance>0.1</tolerance></answer></question>
  <question type="essay"><name><text>Essay</text></name><questiontext format="html"><text><![CDATA[<p>Describe a river.</p>]]></text></questiontext></question>
</quiz>
`;

/** The same bank in GIFT, in Vietnamese and Korean. */
const GIFT = `$CATEGORY: Sông ngòi

::Sông dài nhất:: Sông nào dài nhất châu Á? {~Mê Kông =Trường Giang ~Hằng}

::한강:: 한강은 서울을 지난다. {T}

::Mê Kông:: Sông Mê Kông chảy qua sáu quốc gia{T}.

::Bad:: Question without answers {}
`;

describeInBrowser('questions in and out: importing a file, exporting a test', () => {
  const suite = useServerAndBrowser();
  let page: Page;
  const writeFile = useTempFiles('interop-');
  closeEachPage(() => page);

  const dialog = () => page.getByTestId('interop-import-dialog');
  /** Fonts and pictures loaded, animations over: what a person would see. */
  const settle = async () => {
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
  };

  async function openEditor(editor: Editor, name: string, options: { locale?: string; phone?: boolean } = {}) {
    const testId = await editor.newTest({ name });
    await editor.section(testId, { name: 'Part A' });
    ({ page } = await newPage(suite.browser, suite.server.baseUrl, { locale: options.locale }));
    if (options.phone) await page.setViewportSize({ width: 360, height: 780 });
    await openInEditor(page, editor.account, testId);
    await page.getByTestId('questions-empty').waitFor();
    return testId;
  }

  async function importFile(name: string, body: string) {
    const file = writeFile(name, body);
    await page.getByTestId('interop-import-open').click();
    await dialog().getByTestId('interop-file-input').setInputFiles(file);
    await dialog().getByTestId('interop-preview').waitFor();
  }

  async function exportAs(formatLabel: RegExp) {
    await page.getByTestId('test-menu').click();
    await page.getByTestId('test-menu-export').click();
    const exporting = page.getByTestId('interop-export-dialog');
    await exporting.getByLabel(formatLabel).check();
    const [download] = await Promise.all([page.waitForEvent('download'), exporting.locator('button[type=submit]').click()]);
    await exporting.getByTestId('interop-downloaded').waitFor();
    return { exporting, download, bytes: fs.readFileSync((await download.path())!) };
  }

  test('English: a Moodle file previewed with its problems, imported with its picture, then the test exported as GIFT', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    const testId = await openEditor(editor, 'Rivers quiz');
    await importFile('rivers.xml', MOODLE);
    await dialog().getByText('Moodle XML: 3 questions found').waitFor();
    const problem = dialog().getByTestId('interop-problem').filter({ hasText: 'Question 4' });
    await problem.getByText(/A question type we do not have/).waitFor();
    expect(await dialog().getByTestId('interop-question').count()).toBe(3);
    // The file's picture shows small in the preview, before anything is stored (issue 29).
    const thumbnail = dialog().getByTestId('interop-question').first().getByTestId('preview-picture');
    expect(await thumbnail.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.waitForFunction(() => (document.querySelector('[data-testid="interop-question"] img') as HTMLImageElement | null)?.naturalWidth === 40);
    await settle();
    await screenshot(page, 'interop-import-preview-en');

    await dialog().getByTestId('interop-import-submit').click();
    await dialog().getByTestId('interop-imported').getByText('3 questions imported.').waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await page.getByText('Which river is the longest in Asia?').waitFor();
    // The picture was stored as an upload and shows.
    const picture = page.getByTestId('question-list').locator('img').first();
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(/^\/api\/files\/[\w-]+\/[0-9a-f]{32}\.png$/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    const stored = await editor.get(testId);
    expect(stored.sections[0].questions.map((q: { type: string }) => q.type)).toEqual(['multiple_choice', 'true_false', 'fill_ups']);

    const { exporting, download, bytes } = await exportAs(/GIFT/);
    expect(download.suggestedFilename()).toBe('Rivers quiz.gift.txt');
    expect(bytes.toString('utf8')).toContain('::Q2::[html]<p>The Mekong ends in a delta in Việt Nam.</p>{TRUE}');
    // The stored picture goes out inside the file, as GIFT holds pictures: a data: URL.
    expect(bytes.toString('utf8')).toContain('<img src\\="data\\:image/png;base64,');
    await exporting.getByTestId('interop-losses').getByText("No marks: 1 question's marks dropped (1)").waitFor();
    await settle();
    await screenshot(page, 'interop-export-en');
  });

  test('Vietnamese: a GIFT file imported into its own sections; the test exported as a QTI package', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    await openEditor(editor, 'Địa lý châu Á', { locale: 'vi-VN' });
    await importFile('song.gift', GIFT);
    await dialog().getByText('GIFT: tìm thấy 3 câu hỏi').waitFor();
    // A true/false statement is its question's text, with nothing of the answer block left in it.
    expect(await dialog().getByTestId('interop-question').allInnerTexts()).toEqual([
      expect.stringContaining('Sông nào dài nhất châu Á?'),
      expect.stringContaining('한강은 서울을 지난다.'),
      expect.stringMatching(/^Sông Mê Kông chảy qua sáu quốc gia\.\n/),
    ]);
    // The essay left out says why in Vietnamese, not in the API's English.
    const essay = dialog().getByTestId('interop-problem').filter({ hasText: 'Câu 4' });
    await essay.getByText('Câu hỏi tự luận (trả lời bằng bài viết): Testforge không có loại câu hỏi này.').waitFor();
    expect(await essay.innerText()).not.toMatch(/have no place/);
    // The Korean statement is drawn in a Korean font on the Vietnamese screen (it showed only its "." where the computer has none).
    await page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Noto Sans KR') && face.status === 'loaded'));
    await dialog().getByLabel('Vào các phần của chính tệp').check();
    await settle();
    await screenshot(page, 'interop-import-preview-vi');
    await dialog().getByTestId('interop-import-submit').click();
    await dialog().getByTestId('interop-imported').waitFor();
    await dialog().getByRole('button', { name: 'Đóng' }).click();
    await page.getByText('Sông nào dài nhất châu Á?').waitFor();
    await page.getByTestId('selected-section-title').getByText('Sông ngòi').waitFor();

    const { exporting, download, bytes } = await exportAs(/QTI 3\.0/);
    expect(download.suggestedFilename()).toBe('Địa lý châu Á.qti.zip');
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['imsmanifest.xml', 'tests/test.xml', 'items/Q1.xml', 'items/Q2.xml']));
    expect(strFromU8(files['tests/test.xml'])).toContain('title="Sông ngòi"');
    await exporting.getByTestId('interop-no-losses').waitFor();
    await settle();
    await screenshot(page, 'interop-export-vi');
  });

  test('Korean at phone width (360 px): the import dialog and the export dialog fit', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    await openEditor(editor, '지리 퀴즈 — 긴 시험 이름이 좁은 화면에서 어떻게 보이는지', { locale: 'ko-KR', phone: true });
    await importFile('rivers.xml', MOODLE);
    await dialog().getByText('Moodle XML: 문항 3개를 찾았습니다').waitFor();
    await settle();
    await screenshot(page, 'interop-import-preview-ko-phone');
    const overflowing = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[role=dialog] *')]
          .filter((e) => e.getBoundingClientRect().right > 361)
          .map((e) => `${e.tagName} ${e.textContent?.slice(0, 30)}`),
      );
    expect(await overflowing()).toEqual([]);
    await dialog().getByTestId('interop-import-submit').click();
    await dialog().getByTestId('interop-imported').waitFor();
    await dialog().getByRole('button', { name: '닫기' }).click();
    await exportAs(/Aiken/);
    await settle();
    await screenshot(page, 'interop-export-ko-phone');
    expect(await overflowing()).toEqual([]);
  });

  test('the library exports a selection of tests as one zip', async () => {
    const editor = await signInEditor(suite.server, { days: 60 });
    await openEditor(editor, 'Quiz A');
    await importFile('rivers.xml', MOODLE);
    await dialog().getByTestId('interop-import-submit').click();
    await dialog().getByTestId('interop-imported').waitFor();
    await editor.newTest({ name: 'Quiz B' });
    await page.goto('/home/local/0');
    await page.getByRole('checkbox', { name: 'Select Quiz A' }).check();
    await page.getByRole('checkbox', { name: 'Select Quiz B' }).check();
    await page.getByTestId('library-export').click();
    const exporting = page.getByTestId('interop-library-export-dialog');
    await exporting.getByText('Export 2 tests').waitFor();
    await exporting.getByLabel(/Moodle XML/).check();
    await settle();
    await screenshot(page, 'interop-library-export-en');
    const [download] = await Promise.all([page.waitForEvent('download'), exporting.locator('button[type=submit]').click()]);
    expect(download.suggestedFilename()).toBe('tests-moodle.zip');
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    expect(Object.keys(files).sort()).toEqual(['Quiz A.xml', 'Quiz B.xml', 'losses.json']);
    expect(strFromU8(files['Quiz A.xml'])).toContain('Which river is the longest in Asia?');
  });
});
