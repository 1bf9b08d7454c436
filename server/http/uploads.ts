import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Large uploads (issue 29: a few concurrent 25 MB uploads took a small server to 1.09 GB).
 *
 * - A body whose declared Content-Length is over the limit is refused before a byte is read
 *   (`refuseDeclared`); a body without one is counted as it arrives and cut as soon as it passes
 *   the limit (`readLimited`), never read whole and then measured; the rest is then dropped as it
 *   arrives, held nowhere (`dropRestOfBody`), so the client still sending sees the 413.
 * - A file is read into one buffer, sized from the declared length: no list of chunks joined into
 *   a second copy.
 * - The calls that read and parse a large body (a Word document's JSON, an import file, a font)
 *   pass an `UploadGate`: in a process, at most HEAVY_UPLOADS_AT_ONCE of them (2) read or parse
 *   at once, and only while their declared sizes add up to HEAVY_UPLOADS_BUDGET_MB (40 MB; a
 *   body without a Content-Length counts as its route's limit; one alone always passes): two
 *   19 MB imports run together, two 25 MB Word uploads one after the other. Up to
 *   HEAVY_UPLOADS_WAITING more (8) wait in turn, their bodies left unread in the socket; a call
 *   past those, or one that waited HEAVY_UPLOAD_WAIT_SEC (60 s), is 503 UPLOADS_BUSY with
 *   Retry-After: 10. The turn is taken after the caller is signed in, so a stranger cannot fill
 *   the queue.
 */

/** Bytes of a refused body read and dropped after the answer, before the connection is cut. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * After an upload is cut: the rest of the body is read and dropped, held nowhere, so that the
 * client, still sending, gets the answer (a server that closes on a client still sending makes it
 * see a reset, not the 413); past DISCARD_MAX_BYTES the connection is cut.
 */
export function dropRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_MAX_BYTES) raw.socket?.destroy();
  });
  raw.resume();
}

/** An onRequest hook: a declared Content-Length over `limit` is refused with `error()` before the body is read. */
export function refuseDeclared(limit: number, error: () => AppError) {
  // The connection is kept: Node reads the unread body and drops it (no memory), and the client
  // sees the answer (one that closes on a client still sending loses it to the reset).
  return async (request: FastifyRequest): Promise<void> => {
    if (Number(request.headers['content-length']) > limit) throw error();
  };
}

export class UploadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the upload passed ${limit} bytes`);
  }
}

/**
 * Reads a stream (a multipart file) into one buffer of at most `limit` bytes, throwing
 * UploadTooLarge (and destroying the stream) as soon as it passes the limit. `sizeHint` (the
 * request's declared length) sizes the buffer at once; without it the buffer doubles as it fills.
 */
export async function readLimited(stream: Readable, limit: number, sizeHint = 0): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(limit, Math.max(64 * 1024, Number.isFinite(sizeHint) ? sizeHint : 0)));
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (length + chunk.length > limit) {
      stream.destroy();
      throw new UploadTooLarge(limit);
    }
    if (length + chunk.length > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(buffer.length * 2, length + chunk.length)));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    chunk.copy(buffer, length);
    length += chunk.length;
  }
  // A buffer that doubled (no declared length) may be far larger than its bytes: keep only those.
  if (buffer.length - length > Math.max(1024 * 1024, length / 4)) return Buffer.from(buffer.subarray(0, length));
  return buffer.subarray(0, length);
}

export interface UploadGateLimits {
  /** Uploads read or parsed at once. */
  atOnce: number;
  /** Their declared bodies together (an undeclared one counts as its route's limit); one alone always passes. */
  budgetBytes: number;
  /** Uploads that may wait for a turn; the next is refused at once. */
  waiting: number;
  /** How long one may wait before it is refused. */
  waitMs: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** The gate's limits from the environment (read when a server is built). */
export function uploadGateLimits(env: NodeJS.ProcessEnv = process.env): UploadGateLimits {
  return {
    atOnce: Math.max(1, Math.floor(positive(env.HEAVY_UPLOADS_AT_ONCE, 2))),
    budgetBytes: positive(env.HEAVY_UPLOADS_BUDGET_MB, 40) * 1024 * 1024,
    waiting: Math.floor(positive(env.HEAVY_UPLOADS_WAITING, 8)),
    waitMs: positive(env.HEAVY_UPLOAD_WAIT_SEC, 60) * 1000,
  };
}

const RETRY_AFTER_SEC = 10;
const busy = () => new AppError(503, 'UPLOADS_BUSY', 'uploadsBusy');

interface Waiter {
  bytes: number;
  admit: () => void;
}

/** Turns for the calls that read and parse large bodies (see the top of this file). */
export class UploadGate {
  private running = 0;
  private runningBytes = 0;
  private readonly queue: Waiter[] = [];

  constructor(readonly limits: UploadGateLimits = uploadGateLimits()) {}

  /** Calls reading or parsing now, and waiting (for tests and logs). */
  get state(): { running: number; runningBytes: number; waiting: number } {
    return { running: this.running, runningBytes: this.runningBytes, waiting: this.queue.length };
  }

  /**
   * An onRequest hook for a route whose body may be up to `limitBytes`, after the caller is signed
   * in: waits for a turn (first come, first served), held until the answer is sent or the
   * connection closes. The body weighs what it declares, or `limitBytes` when it declares nothing.
   */
  enter(limitBytes: number) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const declared = Number(request.headers['content-length']);
      const bytes = Math.min(limitBytes, Number.isFinite(declared) && declared >= 0 ? declared : limitBytes);
      if (this.queue.length === 0 && this.fits(bytes)) this.take(bytes);
      else if (this.queue.length >= this.limits.waiting) throw this.refuse(reply);
      else await this.wait(reply, bytes);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.running -= 1;
        this.runningBytes -= bytes;
        while (this.queue.length > 0 && this.fits(this.queue[0].bytes)) this.queue[0].admit();
      };
      const response = reply.raw;
      if (response.destroyed || response.writableFinished) release();
      else response.once('close', release);
    };
  }

  private fits(bytes: number): boolean {
    if (this.running === 0) return true;
    return this.running < this.limits.atOnce && this.runningBytes + bytes <= this.limits.budgetBytes;
  }

  private take(bytes: number): void {
    this.running += 1;
    this.runningBytes += bytes;
  }

  private refuse(reply: FastifyReply): AppError {
    reply.header('retry-after', String(RETRY_AFTER_SEC));
    return busy();
  }

  private wait(reply: FastifyReply, bytes: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        reply.raw.removeListener('close', gone);
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
      };
      const waiter: Waiter = {
        bytes,
        admit: () => {
          leave();
          this.take(bytes);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        leave();
        reject(this.refuse(reply));
      }, this.limits.waitMs);
      // The client gave up while waiting: its place goes to the next.
      const gone = () => {
        leave();
        reject(busy());
      };
      reply.raw.once('close', gone);
      this.queue.push(waiter);
    });
  }
}

const gates = new WeakMap<object, UploadGate>();

/** The gate of one server (keyed by its services): every route of that server shares it. */
export function uploadGateOf(owner: object): UploadGate {
  let gate = gates.get(owner);
  if (!gate) gates.set(owner, (gate = new UploadGate()));
  return gate;
}
