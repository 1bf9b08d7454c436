import type { ChangeFeed } from '../../db/changes';
import type { UserWithOrg } from '../accounts/repository';

interface Entry extends UserWithOrg {
  sessionExpiresAt: number;
  cachedUntil: number;
}

/**
 * Every authenticated call looks up its session; this keeps recent lookups in memory for a few
 * seconds so the hot path skips the database.
 *
 * Changes made through this process (logout, password change or reset, settings) invalidate
 * here at once. Changes made anywhere else (another server process, the admin CLI, plain SQL)
 * are announced by the database (migration 014) and dropped as the change feed hears them,
 * within milliseconds; while the feed may miss changes (its connection lost) nothing is cached.
 * `ttlMs` bounds what a notice that never came could cost.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Bumped by every invalidation. A lookup notes it before reading the database and caches its
   * result only if nothing was invalidated meanwhile: a logout racing a lookup cannot put the
   * ended session back.
   */
  private generation = 0;

  currentGeneration(): number {
    return this.generation;
  }

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly changes?: Pick<ChangeFeed, 'live' | 'on' | 'onReset'>,
  ) {
    changes?.on('session', (hashes) => hashes.forEach((hash) => this.forgetToken(hash)));
    changes?.on('user', (ids) => this.forgetWhere((entry) => ids.includes(entry.user.id)));
    changes?.on('org', (ids) => this.forgetWhere((entry) => ids.includes(entry.org.id)));
    changes?.onReset(() => this.forgetWhere(() => true));
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string, now: number): UserWithOrg | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.sessionExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, value: UserWithOrg & { sessionExpiresAt: Date }, now: number, lookedUpAt: number): void {
    if (this.ttlMs <= 0 || lookedUpAt !== this.generation || this.changes?.live === false) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, {
      user: value.user,
      org: value.org,
      sessionExpiresAt: value.sessionExpiresAt.getTime(),
      cachedUntil: now + this.ttlMs,
    });
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    this.forgetWhere((entry) => entry.user.id === userId);
  }

  private forgetWhere(test: (entry: Entry) => boolean): void {
    this.generation += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (test(entry)) this.entries.delete(tokenHash);
    }
  }
}
