import type { Organization, User } from '../../db/schema';

interface Entry {
  user: User;
  org: Organization;
  sessionExpiresAt: number;
  cachedUntil: number;
}

/**
 * Every authenticated call looks up its session; this keeps recent lookups in memory for a few
 * seconds so the hot path skips the database.
 *
 * On the embedded database one process owns all data, and every change that matters (logout,
 * password change or reset, settings) invalidates here, so the cache is exact. On PostgreSQL,
 * with several processes, a change made by another process is seen within `ttlMs`.
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
  ) {}

  get(tokenHash: string, now: number): { user: User; org: Organization } | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.sessionExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, value: { user: User; org: Organization; sessionExpiresAt: Date }, now: number, lookedUpAt: number): void {
    if (this.ttlMs <= 0 || lookedUpAt !== this.generation) return;
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
    this.generation += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(tokenHash);
    }
  }
}
