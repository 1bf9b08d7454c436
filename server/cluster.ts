import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { loadConfig } from './config';
import { openDatabase } from './db/database';

/**
 * `npm run cluster -- --workers N`: N server processes on one machine sharing one port (Node's
 * cluster module hands each new connection to a worker in turn) and one PostgreSQL. The primary
 * runs the migrations once, starts the workers, starts a new one when one dies, and on SIGTERM
 * or SIGINT asks each to shut down gracefully (server/main.ts) and waits for them.
 */
const USAGE = 'Usage: npm run cluster -- --workers N   (DATABASE_URL=postgres://... required for more than one)';

function workersFrom(args: string[]): number {
  const index = args.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  if (index < 0) return Math.max(1, os.availableParallelism());
  const value = args[index].includes('=') ? args[index].split('=')[1] : args[index + 1];
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    console.error(`--workers must be a whole number from 1 to 256 (got ${value ?? 'nothing'}).\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function primary(): Promise<void> {
  const workers = workersFrom(process.argv.slice(2));
  const config = loadConfig();
  if (!config.databaseUrl && workers > 1) {
    console.error(`Testforge cluster: ${workers} workers need PostgreSQL (DATABASE_URL); the embedded database belongs to one process.\n${USAGE}`);
    process.exit(2);
  }
  if (config.databaseUrl) {
    // Migrations once, before any worker (each worker would otherwise queue on the migration lock).
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    await database.close();
  }

  let stopping = false;
  const startedAt = new Map<number, number>();
  let quickDeaths = 0;
  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    if (quickDeaths > 5) {
      console.error('Testforge cluster: workers keep dying at start; giving up.');
      process.exit(1);
    }
    console.error(`Testforge cluster: worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, quickDeaths ? 1_000 : 0);
  });
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers)
      console.log(`Testforge cluster: ${workers} worker${workers === 1 ? '' : 's'} on port ${config.port} (primary pid ${process.pid})`);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Testforge cluster: ${signal}, stopping ${Object.keys(cluster.workers ?? {}).length} workers gracefully`);
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.process.pid) process.kill(worker.process.pid, 'SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < workers; i += 1) fork();
}

if (cluster.isPrimary) {
  primary().catch((error) => {
    console.error('Testforge cluster failed to start:', error);
    process.exit(1);
  });
} else {
  // A worker is the server as `npm run serve` runs it.
  void import('./main');
}
