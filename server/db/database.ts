import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema';
import { lockDataDir } from './lock';
import { pgliteConfig } from './pgliteConnection';
import * as m001 from './migrations/001_accounts';
import * as m002 from './migrations/002_library';
import * as m003 from './migrations/003_links';
import * as m004 from './migrations/004_library_indexes';
import * as m005 from './migrations/005_library_versions';
import * as m006 from './migrations/006_org_fonts';
import * as m007 from './migrations/007_students';
import * as m008reevaluation from './migrations/008_reevaluation';
import * as m009freeTestAttempts from './migrations/009_free_test_attempts';
import * as m010studentProof from './migrations/010_student_proof';
import * as m011results from './migrations/011_results';
import * as m012resultsCounters from './migrations/012_results_counters';
import * as m013analysis from './migrations/013_analysis';
import * as m014changeNotices from './migrations/014_change_notices';
import * as m015answerOrder from './migrations/015_answer_order';
import * as m016expirySweep from './migrations/016_expiry_sweep';
import * as m017trash from './migrations/017_trash';
import * as m018publishAtScale from './migrations/018_publish_at_scale';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** True when the database had no migrations applied before this open: first start. */
  wasEmpty: boolean;
  pglite?: PGlite;
  /** PostgreSQL's URL: a process opens one more connection of its own on it to LISTEN (server/db/changes.ts). */
  connectionString?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Embedded database directory; omitted (with no URL) means in memory. */
  dataDir?: string;
  /** A dumped PGlite data directory to start from (tests load one migrated template per run). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_library': m002,
  '003_links': m003,
  '004_library_indexes': m004,
  '005_library_versions': m005,
  '006_org_fonts': m006,
  '007_students': m007,
  '008_reevaluation': m008reevaluation,
  '009_free_test_attempts': m009freeTestAttempts,
  '010_student_proof': m010studentProof,
  '011_results': m011results,
  '012_results_counters': m012resultsCounters,
  '013_analysis': m013analysis,
  '014_change_notices': m014changeNotices,
  '015_answer_order': m015answerOrder,
  '016_expiry_sweep': m016expirySweep,
  '017_trash': m017trash,
  '018_publish_at_scale': m018publishAtScale,
};

export async function migrate(db: Kysely<Database>): Promise<{ applied: string[]; wasEmpty: boolean }> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.getMigrations();
  const wasEmpty = before.every((m) => !m.executedAt);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName), wasEmpty };
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that PostgreSQL ends (a restart, an administrator, a dropped database)
    // is an 'error' event on the pool: without a listener it would crash the process. The pool
    // drops that connection and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    // The cursor lets a query's rows be read as they come (Kysely's stream): the results export.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
    try {
      const { wasEmpty } = await migrate(db);
      return { db, kind: 'postgres', wasEmpty, connectionString: options.databaseUrl, close: () => db.destroy() };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }

  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const pglite = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pg') : undefined,
      loadDataDir: options.loadDataDir,
    });
    const pool = new pg.Pool(pgliteConfig(pglite) as pg.PoolConfig);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const { wasEmpty } = await migrate(db);
    return {
      db,
      kind: 'pglite',
      wasEmpty,
      pglite,
      close: async () => {
        await db.destroy();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
