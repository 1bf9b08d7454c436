import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { ServerConfig } from '@server/config';
import { CHROMIUM_DISABLE_FEATURES } from '@server/modules/print/chromiumFlags';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { TMP_DIR } from './paths';
import { startTestServer, type TestServer } from './testServer';
import type { Editor } from './testEditor';

/** Debian's Chromium (apt-get install chromium); never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(TMP_DIR, 'screenshots');

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/**
 * Browser suites need Chromium. On a developer's machine without it they are skipped with a
 * note; in CI (CI=true) a missing browser is a failure, so they can never be skipped silently.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (chromiumAvailable()) {
    describe(name, body);
    return;
  }
  if (process.env.CI) {
    test(`${name}: Chromium is installed`, () => {
      throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium)`);
    });
    return;
  }
  console.warn(`Skipping browser tests "${name}": no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  describe.skip(name, body);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // One renderer process for all the browser's pages: every test opens a context of its own,
      // and each new context would start a renderer (its V8 and Blink) again. Contexts keep their
      // own storage and cookies all the same (library + editor suites: 128 -> 114 CPU-s).
      '--renderer-process-limit=1',
      CHROMIUM_DISABLE_FEATURES,
    ],
  });
}

/** The portal's three languages, each with the browser locale a test's page opens with. */
export const PORTAL_LANGUAGES = [
  { code: 'en', locale: 'en-US' },
  { code: 'vi', locale: 'vi-VN' },
  { code: 'ko', locale: 'ko-KR' },
] as const;

/**
 * What every test's browser context starts with. Reduced motion: Fluent's enter and exit
 * animations are skipped, which takes about a seventh of the CPU a browser suite uses on a
 * 2-CPU machine (tests/browser/library.test.ts: 58 → 50 CPU-s); no test looks at a transition.
 */
export const CONTEXT_DEFAULTS = { reducedMotion: 'reduce' } as const;

export async function newPage(browser: Browser, baseUrl: string, options: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
  });
  context.setDefaultTimeout(20_000); // fail with Playwright's message, before Jest's timeout (a loaded 2-CPU machine needs the margin)
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  // Our pages' CSP (issue 14) refusing something shows in every browser test's output.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) console.error('CSP violation:', message.text());
  });
  return { context, page };
}

/** Screenshots are kept under .tmp/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export async function signIn(page: Page, account: { orgCode: string; email: string; password: string }): Promise<void> {
  await page.getByLabel(/Organisation code|Mã tổ chức|기관 코드/).fill(account.orgCode);
  await page.getByLabel(/^(E-mail|이메일)/).fill(account.email);
  await page.getByLabel(/^(Password|Mật khẩu|비밀번호)/).fill(account.password);
  await page.locator('form button[type=submit]').click();
}

/**
 * Opens the portal signed in, as a tutor who signed in before comes back: the sign-in call makes
 * the session, the page keeps its token where the portal keeps it, and the library loads from
 * it (App's loadCurrentUser). The sign-in page itself is tested through its form in its own
 * suites (login, shell, accessibility); loading it before every test cost a second of CPU each.
 */
export async function enterApp(page: Page, account: { orgCode: string; email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: account });
  if (!response.ok()) throw new Error(`signing in ${account.email} failed: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()).data as { token: string };
  // Any small page of the origin: localStorage belongs to it.
  await page.goto('/app-version.json');
  await page.evaluate(
    ({ keys, token, orgCode }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.loginTime, String(Date.now()));
      localStorage.setItem(keys.lastOrgCode, orgCode);
    },
    { keys: STORAGE_KEYS, token, orgCode: account.orgCode },
  );
  await page.goto('/home/local/0');
  await page.getByTestId('app-header').waitFor();
}

/** Signs in and opens the test in the editor: where most editor tests start. */
export async function openInEditor(page: Page, account: { orgCode: string; email: string; password: string }, testId: string): Promise<void> {
  await enterApp(page, account);
  await page.goto(`/home/local/editTest/${testId}`);
}

/** Signs in and opens the test's print view (`search`: its query string, `?lang=Korean` for one). */
export async function openPrintView(page: Page, account: { orgCode: string; email: string; password: string }, testId: string, search = ''): Promise<void> {
  await enterApp(page, account);
  await page.goto(`/printPdf/${testId}${search}`);
}

/**
 * Makes a test (`test`: the create call's body) of one section holding `questions` through the
 * API, and opens it in the editor on the page, signed in: its question cards shown. Its id.
 */
export async function openNewTest(
  page: Page,
  tutor: Editor,
  options: { test: Record<string, unknown>; section: string; questions: unknown[] },
): Promise<string> {
  const testId = await tutor.newTest(options.test);
  const { section } = await tutor.section(testId, { name: options.section });
  await tutor.questions(testId, section._id, options.questions);
  await openInEditor(page, tutor.account, testId);
  await page.getByTestId('question-card').first().waitFor();
  return testId;
}

/**
 * Opens a choice question's dialog with `edit` (its Edit button, or a reported question's Edit to
 * resolve), moves the answer key from option `from` to option `to` (counted from 0) and saves
 * (`save`: the Save button's name in the page's language).
 */
export async function moveAnswerKey(edit: Locator, from: number, to: number, save = 'Save'): Promise<void> {
  await edit.click();
  const dialog = edit.page().getByTestId('question-dialog');
  await dialog.getByTestId(`option-correct-${from}`).uncheck();
  await dialog.getByTestId(`option-correct-${to}`).check();
  await dialog.getByRole('button', { name: save, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Polls a condition (up to 10 s): for what a page does on its own, like a console message. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** After each test, closes the context of the page that test opened (each test opens its own). */
export function closeEachPage(page: () => Page): void {
  afterEach(async () => {
    await page().context().close();
  });
}

/** A suite's real server and Chromium, started once before its tests and closed after them. */
export function useServerAndBrowser(overrides: Partial<ServerConfig> = {}): { readonly server: TestServer; readonly browser: Browser } {
  const state: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
    // Every test of a suite signs in from 127.0.0.1, often twice (the page and its API helper): a
    // suite that runs in under a minute passed the login limit of 30 a minute. The limits
    // themselves are tested in tests/api (login, sessions).
    state.server = await startTestServer({ loginRateLimitPerMinute: 1_000, ...overrides });
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  return {
    get server() {
      return state.server!;
    },
    get browser() {
      return state.browser!;
    },
  };
}
