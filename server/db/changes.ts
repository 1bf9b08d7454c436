import pg from 'pg';

/**
 * What other server processes changed, as the database announces it (migration 014: triggers
 * NOTIFY `testforge_changes` when a transaction that ended a session, changed a user, an
 * organisation or a library commits). Every per-process cache follows it: it drops an entry
 * when its change is heard, and keeps nothing while changes may go unheard (`live` false).
 */
export const CHANGES_CHANNEL = 'testforge_changes';

export type ChangeTopic = 'session' | 'user' | 'org' | 'library';

export interface ChangeFeedStatus {
  mode: 'in-process' | 'listen';
  /** Changes made by other processes are being heard. */
  listening: boolean;
  /** Notices heard since start, and times the listen connection was lost. */
  heard: number;
  losses: number;
  lastError?: string;
}

export interface ChangeFeed {
  /**
   * True while this process hears every change committed by any process: a cache may keep an
   * entry only then.
   */
  readonly live: boolean;
  /** Called with the keys of every announced change of `topic`. */
  on(topic: ChangeTopic, handler: (keys: string[]) => void): void;
  /**
   * Called when changes may have gone unheard (the listen connection was lost) and again once
   * listening resumes (a read made before then may predate a change not heard): drop everything.
   */
  onReset(handler: () => void): void;
  status(): ChangeFeedStatus;
  start(): Promise<void>;
  close(): Promise<void>;
}

abstract class Handlers {
  private readonly handlers = new Map<string, ((keys: string[]) => void)[]>();
  private readonly resets: (() => void)[] = [];

  on(topic: ChangeTopic, handler: (keys: string[]) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  onReset(handler: () => void): void {
    this.resets.push(handler);
  }

  protected dispatch(topic: string, keys: string[]): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(keys);
  }

  protected reset(): void {
    for (const handler of this.resets) handler();
  }
}

/**
 * The embedded database (PGlite) has one process: every change is made by it, and the code that
 * makes it drops what it cached. Nothing to hear; caches are always allowed.
 */
export class InProcessChangeFeed extends Handlers implements ChangeFeed {
  readonly live = true;
  status(): ChangeFeedStatus {
    return { mode: 'in-process', listening: true, heard: 0, losses: 0 };
  }
  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

export interface ListenOptions {
  /** A `select 1` on the listen connection this often; no answer within as long counts as lost. */
  heartbeatMs?: number;
  /** First wait before listening again after a loss (doubling up to 5 s). */
  retryMs?: number;
  onError?: (message: string) => void;
}

/**
 * One connection of its own (outside the pool) LISTENs on `testforge_changes`. When it is lost
 * (an error, the server ended it, or the heartbeat got no answer) the caches are reset and stay
 * off until LISTEN has succeeded on a new connection; then they are reset once more.
 */
export class ListenChangeFeed extends Handlers implements ChangeFeed {
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private heard = 0;
  private losses = 0;
  private lastError?: string;
  private retryMs: number;
  private retryTimer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly options: ListenOptions = {},
  ) {
    super();
    this.retryMs = options.retryMs ?? 100;
  }

  get live(): boolean {
    return this.listening;
  }

  status(): ChangeFeedStatus {
    return { mode: 'listen', listening: this.listening, heard: this.heard, losses: this.losses, ...(this.lastError ? { lastError: this.lastError } : {}) };
  }

  /** Listens before the server takes requests; a database that is not there yet is retried in the background. */
  async start(): Promise<void> {
    await this.connect();
    const every = this.options.heartbeatMs ?? 5_000;
    this.heartbeat = setInterval(() => void this.beat(every), every);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retryTimer);
    this.listening = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: 'testforge-listen',
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload || client !== this.client) return;
      this.heard += 1;
      const colon = message.payload.indexOf(':');
      this.dispatch(message.payload.slice(0, colon), message.payload.slice(colon + 1).split(' '));
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listen connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      if (client !== this.client) return;
      this.listening = true;
      this.retryMs = this.options.retryMs ?? 100;
      this.reset();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: pg.Client, error: Error): void {
    if (client !== this.client) return;
    this.client = null;
    const wasListening = this.listening;
    this.listening = false;
    this.lastError = error.message;
    if (wasListening) {
      this.losses += 1;
      this.options.onError?.(`listening for changes stopped (${error.message}); caches are off until it resumes`);
    }
    this.reset();
    client.end().catch(() => undefined);
    if (this.closed) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
    this.retryTimer = setTimeout(() => void this.connect(), wait);
    this.retryTimer.unref();
  }

  private async beat(timeoutMs: number): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer on the listen connection within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      this.lost(client, error as Error);
    } finally {
      clearTimeout(timer);
    }
  }
}
