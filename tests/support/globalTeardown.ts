import pg from 'pg';
import fs from 'node:fs';
import { pgTemplateDb, pgliteTemplatePath } from './paths';

export default async function globalTeardown(): Promise<void> {
  fs.rmSync(pgliteTemplatePath(), { force: true });
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${pgTemplateDb()}`);
  await admin.end();
}
