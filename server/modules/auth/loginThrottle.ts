import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * Counts failed logins per account key (org code + e-mail, whether or not such an account
 * exists, so the lock tells a guesser nothing). Kept in the database so that every server
 * process behind a load balancer sees the same count.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limit: number,
    private readonly lockMs: number,
  ) {}

  static key(orgCode: string, email: string): string {
    return `${orgCode.trim().toLowerCase()}:${email.trim().toLowerCase()}`;
  }

  async assertNotLocked(key: string, now: Date): Promise<void> {
    const row = await this.db.selectFrom('login_failures').select('locked_until').where('account_key', '=', key).executeTakeFirst();
    if (row?.locked_until && row.locked_until > now) {
      const minutes = Math.max(1, Math.ceil((row.locked_until.getTime() - now.getTime()) / 60_000));
      throw new AppError(429, 'ACCOUNT_LOCKED', 'accountLocked', { minutes });
    }
  }

  async recordFailure(key: string, now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - this.lockMs);
    const lockUntil = new Date(now.getTime() + this.lockMs);
    // One statement, so concurrent failures are all counted.
    await sql`
      insert into login_failures (account_key, failures, window_started_at, locked_until)
      values (${key}, 1, ${now}, ${this.limit <= 1 ? lockUntil : null})
      on conflict (account_key) do update set
        failures = case when login_failures.window_started_at < ${windowStart} then 1 else login_failures.failures + 1 end,
        window_started_at = case when login_failures.window_started_at < ${windowStart} then ${now} else login_failures.window_started_at end,
        locked_until = case
          when login_failures.window_started_at >= ${windowStart} and login_failures.failures + 1 >= ${this.limit} then ${lockUntil}
          else login_failures.locked_until end`.execute(this.db);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', key).execute();
  }
}
