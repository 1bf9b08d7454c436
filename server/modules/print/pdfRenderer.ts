import fs from 'node:fs';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { CHROMIUM_DISABLE_FEATURES } from './chromiumFlags';

/** Renders at once at most this many PDFs per process; the others wait their turn. */
const CONCURRENT_RENDERS = 2;

export class PdfUnavailableError extends Error {}

/**
 * What the print page may load (issue 14: a picture's address reached internal services through
 * the browser that prints): GETs of the portal's own files, the two API calls the print view makes
 * (the signed-in user, the test), our stored pictures, and the public address of the S3 store;
 * `data:` needs no request. Everything else is refused before it leaves the browser, and a
 * redirect is never followed (a file could point elsewhere).
 */
export function printRequestAllowed(url: string, method: string, page: { base: string; testId: string; filesOrigin: string | null }): boolean {
  if (method !== 'GET') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (page.filesOrigin && `${parsed.origin}${parsed.pathname}`.startsWith(page.filesOrigin)) return true;
  if (parsed.origin !== new URL(page.base).origin) return false;
  const path = parsed.pathname;
  if (!path.startsWith('/api/')) return !path.includes('..');
  return (
    path === '/api/auth/user' ||
    path === '/api/v2/parserfont' || // which of the test's fonts are uploaded (read-only, the caller's organisation)
    path === `/api/v2/test/${encodeURIComponent(page.testId)}` ||
    /^\/api\/files\/[A-Za-z0-9-]{1,64}\/[0-9a-f]{32}\.[a-z]{3,4}$/.test(path) ||
    /^\/api\/v2\/parserfont\/file\/[\w-]{1,64}\.[a-z0-9]{2,5}$/.test(path)
  );
}
export class PdfTimeoutError extends Error {}

/**
 * Prints the portal's own print view (/printPdf/{id}) to PDF with headless Chromium, signed in as
 * the caller, so the PDF is exactly what the print view shows (maths by KaTeX, pictures). One
 * browser per server process, started on first use; each render gets a fresh context.
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly chromiumPath: string | null,
    /** The longest one PDF may take, waiting for a turn included. */
    private readonly timeoutMs: number,
    /** The S3 store's public address of files (S3_PUBLIC_URL), where pictures may also live. */
    private readonly filesOrigin: string | null = null,
    /** Told of each request refused (logged: a refused picture is missing from the PDF). */
    private readonly onBlocked: (url: string) => void = () => {},
  ) {}

  get available(): boolean {
    return this.chromiumPath !== null && fs.existsSync(this.chromiumPath);
  }

  async render(options: { baseUrl: string; path: string; token: string; testId: string }): Promise<Buffer> {
    if (!this.available) throw new PdfUnavailableError();
    // One deadline for the whole call: a queue behind slow renders must not hang the caller either.
    const deadline = Date.now() + this.timeoutMs;
    await this.turn(deadline);
    let context: BrowserContext | null = null;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      const work = (async () => {
        const created = await (await this.launch()).newContext({ serviceWorkers: 'block', acceptDownloads: false });
        context = created;
        // Too late (a slow browser start): nobody waits for this page any more.
        if (timedOut) await created.close();
        return this.print(created, options);
      })();
      // page.pdf has no timeout of its own; on expiry closing the context ends whatever is running.
      work.catch(() => undefined);
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            timedOut = true;
            reject(new PdfTimeoutError());
          },
          Math.max(0, deadline - Date.now()),
        );
      });
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
      await (context as BrowserContext | null)?.close().catch(() => undefined);
      this.release();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private async print(context: BrowserContext, options: { baseUrl: string; path: string; token: string; testId: string }): Promise<Buffer> {
    const page = { base: options.baseUrl, testId: options.testId, filesOrigin: this.filesOrigin };
    await context.route('**/*', (route) => this.guard(route, page));
    await context.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [STORAGE_KEYS.token, options.token] as const);
    const tab = await context.newPage();
    tab.setDefaultTimeout(this.timeoutMs);
    await tab.goto(`${options.baseUrl}${options.path}`);
    const paper = tab.locator('[data-testid="print-paper"], [data-testid="print-error"]').first();
    await paper.waitFor();
    if ((await paper.getAttribute('data-testid')) === 'print-error') throw new Error(await paper.innerText());
    // Fonts (KaTeX's too) and every picture loaded before printing.
    await tab.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all(
        [...document.images].map((img) => (img.complete ? null : new Promise((done) => img.addEventListener('loadend', done, { once: true })))),
      );
    });
    return tab.pdf({ format: 'A4', printBackground: true, margin: { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' } });
  }

  /** Lets an allowed request through without following a redirect; refuses every other. */
  private async guard(route: Route, page: Parameters<typeof printRequestAllowed>[2]): Promise<void> {
    const request = route.request();
    if (!printRequestAllowed(request.url(), request.method(), page)) {
      this.onBlocked(request.url());
      return route.abort('blockedbyclient');
    }
    try {
      const response = await route.fetch({ maxRedirects: 0 });
      if (response.status() >= 300 && response.status() < 400) {
        this.onBlocked(`${request.url()} (redirect)`);
        return route.abort('blockedbyclient');
      }
      await route.fulfill({ response });
    } catch {
      await route.abort('failed').catch(() => undefined);
    }
  }

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({ executablePath: this.chromiumPath!, args: ['--no-sandbox', '--disable-dev-shm-usage', CHROMIUM_DISABLE_FEATURES] }),
    );
    this.browser.catch(() => (this.browser = null));
    return this.browser;
  }

  /** A render slot, or PdfTimeoutError when none frees up before the deadline. */
  private async turn(deadline: number): Promise<void> {
    if (this.running < CONCURRENT_RENDERS) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.waiting.splice(this.waiting.indexOf(take), 1);
          reject(new PdfTimeoutError());
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.push(take);
    });
  }

  /** Hands the slot to the next in the queue, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
