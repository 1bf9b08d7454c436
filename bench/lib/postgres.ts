import crypto from 'node:crypto';
import pg from 'pg';
import { portAnswers } from './server';

export interface BenchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** localhost may resolve to ::1 or elsewhere: the benchmarks name 127.0.0.1 itself. */
export function onLoopback(adminUrl: string): string {
  const url = new URL(adminUrl);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.toString();
}

/**
 * Whether the run can use PostgreSQL: the server in BENCH_POSTGRES_URL must be on this machine,
 * answer on its port, and accept the login. Answers a note saying why not, or null.
 */
export async function postgresUnavailable(adminUrl: string): Promise<string | null> {
  const url = new URL(adminUrl);
  if (url.hostname !== '127.0.0.1') return `PostgreSQL skipped: ${url.hostname} is not this machine (benchmarks only talk to 127.0.0.1)`;
  const port = Number(url.port || 5432);
  if (!(await portAnswers('127.0.0.1', port))) return `PostgreSQL skipped: nothing answers on 127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL skipped: cannot use 127.0.0.1:${port} (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh, empty database for this run (the server migrates it on open); drop() removes it. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `testforge_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
