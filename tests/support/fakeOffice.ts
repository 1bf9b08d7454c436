import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The fake of office.js in Word (tests/support/fakeWord.browser.js), as the browser runs it. */
const FAKE_SOURCE = fs.readFileSync(path.join(__dirname, 'fakeWord.browser.js'), 'utf8');

export interface FakeWordState {
  selections: { paragraph: number; text: string; selectionMode: string }[];
  reads: number;
  openFiles: number;
}

/**
 * Makes the page look like Word's task pane with `docx` open: the fake `Office` and `Word` are
 * defined before any of the page's scripts run, and the real office.js (Microsoft's CDN) is
 * blocked, as it is unreachable here anyway.
 */
export async function openInFakeWord(page: Page, docx: Uint8Array): Promise<void> {
  await page.route('https://appsforoffice.microsoft.com/**', (route) => route.abort());
  await page.addInitScript({ content: `window.__fakeWordDocx = ${JSON.stringify(Buffer.from(docx).toString('base64'))};\n${FAKE_SOURCE}` });
}

/** Replaces the open document (the teacher edited it in Word). */
export async function changeFakeDocument(page: Page, docx: Uint8Array): Promise<void> {
  await page.evaluate((base64) => (window as any).fakeWord.setDocument(base64), Buffer.from(docx).toString('base64'));
}

/** What the pane did with Word: the paragraphs it selected, the reads, the files left open. */
export async function fakeWordState(page: Page): Promise<FakeWordState> {
  return page.evaluate(() => {
    const { selections, reads, openFiles } = (window as any).fakeWord;
    return { selections, reads, openFiles };
  });
}

/** The next getFileAsync fails with Office's `{ code, message }`. */
export async function failNextRead(page: Page, error: { code: number; message: string }): Promise<void> {
  await page.evaluate((e) => ((window as any).fakeWord.failNextRead = e), error);
}

/** The paragraphs' texts as the fake's Word lists them. */
export async function fakeParagraphs(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as any).fakeWord.paragraphTexts());
}
