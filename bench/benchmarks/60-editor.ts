import type { Browser, Page } from 'playwright-core';
import type { OpenedDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';
import { CHROMIUM_PATH, chromiumAvailable, enterApp, launchBrowser, newPage } from '@tests/support/browser';
import { measureOnEachDatabase } from '../lib/databases';
import { once } from '../lib/once';
import { portalBuild } from '../lib/portalBuild';
import { callJson, startServer } from '../lib/server';
import { median, percentile, round } from '../lib/stats';
import type { Benchmark, BenchContext, DatabaseKind, Figure } from '../lib/types';

/**
 * Issue 4's benchmark: a test of 500 questions in 10 sections, all five types, with maths.
 * GET /v2/test/{id} p50/p99 (target p99 < 30 ms), question create / edit / reorder latency, and in
 * Chromium the time from navigation to an interactive editor (< 1.5 s) and the frames while
 * scrolling through a section's questions (no dropped frames).
 */

const ACCOUNT = { orgCode: 'EDITORBENCH', email: 'editor@example.com', password: 'bench-password-1' };
const SECTIONS = 10;
const PER_SECTION = 50;
const GET_TARGET_MS = 30;
const INTERACTIVE_TARGET_MS = 1500;
const SEQUENTIAL_CALLS = 200;
const WRITE_CALLS = 40;
/** A frame longer than this misses a 60 Hz refresh (16.7 ms, with scheduling slack). */
const DROPPED_FRAME_MS = 25;

/** Question n of a section: the five types in turn, each with LaTeX. */
export function question(n: number): Record<string, unknown> {
  const maths = `$\\frac{${n}}{${n + 1}} + \\sqrt{x_${n}^2 + y^2}$`;
  switch (n % 5) {
    case 0:
      return {
        type: 'multiple_choice',
        name: `<p>Question ${n}: simplify ${maths}.</p>`,
        options: [{ name: `$x^${n}$`, isCorrect: true }, { name: '$2x$' }, { name: '$x + 1$' }, { name: '$0$' }],
      };
    case 1:
      return { type: 'true_false', name: `<p>Question ${n}: ${maths} is positive.</p>`, options: [{ name: 'True', isCorrect: true }, { name: 'False' }] };
    case 2:
      return {
        type: 'fill_ups',
        name: `<p>Question ${n}: the value of ${maths} at zero is ____.</p>`,
        options: [{ type: 'constants', name: '1', nameText: '1' }],
      };
    case 3:
      return { type: 'integer', name: `<p>Question ${n}: how many roots has $x^2 - ${n} = 0$?</p>`, solution: '2' };
    default:
      return {
        type: 'comprehension',
        paragraph: `<p>Passage ${n}: consider the function $f(x) = \\int_0^x t^${n % 7} \\, dt$.</p>`,
        questions: [{ type: 'integer', name: `<p>What is $f(1)$ times ${(n % 7) + 1}?</p>`, solution: '1' }],
      };
  }
}

interface Seeded {
  token: string;
  testId: string;
  sectionIds: string[];
}

export async function signIn(baseUrl: string, database: OpenedDatabase): Promise<string> {
  await createOrg(database.db, { code: ACCOUNT.orgCode, name: 'Editor Bench School', days: 365 });
  await createUser(database.db, { orgCode: ACCOUNT.orgCode, email: ACCOUNT.email, password: ACCOUNT.password, name: 'Editor Bench Tutor' });
  const login = await callJson(`${baseUrl}/api/auth/login`, { method: 'POST', body: ACCOUNT });
  return login.body.data.token as string;
}

/** A test of `sections` sections of `perSection` questions each, through the API. */
export async function seed(baseUrl: string, token: string, sections = SECTIONS, perSection = PER_SECTION): Promise<Seeded> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await callJson(`${baseUrl}/api${path}`, { method, body, headers: { 'x-access-token': token } });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data;
  };
  const testId = (await call('POST', '/v2/test/create', { name: `Mathematics final (${sections} x ${perSection} questions)` }))._id as string;
  const sectionIds: string[] = [];
  for (let s = 0; s < sections; s++) {
    const { section } = await call('POST', '/v2/test/section/create', { testId, name: `Unit ${s + 1}` });
    sectionIds.push(section._id);
    for (let from = 0; from < perSection; from += PER_SECTION) {
      const count = Math.min(PER_SECTION, perSection - from);
      await call('POST', '/v2/question/create', {
        testId,
        sectionId: section._id,
        questions: Array.from({ length: count }, (_, i) => question(s * perSection + from + i + 1)),
      });
    }
  }
  return { token, testId, sectionIds };
}

/** Times `count` sequential calls (after 10 untimed), in ms. */
async function timed(count: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count + 10; i++) {
    const start = performance.now();
    await call(i);
    if (i >= 10) times.push(performance.now() - start);
  }
  return times;
}

