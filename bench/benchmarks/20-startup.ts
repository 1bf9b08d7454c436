import { spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '@server/db/database';
import { seedDemo } from '@server/demo';
import { loadConfig } from '@server/config';
import { freePort, stopChild } from '../lib/server';
import { median, round } from '../lib/stats';
import type { Benchmark, BenchContext, Figure } from '../lib/types';

/**
 * Time from starting `node --import tsx server/main.ts` on an existing embedded data directory
 * until GET /api/health answers 200: what an operator waits for after a restart. Includes Node
 * and tsx start-up, loading the server code, opening PGlite and checking migrations.
 */

const START_TIMEOUT_MS = 60_000;

async function timeOneStart(ctx: BenchContext, dataDir: string): Promise<{ ms: number; reportedMs?: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
    cwd: ctx.root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => stopChild(child);
  ctx.onCleanup(stop);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  try {
    const deadline = started + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${output}`);
      if (performance.now() > deadline) throw new Error(`server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - started;
    const reported = /started in (\d+) ms/.exec(output)?.[1];
    return { ms, reportedMs: reported === undefined ? undefined : Number(reported) };
  } finally {
    await stop();
  }
}

const benchmark: Benchmark = {
  id: 'startup',
  title: 'Server start on an existing data directory',
  async run(ctx) {
    const dataDir = ctx.tempDir('testforge-bench-start-');
    ctx.log('start-up: creating the data directory (migrations and demo data)');
    const database = await openDatabase({ dataDir });
    try {
      // With the config, as a real first start: the demo's picture is stored in DATA_DIR too.
      await seedDemo(database.db, loadConfig({ ...process.env, DATA_DIR: dataDir }));
    } finally {
      await database.close();
    }

    const times: number[] = [];
    const reported: number[] = [];
    for (let i = 1; i <= ctx.settings.startRepeats; i++) {
      const { ms, reportedMs } = await timeOneStart(ctx, dataDir);
      ctx.log(`  start ${i}/${ctx.settings.startRepeats}: ${Math.round(ms)} ms to the first 200 from /api/health`);
      times.push(ms);
      if (reportedMs !== undefined) reported.push(reportedMs);
    }
    const figures: Figure[] = [
      {
        name: 'server start to first /api/health 200 (median)',
        value: round(median(times)),
        unit: 'ms',
        database: 'pglite',
        detail: `${times.length} starts: ${times.map((t) => Math.round(t)).join(', ')} ms`,
      },
    ];
    if (reported.length) {
      figures.push({
        name: 'server-reported start, open to listen (median)',
        value: round(median(reported)),
        unit: 'ms',
        database: 'pglite',
        detail: `"started in N ms" printed by server/main.ts: ${reported.join(', ')} ms`,
      });
    }
    return { figures, notes: [] };
  },
};

export default benchmark;
