import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** What /api/health and /api/ready ask the database. */
export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Reads a table (not just a connection): the schema is there and readable. */
  async readsTables(): Promise<void> {
    await this.db.selectFrom('organizations').select('id').limit(1).execute();
  }

  /** The cheapest round trip: the database answers. */
  async answers(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
