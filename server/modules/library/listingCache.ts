import type { LibraryScope } from '../../access';

/**
 * The listing cache. Every library has a version in `library_versions`, bumped by database
 * triggers in the same transaction as any write that changes what its listings show
 * (migrations/005_library_versions.ts). A listing is cached with the version it was read at
 * (in the same SQL statement); a request first reads the current version and is served from
 * the cache only when they match. So a listing is never older than a write acknowledged before
 * the request arrived, whichever server process made it; the cache only saves the work.
 */

/** The library a scope lists, as the database's `library_key(is_global, org_id, owner_id)` names it. */
export function libraryKeyOf(scope: LibraryScope): string {
  return scope.isGlobal ? 'global' : `${scope.orgId}/${scope.userId}`;
}

interface Waiter {
  resolve: (version: string) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads library versions, one query for all the requests waiting. A request never joins a
 * query already sent (that query may have read the database before the request arrived): it
 * waits for the next one, sent as soon as the one in flight answers.
 */
export class LibraryVersions {
  private waiting = new Map<string, Waiter[]>();
  private scheduled = false;
  private inFlight = 0;

  constructor(
    /** The query (LibraryRepository.versions): each library's current version. */
    private readonly readVersions: (libraries: string[]) => Promise<{ library: string; version: unknown }[]>,
    /** Queries at most in flight at once; new arrivals wait for the next free one. */
    private readonly maxInFlight: number,
  ) {}

  read(library: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(library);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(library, [{ resolve, reject }]);
      this.readSoon();
    });
  }

  /**
   * Reads once this event-loop turn's I/O has been handled, so that the requests that arrived
   * together share the query. (On PGlite a query is work on this thread: read at once, each
   * request would get a query of its own.)
   */
  private readSoon(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.readWaiting();
    });
  }

  private async readWaiting(): Promise<void> {
    if (this.waiting.size === 0) return;
    const batch = this.waiting;
    this.waiting = new Map();
    this.inFlight += 1;
    try {
      const rows = await this.readVersions([...batch.keys()]);
      const versions = new Map(rows.map((row) => [row.library, String(row.version)]));
      for (const [library, waiters] of batch) for (const waiter of waiters) waiter.resolve(versions.get(library) ?? '0');
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.inFlight -= 1;
      if (this.waiting.size) this.readSoon();
    }
  }
}
