import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { STORAGE_KEYS } from '../../../shared/state/storageKeys';

/** Renders at once at most this many PDFs per process; the others wait their turn. */
const CONCURRENT_RENDERS = 2;
/** A render that takes longer is abandoned with a clear error. */
const RENDER_TIMEOUT_MS = 30_000;

export class PdfUnavailableError extends Error {}

/**
 * Prints the portal's own print view (/printPdf/{id}) to PDF with headless Chromium, signed in as
 * the caller, so the PDF is exactly what the print view shows (maths by KaTeX, pictures). One
 * browser per server process, started on first use; each render gets a fresh context.
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly chromiumPath: string | null) {}

  get available(): boolean {
    return this.chromiumPath !== null && fs.existsSync(this.chromiumPath);
  }

  async render(options: { baseUrl: string; path: string; token: string }): Promise<Buffer> {
    if (!this.available) throw new PdfUnavailableError();
    await this.turn();
    try {
      const browser = await this.launch();
      const context = await browser.newContext();
      try {
        await context.addInitScript(
          ([key, token]) => window.localStorage.setItem(key, token),
          [STORAGE_KEYS.token, options.token] as const,
        );
        const page = await context.newPage();
        page.setDefaultTimeout(RENDER_TIMEOUT_MS);
        await page.goto(`${options.baseUrl}${options.path}`);
        const paper = page.locator('[data-testid="print-paper"], [data-testid="print-error"]').first();
        await paper.waitFor();
        if ((await paper.getAttribute('data-testid')) === 'print-error') throw new Error(await paper.innerText());
        // Fonts (KaTeX's too) and every picture loaded before printing.
        await page.evaluate(async () => {
          await document.fonts.ready;
          await Promise.all([...document.images].map((img) => (img.complete ? null : new Promise((done) => img.addEventListener('loadend', done, { once: true })))));
        });
        return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' } });
      } finally {
        await context.close();
      }
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({ executablePath: this.chromiumPath!, args: ['--no-sandbox', '--disable-dev-shm-usage'] }),
    );
    this.browser.catch(() => (this.browser = null));
    return this.browser;
  }

  private async turn(): Promise<void> {
    if (this.running < CONCURRENT_RENDERS) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
