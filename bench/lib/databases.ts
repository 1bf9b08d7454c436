import { openDatabase, type OpenedDatabase } from '@server/db/database';
import { once } from './once';
import { createBenchDatabase, postgresUnavailable } from './postgres';
import type { Benchmark, BenchContext, DatabaseKind, Figure } from './types';

/**
 * Runs one measurement on the embedded database (PGlite in a fresh data directory, as
 * `npm start` runs) and then on PostgreSQL (a database made for the run and dropped after, with
 * the server's default pool), or notes why PostgreSQL was skipped.
 */
export async function measureOnEachDatabase(
  ctx: BenchContext,
  measure: (kind: DatabaseKind, database: OpenedDatabase) => Promise<Figure[]>,
): Promise<{ figures: Figure[]; notes: string[] }> {
  const figures: Figure[] = [];
  const notes: string[] = [];

  if (ctx.settings.databases.includes('pglite')) {
    ctx.log('PGlite: creating a data directory');
    const pglite = await openDatabase({ dataDir: ctx.tempDir('testforge-bench-pglite-') });
    const closePglite = once(() => pglite.close());
    ctx.onCleanup(closePglite);
    figures.push(...(await measure('pglite', pglite)));
    await closePglite();
  }
  if (!ctx.settings.databases.includes('postgres')) return { figures, notes };

  const unavailable = await postgresUnavailable(ctx.settings.postgresUrl);
  if (unavailable) {
    notes.push(unavailable);
    return { figures, notes };
  }
  const created = await createBenchDatabase(ctx.settings.postgresUrl);
  ctx.onCleanup(created.drop);
  ctx.log('PostgreSQL: fresh database created for the run');
  const postgres = await openDatabase({ databaseUrl: created.url });
  const closePostgres = once(() => postgres.close());
  ctx.onCleanup(closePostgres);
  figures.push(...(await measure('postgres', postgres)));
  await closePostgres();
  await created.drop();
  return { figures, notes };
}

/** A benchmark that is one measurement on each database. */
export function benchmarkOnEachDatabase(
  id: string,
  title: string,
  measure: (ctx: BenchContext, kind: DatabaseKind, database: OpenedDatabase) => Promise<Figure[]>,
): Benchmark {
  return { id, title, run: (ctx) => measureOnEachDatabase(ctx, (kind, database) => measure(ctx, kind, database)) };
}
