import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import type { OpenedDatabase } from '@server/db/database';
import { AnalysisRepository } from '@server/modules/analysis/repository';
import { AnalysisService } from '@server/modules/analysis/service';
import { ReportRepository } from '@server/modules/corrections/repository';
import { ExportMarks } from '@server/modules/results/marks';
import { ResultsRepository } from '@server/modules/results/repository';
import { TestEditorRepository } from '@server/modules/editor/repository';
import { seedAttempts } from '@tests/support/seedAttempts';
import { benchmarkOnEachDatabase } from '../lib/databases';
import { loadFigures, measureLoad } from '../lib/load';
import { tutorWithTest } from '../lib/tutorTest';
import { median, percentile, round } from '../lib/stats';
import type { BenchContext, DatabaseKind, Figure } from '../lib/types';
import { scoredQuestion } from '../lib/scoredQuestion';

/**
 * Issue 16's results benchmark: 100,000 submitted attempts of a 100-question free test
 * (10,000,000 stored answers, seeded set-based), then
 * - GET /attempts (first page, default order; also by score and by name) and GET
 *   /results/summary at 20 connections (autocannon): target p99 < 50 ms for the first page;
 * - baseline, same run: the straightforward page query (rank() and count(*) windows over every
 *   attempt of the free test), by 20 callers in this process without HTTP (which flatters it);
 * - GET /results.csv of all 100,000: rows per second (target >= 50,000) and the growth of the
 *   process's resident memory while it streams (server and client are this process), before and
 *   after a publish that re-scores a question (the rescores are then joined in);
 * - the marks of one export batch (2,000 attempts) through the view attempt_answer_scores (its
 *   rescore lookup per answer row), from the answer rows with the rescores hash-joined, and from
 *   the attempts' digests (what the export reads), after that publish;
 * - GET /results.xlsx of all of them: rows per second.
 */

const ACCOUNT = { orgCode: 'RESULTSBENCH', email: 'results@example.com', password: 'bench-password-1' };
const QUESTIONS = 100;
const ATTEMPTS = Number(process.env.BENCH_RESULTS_ATTEMPTS || 100_000);
const CONNECTIONS = 20;
const PAGE_TARGET_MS = 50;
const CSV_TARGET_ROWS_PER_S = 50_000;
const EXPORT_REPEATS = Math.max(1, Number(process.env.BENCH_RESULTS_REPEATS || 3));

