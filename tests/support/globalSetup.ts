import './registerAliases';
import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '@server/db/database';
import { pgTemplateDb, pgliteTemplatePath, TMP_DIR } from './paths';

/**
 * Creating a PGlite database takes seconds; loading a dump of one takes under one. So the run
 * makes one migrated template and every suite loads it. On PostgreSQL the same: one migrated
 * template database, and each suite gets `create database ... template ...`.
 */
export default async function globalSetup(): Promise<void> {
  process.env.TESTFORGE_TEST_RUN = crypto.randomBytes(4).toString('hex');
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const database = await openDatabase({});
  // Not compressed: each suite's load skips the gunzip (PGlite create 0.7 → 0.4 s).
  const dump = await database.pglite!.dumpDataDir('none');
  fs.writeFileSync(pgliteTemplatePath(), Buffer.from(await dump.arrayBuffer()));
  await database.close();

  const url = process.env.TEST_POSTGRES_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${pgTemplateDb()}`);
    await admin.query(`create database ${pgTemplateDb()}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: withDatabase(url, pgTemplateDb()), poolSize: 1 });
    await template.close();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
