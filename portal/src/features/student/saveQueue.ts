import { AxiosError } from 'axios';
import type { StudentAnswer } from '../../../../shared/domain/scoring';

export type Pending = Record<string, StudentAnswer | null>;
export interface QueueState {
  pending: number;
  /** The last save failed for want of a connection (or the server was busy): it is being retried. */
  offline: boolean;
  /** A save the server refused (time up, submitted, ...): its message. */
  refused: string | null;
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

/** A failure worth retrying: no answer at all (offline, timeout), or the server busy or failing. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/**
 * Answers waiting to reach the server, newest per question, kept in local storage so a reload
 * or a lost connection loses nothing: each is sent once (PUT per question is idempotent), in
 * order, retried with growing waits while the connection is gone, and dropped when the server
 * refuses it (the page then shows why).
 */
export class SaveQueue {
  private pending: Pending;
  private running = false;
  private state: QueueState = { pending: 0, offline: false, refused: null };
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly send: (questionId: string, answer: StudentAnswer | null) => Promise<unknown>,
    private readonly storageKey: string,
    private readonly onChange: (state: QueueState) => void,
    private readonly storage: Storage = window.localStorage,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.pending = SaveQueue.stored(storage, storageKey);
    this.report({ pending: Object.keys(this.pending).length });
  }

  /** Answers a page saved here but never sent (read before the queue starts, to show them at once). */
  static stored(storage: Storage, key: string): Pending {
    try {
      return JSON.parse(storage.getItem(key) ?? '{}') as Pending;
    } catch {
      return {};
    }
  }

  get snapshot(): Pending {
    return { ...this.pending };
  }

  private report(change: Partial<QueueState>) {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }

  private persist() {
    if (Object.keys(this.pending).length === 0) this.storage.removeItem(this.storageKey);
    else this.storage.setItem(this.storageKey, JSON.stringify(this.pending));
    this.report({ pending: Object.keys(this.pending).length });
  }

  put(questionId: string, answer: StudentAnswer | null): void {
    this.pending[questionId] = answer;
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
    let attempt = 0;
    while (!this.stopped) {
      const next = Object.keys(this.pending)[0];
      if (next === undefined) break;
      const answer = this.pending[next];
      try {
        await this.send(next, answer);
        attempt = 0;
        // Changed again while it was on its way: the newer one goes next.
        if (JSON.stringify(this.pending[next]) === JSON.stringify(answer)) delete this.pending[next];
        this.persist();
        this.report({ offline: false });
      } catch (error) {
        if (isRetryable(error)) {
          this.report({ offline: true });
          await this.sleep(RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
          continue;
        }
        delete this.pending[next];
        this.persist();
        const body = error instanceof AxiosError ? (error.response?.data as { message?: string } | undefined) : undefined;
        this.report({ refused: body?.message ?? String(error), offline: false });
      }
    }
    this.running = false;
    if (Object.keys(this.pending).length === 0) for (const resolve of this.waiters.splice(0)) resolve();
  }
}
