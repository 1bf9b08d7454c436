import { sql } from 'kysely';
import type { OpenedDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';
import { once } from '../lib/once';
import { loadFigures, measureLoad } from '../lib/load';
import { benchmarkOnEachDatabase } from '../lib/databases';
import { callJson, startServer } from '../lib/server';
import { median, round } from '../lib/stats';
import type { BenchContext, DatabaseKind, Figure } from '../lib/types';

/**
 * The library at size: one organisation with 100,000 tests in 10,100 folders (100 top folders,
 * 10 units in each, 9 lessons in each unit), listed at 50 connections; then selectAll move and
 * delete of a folder holding 10,000 tests.
 */
const ACCOUNT = { orgCode: 'LIBBENCH', email: 'library@example.com', password: 'bench-password-1' };
const TARGET_MS = { pglite: 50, postgres: 20 } as const;
const BULK_TARGET_MS = 1000;

async function fill(database: OpenedDatabase): Promise<{ orgId: string; userId: string }> {
  const org = await createOrg(database.db, { code: ACCOUNT.orgCode, name: 'Library Bench', days: 365 });
  const { user } = await createUser(database.db, { orgCode: ACCOUNT.orgCode, email: ACCOUNT.email, password: ACCOUNT.password, name: 'Bench Tutor' });
  const o = org.id;
  const u = user.id;
  const db = database.db;
  await sql`insert into folders (id, org_id, owner_id, parent_id, path, level, name)
    select 'a' || i, ${o}, ${u}, null, '/', 0, 'Folder ' || i from generate_series(1, 100) i`.execute(db);
  await sql`insert into folders (id, org_id, owner_id, parent_id, path, level, name)
    select 'b' || i || '-' || j, ${o}, ${u}, 'a' || i, '/a' || i || '/', 1, 'Unit ' || j
    from generate_series(1, 100) i, generate_series(1, 10) j`.execute(db);
  await sql`insert into folders (id, org_id, owner_id, parent_id, path, level, name)
    select 'c' || i || '-' || j || '-' || k, ${o}, ${u}, 'b' || i || '-' || j, '/a' || i || '/b' || i || '-' || j || '/', 2, 'Lesson ' || k
    from generate_series(1, 100) i, generate_series(1, 10) j, generate_series(1, 9) k`.execute(db);
  await sql`insert into tests (id, org_id, owner_id, parent_folder_id, name, updated_at, opened_at)
    select md5(f.id || '-' || n), ${o}, ${u}, f.id, 'Test ' || f.name || ' ' || n, now() - (n || ' minutes')::interval,
      case when n = 1 and f.level = 2 then now() - (random() * interval '30 days') end
    from folders f, generate_series(1, 10) n where f.org_id = ${o} and f.level > 0`.execute(db);
  await sql`analyze`.execute(db);
  return { orgId: o, userId: u };
}

/** A folder holding `count` tests, for the bulk actions. */
async function bulkFolder(database: OpenedDatabase, owner: { orgId: string; userId: string }, id: string, count: number) {
  await sql`insert into folders (id, org_id, owner_id, parent_id, path, level, name) values (${id}, ${owner.orgId}, ${owner.userId}, null, '/', 0, ${id})`.execute(
    database.db,
  );
  await sql`insert into tests (id, org_id, owner_id, parent_folder_id, name)
    select ${id} || '-' || n, ${owner.orgId}, ${owner.userId}, ${id}, 'Bulk ' || n from generate_series(1, ${count}) n`.execute(database.db);
}

async function timed(action: () => Promise<{ status: number; body: any }>): Promise<number> {
  const started = performance.now();
  const res = await action();
  if (res.status !== 200) throw new Error(`answered ${res.status}: ${JSON.stringify(res.body)}`);
  return round(performance.now() - started);
}

async function measure(ctx: BenchContext, kind: DatabaseKind, database: OpenedDatabase): Promise<Figure[]> {
  ctx.log(`${kind}: filling 10,100 folders and 100,000 tests`);
  const fillStarted = performance.now();
  const owner = await fill(database);
  const fillMs = round(performance.now() - fillStarted);
  const server = await startServer(database);
  const closeServer = once(() => server.close());
  ctx.onCleanup(closeServer);
  const login = await callJson(`${server.baseUrl}/api/auth/login`, { method: 'POST', body: ACCOUNT });
  const headers = { 'x-access-token': login.body.data.token as string };

  const calls: [string, string][] = [
    ['GET /folder/childrens root (100 folders, recent tests)', '/api/folder/childrens/0?folderLimit=100&testLimit=10&showRecent=true'],
    ['GET /folder/childrens deep folder', '/api/folder/childrens/c50-5-5?folderLimit=100&testLimit=10'],
    ['GET /folder/childrens search', '/api/folder/childrens/b50-5?searchString=lesson%201'],
  ];
  const figures: Figure[] = [{ name: 'fill 100,000 tests in 10,100 folders', value: fillMs, unit: 'ms', database: kind }];
  for (const [name, path] of calls) {
    const check = await callJson(`${server.baseUrl}${path}`, { headers });
    if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
    const load = await measureLoad(ctx, `${kind} ${name}`, { url: `${server.baseUrl}${path}`, headers });
    figures.push(...loadFigures(name, kind, load, ctx.settings.connections, TARGET_MS[kind]));
  }

  // First loads: 200 lessons never listed before, one at a time (each one a cache miss).
  const firstLoads: number[] = [];
  for (let i = 1; i <= 200; i++) {
    const started = performance.now();
    const res = await callJson(`${server.baseUrl}/api/folder/childrens/c${(i % 100) + 1}-${(i % 10) + 1}-${(i % 9) + 1}?testLimit=10`, { headers });
    if (res.status !== 200) throw new Error(`first load answered ${res.status}`);
    firstLoads.push(performance.now() - started);
  }
  figures.push(
    { name: 'first load of a folder (cache miss), one at a time, median', value: round(median(firstLoads)), unit: 'ms', database: kind, detail: '200 folders' },
    {
      name: 'first load of a folder (cache miss), one at a time, slowest',
      value: round(Math.max(...firstLoads)),
      unit: 'ms',
      database: kind,
      detail: '200 folders',
    },
  );

  // The listing statement alone under load: a second server on the same database, cache off.
  const uncached = await startServer(database, { libraryCacheBytes: 0 });
  const closeUncached = once(() => uncached.close());
  ctx.onCleanup(closeUncached);
  for (const [name, path] of calls.slice(0, 2)) {
    const load = await measureLoad(ctx, `${kind} ${name} (cache off)`, { url: `${uncached.baseUrl}${path}`, headers });
    figures.push(...loadFigures(`${name} (cache off)`, kind, load, ctx.settings.connections));
  }
  await closeUncached();

  ctx.log(`${kind}: bulk actions on 10,000 tests`);
  await bulkFolder(database, owner, 'bulk-from', 10_000);
  await bulkFolder(database, owner, 'bulk-to', 0);
  const moveMs = await timed(() =>
    callJson(`${server.baseUrl}/api/folder/move`, {
      method: 'POST',
      headers,
      body: { parentFolderId: 'bulk-from', destinationFolderId: 'bulk-to', selectAll: true },
    }),
  );
  const deleteTestsMs = await timed(() =>
    callJson(`${server.baseUrl}/api/test`, { method: 'DELETE', headers, body: { parentFolderId: 'bulk-to', selectAll: true } }),
  );
  await bulkFolder(database, owner, 'bulk-folder', 10_000);
  const deleteFolderMs = await timed(() => callJson(`${server.baseUrl}/api/folder`, { method: 'DELETE', headers, body: { folderIds: ['bulk-folder'] } }));
  await closeServer();
  const bulk = (name: string, value: number): Figure => ({
    name,
    value,
    unit: 'ms',
    database: kind,
    target: `< ${BULK_TARGET_MS} ms`,
    meetsTarget: value < BULK_TARGET_MS,
  });
  figures.push(
    bulk('selectAll move of 10,000 tests', moveMs),
    bulk('selectAll delete of 10,000 tests', deleteTestsMs),
    bulk('delete a folder holding 10,000 tests', deleteFolderMs),
  );
  return figures;
}

export default benchmarkOnEachDatabase('library', 'Library listing at 100,000 tests; bulk move and delete', measure);