/** `callers` concurrent loops calling `work` for `seconds`: each call's time in ms. */
async function closedLoop(callers: number, seconds: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await work();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

/** A full garbage collection, to tell memory kept from garbage not yet collected. */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/**
 * Downloads a file, reading it as it comes: its time, size, lines, the growth of this process's
 * RSS meanwhile (server and client: garbage included), and the heap still held after it once collected.
 */
async function download(url: string, token: string): Promise<{ ms: number; bytes: number; lines: number; rssGrowthMb: number; heapKeptMb: number }> {
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const response = await fetch(url, { headers: { 'x-access-token': token } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  collect();
  return { ms, bytes, lines, rssGrowthMb: (peak - rssBefore) / 1024 / 1024, heapKeptMb: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024 };
}

async function measure(ctx: BenchContext, kind: DatabaseKind, database: OpenedDatabase): Promise<Figure[]> {
  const { server, closeServer, orgId, token, call, testId, test } = await tutorWithTest(ctx, database, {
    account: ACCOUNT,
    orgName: 'Results Bench',
    testName: 'Results bench',
    questions: Array.from({ length: QUESTIONS }, (_, n) => scoredQuestion(n)),
  });
  const sharedTestId = (await call('POST', '/v2/shared-test/create', { testId, startTime: new Date(Date.now() - 86_400_000).toISOString() }))._id as string;

  ctx.log(`${kind}: seeding ${ATTEMPTS.toLocaleString('en')} submitted attempts of ${QUESTIONS} questions`);
  let started = performance.now();
  // Distinct submit times, 10 ms apart, as real submits have.
  const firstSubmit = Date.now() - ATTEMPTS * 10 - 60_000;
  await seedAttempts(database.db, {
    orgId,
    testId,
    questions: test.sections[0].questions,
    attempts: ATTEMPTS,
    prefix: 'r',
    chunk: 5_000,
    submittedAt: (i) => new Date(firstSubmit + i * 10),
  });
  // PostgreSQL's autovacuum would analyse the new rows within a minute; the benchmark does not
  // wait for it. PGlite has none: the results service refreshes the statistics itself.
  if (kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
  const seedS = (performance.now() - started) / 1000;
  ctx.log(`${kind}: seeded in ${round(seedS)} s`);
  const figures: Figure[] = [{ name: `seed ${ATTEMPTS.toLocaleString('en')} attempts × ${QUESTIONS} answers`, value: round(seedS), unit: 's', database: kind }];

  const base = `${server.baseUrl}/api/v2/shared-test/${sharedTestId}`;
  const headers = { 'x-access-token': token };
  const loadCtx = { ...ctx, settings: { ...ctx.settings, connections: CONNECTIONS } };
  const pages: [string, string, number?][] = [
    ['GET /attempts first page (default: latest submits)', '/attempts', PAGE_TARGET_MS],
    ['GET /attempts first page by score', '/attempts?sort=score&order=desc'],
    ['GET /attempts first page by name', '/attempts?sort=name&order=asc'],
    ['GET /results/summary', '/results/summary'],
  ];
  for (const [name, path, target] of pages) {
    const load = await measureLoad(loadCtx, `${kind} ${name}`, { url: `${base}${path}`, headers });
    figures.push(...loadFigures(name, kind, load, CONNECTIONS, target));
  }

  // The baseline: one query ranking and counting every attempt for each page.
  const naive = () =>
    sql`
    select a.id, s.name, s.contact, a.started_at, a.submitted_at, a.score, a.max_score,
      case when a.submitted_at is not null then rank() over (partition by a.submitted_at is not null order by a.score desc) end as rank,
      count(*) over () as total
    from attempts a join students s on s.id = a.student_id
    where a.shared_test_id = ${sharedTestId}
    order by a.submitted_at desc nulls first, a.id desc limit 50`.execute(database.db);
  ctx.log(`${kind}: baseline, the window query, ${CONNECTIONS} callers for ${ctx.settings.durationSec} s`);
  await closedLoop(CONNECTIONS, ctx.settings.warmupSec, naive);
  const naiveTimes = await closedLoop(CONNECTIONS, ctx.settings.durationSec, naive);
  figures.push(
    {
      name: 'baseline: page by rank() and count(*) windows p50',
      value: round(median(naiveTimes)),
      unit: 'ms',
      database: kind,
      detail: `${naiveTimes.length} queries by ${CONNECTIONS} callers, no HTTP`,
    },
    {
      name: 'baseline: page by rank() and count(*) windows p99',
      value: round(percentile(naiveTimes, 0.99)),
      unit: 'ms',
      database: kind,
      detail: `${naiveTimes.length} queries by ${CONNECTIONS} callers, no HTTP`,
    },
  );

  const exportFigures = async (file: 'csv' | 'xlsx', label: string, target?: number) => {
    const runs = [];
    for (let r = 0; r < (file === 'csv' ? EXPORT_REPEATS : 1); r++) {
      const run = await download(`${base}/results.${file}`, token);
      ctx.log(`${kind}: ${label} run ${r + 1}: ${round(run.ms)} ms, ${round(run.bytes / 1024 / 1024)} MB, RSS +${round(run.rssGrowthMb)} MB`);
      if (file === 'csv' && run.lines !== ATTEMPTS + 1) throw new Error(`the CSV has ${run.lines} lines, not ${ATTEMPTS + 1}`);
      runs.push(run);
    }
    const rate = median(runs.map((r) => ATTEMPTS / (r.ms / 1000)));
    const detail = `median of ${runs.length}; ${runs.map((r) => round(r.ms)).join(' / ')} ms; ${round(runs[0].bytes / 1024 / 1024)} MB`;
    return [
      {
        name: `${label} rows/s`,
        value: round(rate),
        unit: 'rows/s',
        database: kind,
        detail,
        ...(target ? { target: `>= ${target.toLocaleString('en')} rows/s`, meetsTarget: rate >= target } : {}),
      },
      {
        name: `${label} peak RSS growth`,
        value: round(Math.max(...runs.map((r) => r.rssGrowthMb))),
        unit: 'MB',
        database: kind,
        detail: `the file is ${round(runs[0].bytes / 1024 / 1024)} MB; garbage not yet collected included`,
      },
      {
        name: `${label} heap kept after it`,
        value: round(Math.max(...runs.map((r) => r.heapKeptMb))),
        unit: 'MB',
        database: kind,
        detail: 'after a full collection',
      },
    ] satisfies Figure[];
  };
  figures.push(...(await exportFigures('csv', `GET /results.csv (${ATTEMPTS.toLocaleString('en')} rows)`, CSV_TARGET_ROWS_PER_S)));

  ctx.log(`${kind}: publishing a corrected key (RE_EVALUATE) so the export joins rescores`);
  const first = test.sections[0].questions[0];
  started = performance.now();
  await call('PATCH', '/v2/report-repo/save-and-resolve', {
    test: { _id: testId },
    questions: [
      {
        question: { ...first, options: first.options.map((o: { isCorrect: boolean }, k: number) => ({ ...o, isCorrect: k === 3 })) },
        publishOption: 'RE_EVALUATE',
      },
    ],
  });
  ctx.log(`${kind}: published in ${round(performance.now() - started)} ms`);
  figures.push(...(await exportFigures('csv', `GET /results.csv after a re-evaluation`, CSV_TARGET_ROWS_PER_S)));

  // One batch's marks three ways: the view (its lateral rescore lookup per answer row), the
  // answer rows with the rescores hash-joined (attempts without a digest), the digests (the export).
  const repo = new ResultsRepository(database.db);
  const batch = await repo.exportBatch(sharedTestId, null, 2_000);
  const ids = batch.map((r) => r.id);
  const analysis = new AnalysisRepository(database.db);
  const tests = new TestEditorRepository(database.db);
  const overrides = new AnalysisService(analysis, new ReportRepository(database.db), tests);
  const columns = new Map<string, number>(test.sections[0].questions.map((q: { _id: string }, i: number) => [q._id, i]));
  const timesOf = async (work: () => Promise<unknown>) => {
    const times = [];
    for (let r = 0; r < 3; r++) {
      const begin = performance.now();
      await work();
      times.push(performance.now() - begin);
    }
    return median(times);
  };
  const viewMs = await timesOf(() =>
    sql`select attempt_id, json_object_agg(question_id, score) from attempt_answer_scores where attempt_id in (${sql.join(ids)}) group by attempt_id`.execute(
      database.db,
    ),
  );
  const answersMs = await timesOf(() => repo.marksFromAnswers(testId, ids, true));
  const digestsMs = await timesOf(() => new ExportMarks(testId, columns, repo, analysis, overrides).of(batch));
  const detail = 'median of 3, after one re-evaluation';
  figures.push(
    { name: 'baseline: marks of 2,000 attempts through the view attempt_answer_scores', value: round(viewMs), unit: 'ms', database: kind, detail },
    { name: 'marks of 2,000 attempts from answer rows, rescores hash-joined', value: round(answersMs), unit: 'ms', database: kind, detail },
    { name: 'marks of 2,000 attempts from their digests (the export)', value: round(digestsMs), unit: 'ms', database: kind, detail },
  );

  figures.push(...(await exportFigures('xlsx', `GET /results.xlsx (${ATTEMPTS.toLocaleString('en')} rows)`)));
  await closeServer();
  return figures;
}

export default benchmarkOnEachDatabase(
  'results',
  'Results: 100,000 attempts of a 100-question free test (attempts page, summary, CSV and XLSX export)',
  measure,
);
