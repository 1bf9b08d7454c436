import pg from 'pg';
import { PG_TEMPLATE_DB } from './paths';

export default async function globalTeardown(): Promise<void> {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_TEMPLATE_DB}`);
  await admin.end();
}
