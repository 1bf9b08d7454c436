import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { openDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';
import { enterApp } from '@tests/support/browser';
import { once } from '../lib/once';
import { callJson, startServer } from '../lib/server';
import { question } from './60-editor';
import { round } from '../lib/stats';
import type { Benchmark, Figure } from '../lib/types';

/**
 * What a first visit to /auth downloads: the built portal (dist/) served by the real server,
 * opened in headless Chromium until the network is idle. Every JavaScript and CSS response is
 * gzipped here (zlib, default level) and summed; fonts are counted on their own.
 *
 * Then the route chunks, each listed with its gzip size: signing in opens the library
 * (/home/local/0), whose lazily loaded JavaScript is what that route adds to /auth's; opening a
 * test (/home/local/editTest/:id) adds the editor's. Each route counts only files no earlier step
 * loaded. The signed-in views share one chunk, fetched (and preloaded) with the library, so the
 * editor's own are what drawing a test with questions and maths adds.
 */

const JS_TARGET_KB = 250;
const KB = 1024;
const ACCOUNT = { orgCode: 'PORTALSIZE', email: 'size@example.com', password: 'bench-password-1' };

/**
 * What a chunk holds, told by strings minifying keeps (test ids, library names), so that the list
 * says which chunk is the library's, the editor's, the maths'...
 */
const MARKERS: [string, string][] = [
  ['"folder-item"', 'library view'],
  ['"question-card"', 'editor view'],
  ['katex-display', 'KaTeX'],
  ['ProseMirror', 'rich-text editor'],
  ['"bulk-upload-dialog"', 'Bulk Upload'],
];
const markersOf = (body: Buffer) => {
  const text = body.toString('latin1');
  return MARKERS.filter(([needle]) => text.includes(needle)).map(([, label]) => label);
};

/** The routes after /auth whose chunks are listed, in the order a tutor opens them. */
type Step = 'auth' | 'library' | 'editor';

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
    const page = await browser.newPage({ baseURL: server.baseUrl });

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
    let step: Step = 'auth';
    /** Every JavaScript file by the step that first loaded it, with its gzip size. */
    const chunks = new Map<string, { step: Step; gzip: number; raw: number; holds: string[] }>();
    page.on('response', (response) => {
      const url = response.url();
      const kind = kindOf(response.request().resourceType(), response.headers()['content-type'] ?? '', url);
      if (!kind) return;
      const at = step;
      // After /auth only JavaScript is listed (a font cut off by the next navigation is no failure).
      if (at !== 'auth' && kind !== 'js') return;
      pending.push(
        response.body().then(
          (body) => {
            if (response.status() >= 400) failed.push(`${response.status()} ${url}`);
            const file = new URL(url).pathname;
            if (kind === 'js' && !chunks.has(file)) chunks.set(file, { step: at, gzip: zlib.gzipSync(body).length, raw: body.length, holds: markersOf(body) });
            if (at !== 'auth') return;
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

    ctx.log('portal: signing in (the library route), then opening a test (the editor route)');
    await createOrg(database.db, { code: ACCOUNT.orgCode, name: 'Portal Size School', days: 365 });
    await createUser(database.db, { orgCode: ACCOUNT.orgCode, email: ACCOUNT.email, password: ACCOUNT.password, name: 'Portal Size Tutor' });
    const token = (await callJson(`${server.baseUrl}/api/auth/login`, { method: 'POST', body: ACCOUNT })).body.data.token as string;
    const created = await callJson(`${server.baseUrl}/api/v2/test/create`, {
      method: 'POST',
      body: { name: 'Route chunks' },
      headers: { 'x-access-token': token },
    });
    if (created.status !== 200) throw new Error(`creating a test answered ${created.status}`);
    const testId = created.body.data._id as string;
    // A section of questions with maths, so that the editor draws what a real test needs.
    const section = await callJson(`${server.baseUrl}/api/v2/test/section/create`, {
      method: 'POST',
      body: { testId, name: 'Unit 1' },
      headers: { 'x-access-token': token },
    });
    await callJson(`${server.baseUrl}/api/v2/question/create`, {
      method: 'POST',
      body: { testId, sectionId: section.body.data.section._id, questions: Array.from({ length: 5 }, (_, i) => question(i + 1)) },
      headers: { 'x-access-token': token },
    });
    page.setDefaultTimeout(60_000);
    step = 'library';
    await page.goto(`${server.baseUrl}/auth`);
    await enterApp(page, ACCOUNT);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    step = 'editor';
    await page.goto(`${server.baseUrl}/home/local/editTest/${testId}`);
    await page.getByTestId('question-card').first().waitFor();
    await page.waitForLoadState('networkidle');
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
    for (const route of ['library', 'editor'] as const) {
      const files = [...chunks].filter(([, c]) => c.step === route).sort(([, a], [, b]) => b.gzip - a.gzip);
      const gzip = files.reduce((n, [, c]) => n + c.gzip, 0);
      const list = files.map(([file, c]) => `${path.basename(file)} ${round(c.gzip / KB)} KB${c.holds.length ? ` (${c.holds.join(', ')})` : ''}`).join(', ');
      figures.push({
        name: `${route === 'library' ? '/home/local/0 (library)' : '/home/local/editTest/:id (editor)'} route chunks, JavaScript (gzip)`,
        value: round(gzip / KB),
        unit: 'KB',
        detail: `${files.length} file${files.length === 1 ? '' : 's'} loaded on top of the earlier routes' (${round(files.reduce((n, [, c]) => n + c.raw, 0) / KB)} KB uncompressed): ${list}`,
      });
      notes.push(`${route} route chunks (gzip): ${list || 'none beyond the earlier routes'}`);
    }
    if (blocked.size) notes.push(`Portal asked other hosts (blocked, not counted): ${[...blocked].join(', ')}`);
    if (failed.length) notes.push(`Portal responses that failed: ${failed.join('; ')}`);
    return { figures, notes };
  },
};

export default benchmark;
