import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { openDatabase } from '@server/db/database';
import { once } from '../lib/once';
import { startServer } from '../lib/server';
import { round } from '../lib/stats';
import type { Benchmark, Figure } from '../lib/types';

/**
 * What a first visit to /auth downloads: the built portal (dist/) served by the real server,
 * opened in headless Chromium until the network is idle. Every JavaScript and CSS response is
 * gzipped here (zlib, default level) and summed; fonts are counted on their own.
 */

const JS_TARGET_KB = 250;
const KB = 1024;

type Kind = 'js' | 'css' | 'font';

function kindOf(resourceType: string, contentType: string, url: string): Kind | undefined {
  if (resourceType === 'script' || /javascript/.test(contentType) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (resourceType === 'stylesheet' || /text\/css/.test(contentType) || /\.css(\?|$)/.test(url)) return 'css';
  if (resourceType === 'font' || /^font\//.test(contentType) || /\.(woff2?|ttf|otf|eot)(\?|$)/.test(url)) return 'font';
  return undefined;
}

const benchmark: Benchmark = {
  id: 'portal',
  title: 'Portal download for /auth',
  async run(ctx) {
    const distDir = path.join(ctx.root, 'dist');
    if (!fs.existsSync(path.join(distDir, 'index.html'))) {
      return { figures: [], notes: ['Portal size skipped: dist/index.html is missing; run `npm run build` first.'] };
    }
    const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    if (!fs.existsSync(executablePath)) {
      return { figures: [], notes: [`Portal size skipped: no Chromium at ${executablePath} (set CHROMIUM_PATH).`] };
    }

    ctx.log('portal: starting the server on dist/ (in-memory database)');
    const database = await openDatabase({});
    const closeDatabase = once(() => database.close());
    ctx.onCleanup(closeDatabase);
    const server = await startServer(database, { distDir });
    const closeServer = once(() => server.close());
    ctx.onCleanup(closeServer);

    let browser: Browser | undefined;
    const closeBrowser = once(async () => {
      await browser?.close();
    });
    ctx.onCleanup(closeBrowser);
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage();

    // Only this machine: anything the portal asks of another host is blocked and reported.
    const blocked = new Set<string>();
    const origin = new URL(server.baseUrl).origin;
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin) return route.continue();
      blocked.add(new URL(url).origin);
      return route.abort();
    });

    const sizes: Record<Kind, { files: number; raw: number; gzip: number }> = {
      js: { files: 0, raw: 0, gzip: 0 },
      css: { files: 0, raw: 0, gzip: 0 },
      font: { files: 0, raw: 0, gzip: 0 },
    };
    const failed: string[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      const kind = kindOf(response.request().resourceType(), response.headers()['content-type'] ?? '', url);
      if (!kind) return;
      pending.push(
        response.body().then(
          (body) => {
            if (response.status() >= 400) failed.push(`${response.status()} ${url}`);
            sizes[kind].files += 1;
            sizes[kind].raw += body.length;
            sizes[kind].gzip += zlib.gzipSync(body).length;
          },
          () => {
            failed.push(`no body: ${url}`);
          },
        ),
      );
    });

    ctx.log('portal: opening /auth in headless Chromium');
    const response = await page.goto(`${server.baseUrl}/auth`, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response || response.status() !== 200) throw new Error(`/auth answered ${response?.status()}`);
    await Promise.all(pending);
    await closeBrowser();
    await closeServer();
    await closeDatabase();

    const detail = (kind: Kind) => `${sizes[kind].files} file${sizes[kind].files === 1 ? '' : 's'}, ${round(sizes[kind].raw / KB)} KB uncompressed`;
    const jsKb = round(sizes.js.gzip / KB);
    const figures: Figure[] = [
      {
        name: '/auth initial JavaScript (gzip)',
        value: jsKb,
        unit: 'KB',
        target: `<= ${JS_TARGET_KB} KB`,
        meetsTarget: jsKb <= JS_TARGET_KB,
        detail: detail('js'),
      },
      { name: '/auth initial CSS (gzip)', value: round(sizes.css.gzip / KB), unit: 'KB', detail: detail('css') },
      {
        name: '/auth fonts (as sent)',
        value: round(sizes.font.raw / KB),
        unit: 'KB',
        detail: `${sizes.font.files} file${sizes.font.files === 1 ? '' : 's'}; ${round(sizes.font.gzip / KB)} KB if gzipped (woff2 is compressed already)`,
      },
    ];
    const notes: string[] = [];
    if (blocked.size) notes.push(`Portal asked other hosts (blocked, not counted): ${[...blocked].join(', ')}`);
    if (failed.length) notes.push(`Portal responses that failed: ${failed.join('; ')}`);
    return { figures, notes };
  },
};

export default benchmark;
