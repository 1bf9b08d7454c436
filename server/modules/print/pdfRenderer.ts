import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { STORAGE_KEYS } from '../../../shared/state/storageKeys';

/** Renders at once at most this many PDFs per process; the others wait their turn. */
const CONCURRENT_RENDERS = 2;

export class PdfUnavailableError extends Error {}
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
  ) {}

  get available(): boolean {
    return this.chromiumPath !== null && fs.existsSync(this.chromiumPath);
  }

  async render(options: { baseUrl: string; path: string; token: string }): Promise<Buffer> {
    if (!this.available) throw new PdfUnavailableError();
    // One deadline for the whole call: a queue behind slow renders must not hang the caller either.
    const deadline = Date.now() + this.timeoutMs;
    await this.turn(deadline);
    let context: BrowserContext | null = null;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      const work = (async () => {
        const created = await (await this.launch()).newContext();
        context = created;
        // Too late (a slow browser start): nobody waits for this page any more.
        if (timedOut) await created.close();
        return this.print(created, options);
      })();
      // page.pdf has no timeout of its own; on expiry closing the context ends whatever is running.
      work.catch(() => undefined);
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(new PdfTimeoutError());
        }, Math.max(0, deadline - Date.now()));
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

  private async print(context: BrowserContext, options: { baseUrl: string; path: string; token: string }): Promise<Buffer> {
    await context.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [STORAGE_KEYS.token, options.token] as const);
    const page = await context.newPage();
    page.setDefaultTimeout(this.timeoutMs);
    await page.goto(`${options.baseUrl}${options.path}`);
    const paper = page.locator('[data-testid="print-paper"], [data-testid="print-error"]').first();
    await paper.waitFor();
    if ((await paper.getAttribute('data-testid')) === 'print-error') throw new Error(await paper.innerText());
    // Fonts (KaTeX's too) and every picture loaded before printing.
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([...document.images].map((img) => (img.complete ? null : new Promise((done) => img.addEventListener('loadend', done, { once: true })))));
    });
    return page.pdf({ format: 'A4', printBackground: true, margin: { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' } });
  }

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({ executablePath: this.chromiumPath!, args: ['--no-sandbox', '--disable-dev-shm-usage'] }),
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
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(new PdfTimeoutError());
      }, Math.max(0, deadline - Date.now()));
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
