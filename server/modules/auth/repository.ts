import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The SQL of failed logins per account key (table login_failures): kept in the database so that
 * every server process behind a load balancer sees the same count.
 */
export class LoginFailuresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts an attempt in one statement, so that attempts sent at once each get their own number.
   * A new window starts when the last lock has run out, or the last failures are older than
   * `windowStart`; the attempt after the `limit`-th of a window locks the key until `lockUntil`.
   */
  countAttempt(key: string, now: Date, windowStart: Date, lockUntil: Date, limit: number): Promise<{ failures: number; locked_until: Date | null }> {
    // (coalesce: with no lock, `locked_until <= now` is null, and `not null` would skip the lock below.)
    const restart = sql`(coalesce(login_failures.locked_until <= ${now}, false) or (login_failures.locked_until is null and login_failures.window_started_at < ${windowStart}))`;
    return sql<{ failures: number; locked_until: Date | null }>`
      insert into login_failures (account_key, failures, window_started_at, locked_until)
      values (${key}, 1, ${now}, null)
      on conflict (account_key) do update set
        failures = case when ${restart} then 1 else login_failures.failures + 1 end,
        window_started_at = case when ${restart} then ${now} else login_failures.window_started_at end,
        locked_until = case
          when login_failures.locked_until > ${now} then login_failures.locked_until
          when not (${restart}) and login_failures.failures + 1 > ${limit} then ${lockUntil}
          else null end
      returning failures, locked_until`
      .execute(this.db)
      .then((result) => result.rows[0]!);
  }

  /** Locks the key until `until`, unless a lock still runs. */
  async lock(key: string, until: Date, now: Date): Promise<void> {
    await this.db
      .updateTable('login_failures')
      .set({ locked_until: until })
      .where('account_key', '=', key)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', key).execute();
  }
}
