// Issue 19 figures for docs/scaling.md: two server processes on a fresh PostgreSQL database; the
// time from a logout on A to the first 401 on B, from a commit to its notice, and of one
// rate-limit upsert. `node --import tsx scripts/measure-notices.ts` (POSTGRES_URL: an admin URL).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const admin = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `tf_h19a_measure_${process.pid}`;
async function main() {
  const c = new pg.Client(admin);
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  const db = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await createOrg(db.db, { code: 'MEAS', name: 'M', days: 30 });
  await createUser(db.db, { orgCode: 'MEAS', email: 't@m.example', name: 'T', password: 'correct-horse-1' });
  const procs = [3931, 3932].map((port) =>
    spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'server/main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        CHROMIUM_PATH: '',
        SESSION_CACHE_MS: '60000',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      },
      stdio: 'ignore',
    }),
  );
  for (const port of [3931, 3932])
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) break;
      } catch {
        /* not listening yet */
      }
      await wait(200);
    }
  const call = (port: number, method: string, path: string, token?: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { ...(token ? { 'x-access-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const logoutToRefusal: number[] = [];
  const cachedCall: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const token = (
      (await (await call(3931, 'POST', '/api/auth/login', undefined, { orgCode: 'MEAS', email: 't@m.example', password: 'correct-horse-1' })).json()) as any
    ).data.token;
    await call(3932, 'GET', '/api/auth/user', token);
    const t0 = performance.now();
    await call(3932, 'GET', '/api/auth/user', token);
    cachedCall.push(performance.now() - t0);
    await call(3931, 'POST', '/api/auth/logout', token);
    const start = performance.now();
    while ((await call(3932, 'GET', '/api/auth/user', token)).status !== 401) {
      /* back to back */
    }
    logoutToRefusal.push(performance.now() - start);
  }
  // Raw NOTIFY: commit on one connection -> notification on another.
  const listener = new pg.Client(url);
  await listener.connect();
  await listener.query('listen testforge_changes');
  const writer = new pg.Client(url);
  await writer.connect();
  const notify: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const heard = new Promise<void>((r) => listener.once('notification', () => r()));
    const t0 = performance.now();
    await writer.query(`update organizations set name = name || '' where code = 'MEAS'`);
    await heard;
    notify.push(performance.now() - t0);
  }
  // Rate limit counting in PostgreSQL: the upsert alone.
  const upsert: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const t0 = performance.now();
    await writer.query(
      `insert into rate_limits as r (key, hits, resets_at) values ('m', 1, clock_timestamp() + interval '1 minute') on conflict (key) do update set hits = case when r.resets_at <= clock_timestamp() then 1 else r.hits + 1 end, resets_at = case when r.resets_at <= clock_timestamp() then excluded.resets_at else r.resets_at end returning hits`,
    );
    upsert.push(performance.now() - t0);
  }
  const f = (xs: number[]) => `median ${q(xs, 0.5).toFixed(1)} ms, p95 ${q(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(`logout on A -> first 401 on B (20): ${f(logoutToRefusal)}`);
  console.log(`cached GET /api/auth/user on B (20): ${f(cachedCall)}`);
  console.log(`commit -> NOTIFY heard (20): ${f(notify)}`);
  console.log(`rate-limit upsert (200): ${f(upsert)}`);
  await listener.end();
  await writer.end();
  for (const p of procs) p.kill('SIGTERM');
  await wait(1500);
  await db.close();
  const d = new pg.Client(admin);
  await d.connect();
  await d.query(`drop database ${name} with (force)`);
  await d.end();
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
