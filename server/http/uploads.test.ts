import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readLimited, UploadGate, UploadTooLarge, uploadGateLimits } from './uploads';

// @database-neutral: no database at all (the gate and the reader of server/http/uploads.ts).

const MB = 1024 * 1024;

/** A request declaring `bytes` (or nothing), and a reply whose response can be closed. */
function call(bytes?: number) {
  const raw = Object.assign(new EventEmitter(), { destroyed: false, writableFinished: false });
  const headers: Record<string, string> = {};
  const reply = { raw, header: (name: string, value: string) => ((headers[name] = value), reply) } as unknown as FastifyReply;
  const request = { headers: bytes === undefined ? {} : { 'content-length': String(bytes) } } as unknown as FastifyRequest;
  return { request, reply, headers, close: () => raw.emit('close') };
}

const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'entered'),
    (error) => (state = error.code ?? 'failed'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('UploadGate', () => {
  const limits = { atOnce: 2, budgetBytes: 40 * MB, waiting: 2, waitMs: 60_000 };

  test('two 19 MB bodies share the budget; two 25 MB bodies go one after the other, first come first served', async () => {
    const gate = new UploadGate(limits);
    const enter = gate.enter(32 * MB);
    const [a, b] = [call(19 * MB), call(19 * MB)];
    expect(await settled(enter(a.request, a.reply))).toBe('entered');
    expect(await settled(enter(b.request, b.reply))).toBe('entered');
    a.close();
    b.close();
    const [c, d, e] = [call(25 * MB), call(25 * MB), call(1 * MB)];
    expect(await settled(enter(c.request, c.reply))).toBe('entered');
    const waiting = enter(d.request, d.reply);
    const small = enter(e.request, e.reply);
    // The small one would fit beside c, but waits behind d: no big body is starved by small ones.
    expect([await settled(waiting), await settled(small), gate.state]).toEqual(['pending', 'pending', { running: 1, runningBytes: 25 * MB, waiting: 2 }]);
    c.close();
    expect([await settled(waiting), await settled(small)]).toEqual(['entered', 'entered']);
    expect(gate.state).toEqual({ running: 2, runningBytes: 26 * MB, waiting: 0 });
  });

  test('a body without a Content-Length weighs its route limit; one alone always passes', async () => {
    const gate = new UploadGate(limits);
    const [a, b] = [call(), call(1 * MB)];
    expect(await settled(gate.enter(50 * MB)(a.request, a.reply))).toBe('entered');
    expect(gate.state.runningBytes).toBe(50 * MB);
    const waiting = gate.enter(50 * MB)(b.request, b.reply);
    expect(await settled(waiting)).toBe('pending');
    a.close();
    expect(await settled(waiting)).toBe('entered');
    b.close();
    expect(gate.state).toEqual({ running: 0, runningBytes: 0, waiting: 0 });
  });

  test('past the waiting places, or after waiting too long, a call is 503 UPLOADS_BUSY with Retry-After', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const gate = new UploadGate({ atOnce: 1, budgetBytes: 40 * MB, waiting: 1, waitMs: 5_000 });
      const enter = gate.enter(20 * MB);
      const [a, b, c] = [call(MB), call(MB), call(MB)];
      await enter(a.request, a.reply);
      const waiting = enter(b.request, b.reply);
      await expect(enter(c.request, c.reply)).rejects.toMatchObject({ statusCode: 503, code: 'UPLOADS_BUSY', messageKey: 'uploadsBusy' });
      expect(c.headers['retry-after']).toBe('10');
      jest.advanceTimersByTime(5_000);
      await expect(waiting).rejects.toMatchObject({ statusCode: 503, code: 'UPLOADS_BUSY' });
      expect(gate.state).toEqual({ running: 1, runningBytes: MB, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  test('limits from the environment, with defaults', () => {
    expect(uploadGateLimits({})).toEqual({ atOnce: 2, budgetBytes: 40 * MB, waiting: 8, waitMs: 60_000 });
    expect(uploadGateLimits({ HEAVY_UPLOADS_AT_ONCE: '0', HEAVY_UPLOADS_BUDGET_MB: '64', HEAVY_UPLOADS_WAITING: '0', HEAVY_UPLOAD_WAIT_SEC: '5' })).toEqual({
      atOnce: 1,
      budgetBytes: 64 * MB,
      waiting: 0,
      waitMs: 5_000,
    });
  });
});

describe('readLimited', () => {
  const chunks = (sizes: number[]) => Readable.from(sizes.map((n, i) => Buffer.alloc(n, i + 1)));

  test('reads a stream into one buffer, with or without a size hint', async () => {
    for (const hint of [0, 300 * 1024, 10 * MB]) {
      const bytes = await readLimited(chunks([100 * 1024, 100 * 1024, 100 * 1024]), MB, hint);
      expect([bytes.length, bytes[0], bytes[150 * 1024], bytes[300 * 1024 - 1]]).toEqual([300 * 1024, 1, 2, 3]);
    }
  });

  test('throws as soon as the stream passes the limit, and destroys it', async () => {
    let read = 0;
    const endless = new Readable({
      read() {
        read += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    await expect(readLimited(endless, MB)).rejects.toBeInstanceOf(UploadTooLarge);
    expect(endless.destroyed).toBe(true);
    expect(read).toBeLessThan(2 * MB);
  });
});