function latencyFigures(name: string, kind: DatabaseKind, times: number[], targetMs?: number): Figure[] {
  const detail = `${times.length} sequential calls over HTTP, after 10 untimed`;
  const p99: Figure = { name: `${name} p99`, value: round(percentile(times, 0.99)), unit: 'ms', database: kind, detail };
  if (targetMs) Object.assign(p99, { target: `< ${targetMs} ms`, meetsTarget: percentile(times, 0.99) < targetMs });
  return [{ name: `${name} p50`, value: round(median(times)), unit: 'ms', database: kind, detail }, p99];
}

/** Sequential reads of the whole test from the server at `baseUrl`. */
function timedReads(baseUrl: string, seeded: Seeded): Promise<number[]> {
  return timed(SEQUENTIAL_CALLS, async () => {
    const res = await callJson(`${baseUrl}/api/v2/test/${seeded.testId}`, { headers: { 'x-access-token': seeded.token } });
    if (res.status !== 200 || res.body.data.totalNumberOfQuestions !== SECTIONS * PER_SECTION) throw new Error(`GET answered ${res.status}`);
  });
}

async function measureApi(ctx: BenchContext, kind: DatabaseKind, baseUrl: string, uncachedUrl: string, seeded: Seeded): Promise<Figure[]> {
  const headers = { 'x-access-token': seeded.token };
  const api = (method: string, path: string, body?: unknown) => callJson(`${baseUrl}/api${path}`, { method, body, headers });
  ctx.log(`${kind}: GET /v2/test/{id} x ${SEQUENTIAL_CALLS}, then as a baseline from a server without the test cache`);
  const reads = await timedReads(baseUrl, seeded);
  const uncachedReads = await timedReads(uncachedUrl, seeded);

  // Writes go to the last section, which holds 50 questions like the others.
  const sectionId = seeded.sectionIds[SECTIONS - 1];
  let version = (await api('GET', `/v2/test/${seeded.testId}`)).body.data.version as number;
  const write = async (method: string, path: string, body: Record<string, unknown>) => {
    const res = await api(method, path, { testId: seeded.testId, sectionId, version, ...body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    version = res.body.data.version;
    return res.body.data;
  };
  ctx.log(`${kind}: question create, edit and reorder x ${WRITE_CALLS} each`);
  const created: string[] = [];
  const creates = await timed(WRITE_CALLS, async (i) =>
    created.push((await write('POST', '/v2/question/create', { questions: [question(1000 + i)] })).questions[0]._id),
  );
  // Question 1000 + k was created as created[k]; 3000 + k is of the same type with other text.
  const edits = await timed(WRITE_CALLS, (i) => {
    const k = i % created.length;
    return write('PATCH', '/v2/question/edit', { question: { ...question(3000 + k), _id: created[k] } });
  });
  const order = (await api('GET', `/v2/test/${seeded.testId}`)).body.data.sections[SECTIONS - 1].questions.map((q: { _id: string }) => q._id) as string[];
  const reorders = await timed(WRITE_CALLS, () => {
    order.push(order.shift()!); // the first question goes last
    return write('PATCH', '/v2/question/reorder-remark', { type: 'order', questionIds: order });
  });
  // Back to 50 questions in the section for the browser part.
  await write('DELETE', '/v2/question/delete', { questionIds: created });
  return [
    ...latencyFigures('GET /v2/test/{id} (500 questions)', kind, reads, GET_TARGET_MS),
    ...latencyFigures('baseline: GET without the test cache', kind, uncachedReads),
    ...latencyFigures('question create', kind, creates),
    ...latencyFigures('question edit', kind, edits),
    ...latencyFigures('question reorder', kind, reorders),
  ];
}

// In the page, as plain JavaScript strings (nothing the TypeScript runner adds may reach the browser).
/** Notes the frame after the question list (`cards` cards, or as many as it renders at once) and an enabled Add question button are in the DOM. */
const watchInteractive = (cards: number) => `(() => {
  const state = { interactiveAt: null };
  window.__editorBench = state;
  new MutationObserver(() => {
    if (state.interactiveAt !== null) return;
    const list = document.querySelector('[data-testid="question-list"]');
    const shown = document.querySelectorAll('[data-testid="question-card"]').length;
    const add = [...document.querySelectorAll('button')].find((b) => b.textContent && b.textContent.trim() === 'Add question' && !b.disabled);
    const virtual = document.querySelector('[data-testid="question-list"] ol[data-virtual="true"]');
    const complete = list && (shown >= ${cards} || (virtual && shown > 0));
    if (complete && add) requestAnimationFrame(() => { state.interactiveAt = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
})();`;

/** Scrolls the page from top to bottom, a step per frame, and answers every frame's duration. */
const SCROLL_THROUGH = `new Promise((done) => {
  const frames = [];
  const step = 60;
  window.scrollTo(0, 0);
  let last = null;
  const tick = (now) => {
    if (last !== null) frames.push(now - last);
    last = now;
    const max = document.documentElement.scrollHeight - window.innerHeight;
    if (window.scrollY >= max - 1) return done({ frames, height: document.documentElement.scrollHeight });
    window.scrollBy(0, step);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

async function measureBrowser(
  ctx: BenchContext,
  kind: DatabaseKind,
  baseUrl: string,
  seeded: Seeded,
  browser: Browser,
  cards: number,
  label = '',
): Promise<Figure[]> {
  const { context, page } = await newPage(browser, baseUrl);
  const closeContext = once(() => context.close());
  ctx.onCleanup(closeContext);
  await context.addInitScript(watchInteractive(cards));
  await enterApp(page, ACCOUNT);
  const loads: number[] = [];
  const { renderWarmups, renderRepeats } = ctx.settings;
  const repeats = Math.min(renderRepeats, 10);
  ctx.log(`${kind}: ${renderWarmups} + ${repeats} full loads of the editor`);
  for (let i = 0; i < renderWarmups + repeats; i++) {
    await page.goto(`/home/local/editTest/${seeded.testId}`, { waitUntil: 'commit' });
    await page.waitForFunction('window.__editorBench && window.__editorBench.interactiveAt !== null', undefined, { timeout: 20_000 });
    if (i >= renderWarmups) loads.push((await page.evaluate('window.__editorBench.interactiveAt')) as number);
    await page.waitForLoadState('networkidle');
  }
  ctx.log(`${kind}: scrolling through a section of ${cards} questions`);
  await waitForMaths(page);
  const scrolls: { frames: number[]; height: number }[] = [];
  for (let i = 0; i < 3; i++) scrolls.push((await page.evaluate(SCROLL_THROUGH)) as { frames: number[]; height: number });
  await closeContext();
  const frames = scrolls.flatMap((s) => s.frames);
  const dropped = frames.filter((f) => f > DROPPED_FRAME_MS).length;
  const detail = `3 scrolls of ${scrolls[0].height} px, 60 px a frame: ${frames.length} frames`;
  const interactive = median(loads);
  return [
    {
      name: `editor interactive after navigation${label} (median)`,
      value: round(interactive),
      unit: 'ms',
      database: kind,
      target: `< ${INTERACTIVE_TARGET_MS} ms`,
      meetsTarget: interactive < INTERACTIVE_TARGET_MS,
      detail: `${repeats} full loads, from navigation start to the frame after section 1's question list (all ${cards} cards, or the window a virtual list renders) and an enabled Add question button are in the DOM`,
    },
    {
      name: `scroll${label}: dropped frames`,
      value: dropped,
      unit: 'frames',
      database: kind,
      target: `0 frames over ${DROPPED_FRAME_MS} ms`,
      meetsTarget: dropped === 0,
      detail,
    },
    { name: `scroll${label}: longest frame`, value: round(Math.max(...frames)), unit: 'ms', database: kind, detail },
    { name: `scroll${label}: frame p95`, value: round(percentile(frames, 0.95)), unit: 'ms', database: kind, detail },
  ];
}

