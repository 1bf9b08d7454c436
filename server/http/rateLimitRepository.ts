import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The SQL of request rate limits on PostgreSQL: the unlogged table `rate_limits`, one row per counted key. */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one request in one statement (an upsert), so N server processes allow what one would.
   * The database's clock, so that every process agrees when a window ends.
   */
  async hit(key: string, windowMs: number): Promise<{ hits: number; ttl: number }> {
    const { rows } = await sql<{ hits: number; ttl: number }>`
      insert into rate_limits as r (key, hits, resets_at)
      values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.resets_at <= clock_timestamp() then 1 else r.hits + 1 end,
        resets_at = case when r.resets_at <= clock_timestamp() then excluded.resets_at else r.resets_at end
      returning hits, greatest(0, ceil(extract(epoch from (resets_at - clock_timestamp())) * 1000))::integer as ttl`.execute(this.db);
    return rows[0]!;
  }

  /** Counters whose window has ended (run hourly with the session purge). */
  async purge(): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('resets_at', '<', sql<Date>`clock_timestamp()`)
      .execute();
  }
}
