import type { RateLimitRepository } from './rateLimitRepository';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Where @fastify/rate-limit counts requests:
 * - `REDIS_URL` set: in Redis (the plugin's own store, through ioredis);
 * - else on PostgreSQL: in the database, one statement per counted request (RateLimitRepository.hit),
 *   so N server processes allow what one would;
 * - else (the embedded database: one process) in the process's memory.
 *
 * The plugin builds a store per route with `child`; a key is the route's method and URL and the
 * route's key (the address, or the address and free test).
 */
export function databaseRateLimitStore(limits: RateLimitRepository) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    // The plugin passes the route's window (its types leave it out).
    incr(key: string, callback: Incr, timeWindow = 60_000): void {
      limits.hit(this.prefix + key, timeWindow).then(
        ({ hits, ttl }) => callback(null, { current: hits, ttl }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin passes the route's merged options, with the route as `routeInfo` (its types say otherwise). */
    child(routeOptions: object): DatabaseRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${String(route?.method ?? '')}${route?.url ?? ''}-`);
    }
  };
}
