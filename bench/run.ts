/**
 * `npm run bench [-- ID...]`: runs every benchmark in bench/benchmarks/ (in file-name order),
 * or those whose id is given, prints a table of the figures and writes them to
 * bench/results/latest.json. Everything runs on this machine (127.0.0.1) and stops by itself.
 *
 * A benchmark is a file in bench/benchmarks/ whose default export is a `Benchmark`
 * (bench/lib/types.ts): add a file to add one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onLoopback } from './lib/postgres';
import { round } from './lib/stats';
import type { Benchmark, BenchContext, BenchSettings, DatabaseKind, Figure } from './lib/types';

const ROOT = path.resolve(__dirname, '..');
const BENCH_DIR = path.join(__dirname, 'benchmarks');
const RESULTS_DIR = path.join(__dirname, 'results');
/** The whole run is cut off after this long, whatever a benchmark does. */
const RUN_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_SEC ?? 3600) * 1000;

function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== '' && process.env[name] !== undefined ? value : fallback;
}

const settings: BenchSettings = {
  durationSec: numberFrom('BENCH_DURATION_SEC', 5),
  warmupSec: numberFrom('BENCH_WARMUP_SEC', 2),
  connections: numberFrom('BENCH_CONNECTIONS', 50),
  startRepeats: numberFrom('BENCH_START_REPEATS', 5),
  renderRepeats: Math.max(1, numberFrom('BENCH_RENDER_REPEATS', 15)),
  renderWarmups: numberFrom('BENCH_RENDER_WARMUPS', 3),
  postgresUrl: onLoopback(process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres'),
  databases: (process.env.BENCH_DATABASES || 'pglite,postgres')
    .split(',')
    .map((kind) => kind.trim())
    .filter((kind): kind is DatabaseKind => kind === 'pglite' || kind === 'postgres'),
};

const cleanups: (() => Promise<void> | void)[] = [];
async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup failed: ${(error as Error).message}`);
    }
  }
}

const ctx: BenchContext = {
  root: ROOT,
  settings,
  log: (message) => process.stderr.write(`${message}\n`),
  onCleanup: (cleanup) => void cleanups.push(cleanup),
  tempDir: (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.unshift(() => fs.rmSync(dir, { recursive: true, force: true })); // removed last
    return dir;
  },
};

async function loadBenchmarks(): Promise<{ file: string; benchmark: Benchmark }[]> {
  const files = fs
    .readdirSync(BENCH_DIR)
    .filter((name) => /\.ts$/.test(name) && !name.endsWith('.d.ts'))
    .sort();
  const loaded = [];
  for (const file of files) {
    const module = await import(path.join(BENCH_DIR, file));
    const benchmark = (module.default?.default ?? module.default) as Benchmark | undefined;
    if (!benchmark || typeof benchmark.run !== 'function') throw new Error(`bench/benchmarks/${file} has no default Benchmark export`);
    loaded.push({ file, benchmark });
  }
  return loaded;
}

interface Row extends Figure {
  benchmark: string;
}

function formatValue(figure: Figure): string {
  return figure.value === null ? 'n/a' : `${round(figure.value)} ${figure.unit}`;
}

function printTable(rows: Row[]): void {
  const header = ['benchmark', 'figure', 'db', 'value', 'target'];
  const lines = rows.map((row) => [
    row.benchmark,
    row.name,
    row.database ?? '',
    formatValue(row),
    row.target ? `${row.target} ${row.meetsTarget ? 'ok' : 'MISSED'}` : '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const all = await loadBenchmarks();
  const unknown = wanted.filter((id) => !all.some(({ benchmark }) => benchmark.id === id));
  if (unknown.length) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; there are: ${all.map(({ benchmark }) => benchmark.id).join(', ')}`);
    return 2;
  }
  const selected = wanted.length ? all.filter(({ benchmark }) => wanted.includes(benchmark.id)) : all;

  const startedAt = new Date();
  const rows: Row[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  ctx.log(
    `Testforge benchmarks on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}; ` +
      `${settings.durationSec} s per measurement after ${settings.warmupSec} s warm-up`,
  );
  for (const { benchmark } of selected) {
    ctx.log(`\n== ${benchmark.id}: ${benchmark.title}`);
    const began = performance.now();
    try {
      const result = await benchmark.run(ctx);
      rows.push(...result.figures.map((figure) => ({ benchmark: benchmark.id, ...figure })));
      notes.push(...result.notes.map((note) => `${benchmark.id}: ${note}`));
    } catch (error) {
      const message = `${benchmark.id}: FAILED: ${(error as Error).stack ?? String(error)}`;
      failures.push(message);
      ctx.log(message);
    } finally {
      await runCleanups();
    }
    ctx.log(`   (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  }

  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `\nTestforge benchmarks, ${startedAt.toISOString()}: ${os.cpus().length} CPU, Node ${process.version}, load average ${load}; ` +
      `${settings.connections} connections, ${settings.durationSec} s per measurement after ${settings.warmupSec} s warm-up; medians of repeats.\n`,
  );
  printTable(rows);
  for (const note of notes) console.log(`note: ${note}`);
  for (const failure of failures) console.log(failure.split('\n')[0]);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: round(os.totalmem() / 1024 ** 3),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      loadAverage: os.loadavg(),
    },
    settings: { ...settings, postgresUrl: new URL(settings.postgresUrl).host },
    benchmarks: selected.map(({ benchmark }) => benchmark.id),
    figures: rows,
    notes,
    failures,
  };
  const file = path.join(RESULTS_DIR, 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(ROOT, file)}`);
  return failures.length ? 1 : 0;
}

const limit = setTimeout(() => {
  console.error(`Benchmarks stopped: still running after ${RUN_LIMIT_MS / 1000} s`);
  void runCleanups().finally(() => process.exit(1));
}, RUN_LIMIT_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main().then(
  async (code) => {
    clearTimeout(limit);
    await runCleanups();
    // Exit now: a pool or worker left behind by a benchmark must not keep the run open.
    process.exit(code);
  },
  async (error) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  },
);
