import { AppError } from '../../http/errors';
import type { LoginFailuresRepository } from './repository';

/**
 * Counts failed logins per account key (org code + e-mail, whether or not such an account
 * exists, so the lock tells a guesser nothing), in the database (LoginFailuresRepository).
 */
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
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
    const row = await this.failures.countAttempt(key, now, windowStart, lockUntil, this.limit);
    if (row.locked_until && new Date(row.locked_until) > now) throw this.locked(new Date(row.locked_until), now);
    return { attempt: row.failures };
  }

  /** A checked attempt that failed: the one that reaches the limit locks the account. */
  async recordFailure(key: string, attempt: number, now: Date): Promise<void> {
    if (attempt < this.limit) return;
    await this.failures.lock(key, new Date(now.getTime() + this.lockMs), now);
  }

  private locked(until: Date, now: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return new AppError(429, 'ACCOUNT_LOCKED', 'accountLocked', { minutes });
  }

  async clear(key: string): Promise<void> {
    await this.failures.clear(key);
  }
}
