import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { JOB_SCHEMA } from './queue';

/** The SQL that reads pg-boss's own table (its schema JOB_SCHEMA), for `npm run admin -- jobs`. */
export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether pg-boss has made its table yet (it does when a server first starts on the database). */
  async installed(): Promise<boolean> {
    const { rows } = await sql<{ found: boolean }>`select to_regclass(${`${JOB_SCHEMA}.job`}) is not null as found`.execute(this.db);
    return Boolean(rows[0]?.found);
  }

  async countsByQueueAndState(): Promise<{ name: string; state: string; n: number }[]> {
    const { rows } = await sql<{ name: string; state: string; n: number }>`
      select name, state::text as state, count(*)::int as n from ${sql.table(`${JOB_SCHEMA}.job`)} group by name, state`.execute(this.db);
    return rows;
  }

  async latestFailures(limit: number): Promise<{ id: string; name: string; retry_count: number; completed_on: Date | null; output: unknown }[]> {
    const { rows } = await sql<{ id: string; name: string; retry_count: number; completed_on: Date | null; output: unknown }>`
      select id, name, retry_count, completed_on, output from ${sql.table(`${JOB_SCHEMA}.job`)}
      where state = 'failed' order by completed_on desc nulls last limit ${limit}`.execute(this.db);
    return rows;
  }
}
