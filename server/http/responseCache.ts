import type { ChangeFeed } from '../db/changes';

interface Entry {
  version: string;
  body: Buffer;
  size: number;
}

/**
 * Answers (JSON, UTF-8) by key, each with the version it was read at, least recently used first
 * out, bounded in size. Used for library listings and for tests opened in the editor.
 *
 * Given the change feed, it keeps nothing while changes may go unheard (`enabled` is false then)
 * and empties itself when the feed resets; `dropWhere` drops the entries a heard change concerns.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly changes?: Pick<ChangeFeed, 'live' | 'onReset'>,
  ) {
    changes?.onReset(() => this.dropWhere(() => true));
  }

  get enabled(): boolean {
    return this.maxBytes > 0 && this.changes?.live !== false;
  }

  dropWhere(test: (key: string, version: string) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!test(key, entry.version)) continue;
      this.entries.delete(key);
      this.size -= entry.size;
    }
  }

  /** The cached answer if it was read at `version`; a stale one is dropped. */
  get(key: string, version: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.size -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.body;
  }

  set(key: string, version: string, body: Buffer): void {
    if (!this.enabled) return;
    const size = key.length * 2 + body.length;
    if (size > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      // Two misses racing: keep the newer answer.
      if (BigInt(old.version) > BigInt(version)) return;
      this.entries.delete(key);
      this.size -= old.size;
    }
    this.entries.set(key, { version, body, size });
    this.size += size;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.size -= entry.size;
    }
  }
}