/** The maths of the section is typeset (KaTeX renders after the spec's 1-second wait in the editor's preview; the list renders at once). */
async function waitForMaths(page: Page): Promise<void> {
  await page.waitForFunction(`document.querySelectorAll('[data-testid="question-card"] .katex').length >= 5`, undefined, { timeout: 20_000 });
}

const benchmark: Benchmark = {
  id: 'editor',
  title: 'Test editor: a test of 500 questions in 10 sections, with maths',
  async run(ctx) {
    const withBrowser = chromiumAvailable();
    const build = withBrowser
      ? portalBuild(ctx, 'editor')
      : { distDir: undefined, notes: [`no Chromium at ${CHROMIUM_PATH}: the browser figures were skipped`] };
    const browser = withBrowser ? await launchBrowser() : null;
    if (browser) ctx.onCleanup(once(() => browser.close()));
    const result = await measureOnEachDatabase(ctx, async (kind, database) => {
      const server = await startServer(database, { ...(build.distDir ? { distDir: build.distDir } : {}), filesDir: ctx.tempDir('testforge-bench-files-') });
      const closeServer = once(() => server.close());
      ctx.onCleanup(closeServer);
      ctx.log(`${kind}: seeding ${SECTIONS} sections of ${PER_SECTION} questions through the API`);
      const token = await signIn(server.baseUrl, database);
      const seeded = await seed(server.baseUrl, token);
      // The same database through a second server with the test cache off: the baseline.
      const uncached = await startServer(database, { testCacheBytes: 0, filesDir: ctx.tempDir('testforge-bench-files-') });
      ctx.onCleanup(once(() => uncached.close()));
      const figures = await measureApi(ctx, kind, server.baseUrl, uncached.baseUrl, seeded);
      await uncached.close();
      if (browser) {
        figures.push(...(await measureBrowser(ctx, kind, server.baseUrl, seeded, browser, PER_SECTION)));
        // The worst case the editor allows a section: all 500 questions in one.
        ctx.log(`${kind}: a second test, one section of ${SECTIONS * PER_SECTION} questions`);
        const long = await seed(server.baseUrl, token, 1, SECTIONS * PER_SECTION);
        figures.push(...(await measureBrowser(ctx, kind, server.baseUrl, long, browser, SECTIONS * PER_SECTION, ', one section of 500')));
      }
      await closeServer();
      return figures;
    });
    return { figures: result.figures, notes: [...build.notes, ...result.notes] };
  },
};

export default benchmark;
