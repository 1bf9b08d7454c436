import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Where @fastify/rate-limit counts requests:
 * - `REDIS_URL` set: in Redis (the plugin's own store, through ioredis);
 * - else on PostgreSQL: in the database, one statement per counted request (an upsert on the
 *   unlogged table `rate_limits`), so N server processes allow what one would;
 * - else (the embedded database: one process) in the process's memory.
 *
 * The plugin builds a store per route with `child`; a key is the route's method and URL and the
 * route's key (the address, or the address and free test).
 */
export function databaseRateLimitStore(db: Kysely<Database>) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    // The plugin passes the route's window (its types leave it out).
    incr(key: string, callback: Incr, timeWindow = 60_000): void {
      // The database's clock, so that every process agrees when a window ends.
      sql<{ hits: number; ttl: number }>`
        insert into rate_limits as r (key, hits, resets_at)
        values (${this.prefix + key}, 1, clock_timestamp() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.resets_at <= clock_timestamp() then 1 else r.hits + 1 end,
          resets_at = case when r.resets_at <= clock_timestamp() then excluded.resets_at else r.resets_at end
        returning hits, greatest(0, ceil(extract(epoch from (resets_at - clock_timestamp())) * 1000))::integer as ttl`
        .execute(db)
        .then(({ rows: [row] }) => callback(null, { current: row!.hits, ttl: row!.ttl }), (error: Error) => callback(error));
    }

    /** The plugin passes the route's merged options, with the route as `routeInfo` (its types say otherwise). */
    child(routeOptions: object): DatabaseRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${String(route?.method ?? '')}${route?.url ?? ''}-`);
    }
  };
}

/** Counters whose window has ended (run hourly with the session purge). */
export async function purgeRateLimits(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('rate_limits').where('resets_at', '<', sql<Date>`clock_timestamp()`).execute();
}
