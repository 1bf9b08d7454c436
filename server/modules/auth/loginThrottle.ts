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

  /**
   * Counts this attempt before its password is checked, in one statement, so that attempts sent
   * at once each get their own number: only the first `limit` of a window are checked at all, and
   * the rest are refused as locked (before this, 50 parallel guesses were all checked). A lock
   * that has run out starts a new window.
   */
  async countAttempt(key: string, now: Date): Promise<{ attempt: number }> {
    const windowStart = new Date(now.getTime() - this.lockMs);
    const lockUntil = new Date(now.getTime() + this.lockMs);
    // A new window: the last lock has run out, or the last failures are older than the lock time.
    // (coalesce: with no lock, `locked_until <= now` is null, and `not null` would skip the lock below.)
    const restart = sql`(coalesce(login_failures.locked_until <= ${now}, false) or (login_failures.locked_until is null and login_failures.window_started_at < ${windowStart}))`;
    const row = await sql<{ failures: number; locked_until: Date | null }>`
      insert into login_failures (account_key, failures, window_started_at, locked_until)
      values (${key}, 1, ${now}, null)
      on conflict (account_key) do update set
        failures = case when ${restart} then 1 else login_failures.failures + 1 end,
        window_started_at = case when ${restart} then ${now} else login_failures.window_started_at end,
        locked_until = case
          when login_failures.locked_until > ${now} then login_failures.locked_until
          when not (${restart}) and login_failures.failures + 1 > ${this.limit} then ${lockUntil}
          else null end
      returning failures, locked_until`
      .execute(this.db)
      .then((result) => result.rows[0]!);
    if (row.locked_until && new Date(row.locked_until) > now) throw this.locked(new Date(row.locked_until), now);
    return { attempt: row.failures };
  }

  /** A checked attempt that failed: the one that reaches the limit locks the account. */
  async recordFailure(key: string, attempt: number, now: Date): Promise<void> {
    if (attempt < this.limit) return;
    await this.db
      .updateTable('login_failures')
      .set({ locked_until: new Date(now.getTime() + this.lockMs) })
      .where('account_key', '=', key)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .execute();
  }

  private locked(until: Date, now: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return new AppError(429, 'ACCOUNT_LOCKED', 'accountLocked', { minutes });
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', key).execute();
  }
}
