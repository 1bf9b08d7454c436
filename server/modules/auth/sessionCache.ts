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

  set(tokenHash: string, value: { user: User; org: Organization; sessionExpiresAt: Date }, now: number): void {
    if (this.ttlMs <= 0) return;
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
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    for (const [tokenHash, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(tokenHash);
    }
  }

  forgetOrg(orgId: string): void {
    for (const [tokenHash, entry] of this.entries) {
      if (entry.org.id === orgId) this.entries.delete(tokenHash);
    }
  }
}
