import { AxiosError } from 'axios';
import type { StudentAnswer } from '@shared/domain/scoring';

/** An answer waiting to reach the server, with the page's sequence number of it. */
export interface PendingAnswer {
  answer: StudentAnswer | null;
  seq: number;
}
export type Pending = Record<string, PendingAnswer>;
export interface QueueState {
  pending: number;
  /** The last save failed for want of a connection (or the server was busy): it is being retried. */
  offline: boolean;
  /** A save the server refused (time up, submitted, ...): its message. */
  refused: string | null;
}

/** Where answers wait: IndexedDB in the browser (pendingStore.ts), memory in unit tests. */
export interface PendingStore {
  load(): Promise<Pending>;
  /** Keeps what waits now (the whole set: a few answers at most). */
  save(pending: Pending): Promise<void>;
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

/** A failure worth retrying: no answer at all (offline, timeout), or the server busy or failing. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/**
 * Answers waiting to reach the server (issue 17: a dropped connection loses nothing), newest per
 * question, kept in the browser's IndexedDB so a reload, a crash or a lost connection loses
 * nothing. Each answer gets a sequence number that only grows (above the server's last one and
 * the clock), so the server keeps the newest whatever order the saves arrive in; each is sent
 * in turn, retried with growing waits while the connection is gone, and dropped when the server
 * refuses it (the page then shows why).
 */
export class SaveQueue {
  private pending: Pending = {};
  private running = false;
  private state: QueueState = { pending: 0, offline: false, refused: null };
  private waiters: (() => void)[] = [];
  private stopped = false;
  private lastSeq: number;
  private readonly loaded: Promise<void>;

  constructor(
    private readonly send: (questionId: string, answer: StudentAnswer | null, seq: number) => Promise<unknown>,
    private readonly store: PendingStore,
    private readonly onChange: (state: QueueState) => void,
    options: { lastSeq?: number; now?: () => number; sleep?: (ms: number) => Promise<void>; onRefused?: (questionId: string, error: unknown) => void } = {},
  ) {
    this.lastSeq = options.lastSeq ?? 0;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.onRefused = options.onRefused;
    this.loaded = store.load().then(
      (stored) => {
        for (const entry of Object.values(stored)) this.lastSeq = Math.max(this.lastSeq, entry.seq);
        // Answers given before the store answered are newer than the stored ones: numbered above them.
        const early = Object.entries(this.pending).map(([id, entry]) => [id, { ...entry, seq: this.nextSeq() }] as const);
        this.pending = { ...stored, ...Object.fromEntries(early) };
        this.report({ pending: Object.keys(this.pending).length });
      },
      () => undefined,
    );
  }

  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly onRefused?: (questionId: string, error: unknown) => void;

  /** What waits (after a reload: answers a page gave but never sent), to show them at once. */
  async waiting(): Promise<Pending> {
    await this.loaded;
    return { ...this.pending };
  }

  private report(change: Partial<QueueState>) {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }

  private persist() {
    void this.store.save({ ...this.pending }).catch(() => undefined);
    this.report({ pending: Object.keys(this.pending).length });
  }

  /** The next sequence number: above every one given, and the clock's milliseconds (another device's numbers). */
  private nextSeq(): number {
    this.lastSeq = Math.max(this.lastSeq + 1, this.now());
    return this.lastSeq;
  }

  put(questionId: string, answer: StudentAnswer | null): void {
    this.pending[questionId] = { answer, seq: this.nextSeq() };
    this.report({ refused: null });
    this.persist();
    void this.run();
  }

  /** Starts sending what is waiting (after a reload, or when the connection is back). */
  resume(): void {
    void this.run();
  }

  stop(): void {
    this.stopped = true;
  }

  /** Resolves when nothing is waiting, or after `timeoutMs`; true when everything was sent. */
  async flush(timeoutMs = 10_000): Promise<boolean> {
    await this.loaded;
    if (Object.keys(this.pending).length === 0) return true;
    void this.run();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([new Promise<void>((resolve) => this.waiters.push(resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    return Object.keys(this.pending).length === 0;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.loaded;
    let attempt = 0;
    while (!this.stopped) {
      const next = Object.keys(this.pending)[0];
      if (next === undefined) break;
      const entry = this.pending[next];
      const done = () => {
        // Changed again while it was on its way: the newer one goes next.
        if (this.pending[next]?.seq === entry.seq) delete this.pending[next];
        this.persist();
      };
      try {
        await this.send(next, entry.answer, entry.seq);
        attempt = 0;
        done();
        this.report({ offline: false });
      } catch (error) {
        if (isRetryable(error)) {
          this.report({ offline: true });
          await this.sleep(RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
          continue;
        }
        done();
        const body = error instanceof AxiosError ? (error.response?.data as { message?: string } | undefined) : undefined;
        this.report({ refused: body?.message ?? String(error), offline: false });
        this.onRefused?.(next, error);
      }
    }
    this.running = false;
    if (Object.keys(this.pending).length === 0) for (const resolve of this.waiters.splice(0)) resolve();
  }
}

/** A store in memory (unit tests, and browsers without IndexedDB: private modes of some). */
export function memoryStore(initial: Pending = {}): PendingStore & { data: Pending } {
  const store = {
    data: { ...initial },
    load: async () => ({ ...store.data }),
    save: async (pending: Pending) => void (store.data = { ...pending }),
  };
  return store;
}
