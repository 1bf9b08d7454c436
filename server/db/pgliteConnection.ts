import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/**
 * node-postgres' connection to PGlite, as @electric-sql/pglite/node-postgres makes it, except
 * that the messages of one extended-protocol query (Parse, Bind, Describe, Execute, Sync) go to
 * PGlite together, as they would in one write to a socket: PGlite's entry point runs a buffer
 * of messages in one call, and each call costs a turn of its promise queue, a copy of the reply
 * and a file-system sync check. One call per query instead of five.
 *
 * Messages are held until a Sync or a Flush (the two that make PostgreSQL answer) and sent
 * then; anything else (a simple query, the SASL exchange) goes at once, after what is held.
 */
export class PgliteConnection extends EventEmitter {
  readonly #pglite: PGlite;
  #queue: Promise<void>;
  #held: Buffer[] = [];
  #emitMessage = false;

  /** Read by pg's Client.end(), which skips connection.end() without it. */
  _connecting = false;
  /** pg's Client.end() destroys the stream when a query is still active. */
  readonly stream = { destroy: () => this.end() };
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#queue = pglite.waitReady;
    this.on('newListener', (eventName) => {
      if (eventName === 'message') this.#emitMessage = true;
    });
  }

  #send(buffer: Buffer): void {
    this.#queue = this.#queue
      .then(() => this.#pglite.execProtocolStream(buffer, { throwOnError: false }))
      .then((messages) => {
        for (const message of messages) {
          if (this.#emitMessage) this.emit('message', message);
          // node-postgres expects an ErrorResponse as 'errorMessage'.
          this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
        }
      })
      .catch((error: unknown) => {
        this.emit('error', error);
      });
  }

  #hold(buffer: Buffer): void {
    this.#held.push(buffer);
  }

  #sendHeld(last?: Buffer): void {
    if (last) this.#held.push(last);
    if (this.#held.length === 0) return;
    const held = this.#held;
    this.#held = [];
    this.#send(held.length === 1 ? held[0] : Buffer.concat(held));
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // What a socket connection does at start-up: nothing to do for PGlite.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  sendSASLInitialResponseMessage(mechanism: string, initialResponse: string): void {
    this.#sendHeld(serialize.sendSASLInitialResponseMessage(mechanism, initialResponse));
  }

  sendSCRAMClientFinalMessage(additionalData: string): void {
    this.#sendHeld(serialize.sendSCRAMClientFinalMessage(additionalData));
  }

  query(text: string): void {
    this.#sendHeld(serialize.query(text));
  }

  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.#hold(serialize.parse(query));
  }

  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#hold(serialize.bind(config));
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#hold(serialize.execute(config));
  }

  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#hold(serialize.describe(message));
  }

  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#hold(serialize.close(message));
  }

  flush(): void {
    this.#sendHeld(serialize.flush());
  }

  sync(): void {
    this.#sendHeld(serialize.sync());
  }

  sendCopyFromChunk(chunk: Buffer): void {
    this.#sendHeld(serialize.copyData(chunk));
  }

  endCopyFrom(): void {
    this.#sendHeld(serialize.copyDone());
  }

  sendCopyFail(message: string): void {
    this.#sendHeld(serialize.copyFail(message));
  }

  end(): void {
    this.#held = [];
    // Like a socket closing: pg waits for 'end'. The PGlite instance is the caller's and stays open.
    // Only the ended client hears it: the pool may have given the connection to a new client by then.
    const ended = this.listeners('end');
    this.#queue = this.#queue.then(() => {
      for (const listener of ended) listener.call(this);
    });
    // The pool reuses this connection for its next client: the ended client's listeners go.
    for (const name of this.eventNames()) if (name !== 'newListener') this.removeAllListeners(name);
    this.#emitMessage = false;
  }
}

/** node-postgres' pool settings for PGlite, its one connection batching each query's messages. */
export function pgliteConfig(pglite: PGlite) {
  return {
    connection: new PgliteConnection(pglite),
    // PGlite serves one connection; a pool of one queues queries instead of failing them.
    max: 1,
    // Not used by PGlite; node-postgres asks for them.
    user: 'postgres',
    password: 'unused',
    database: 'postgres',
    host: 'localhost',
    port: 5432,
  };
}
