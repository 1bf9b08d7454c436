/**
 * @jest-environment node
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { formatLogRecord, loggerOptions, readableLogStream } from '@server/http/logging';

/**
 * Issue 29: locally the log is one readable line per request, with readable errors; with
 * NODE_ENV=production it stays pino's JSON.
 */
const at = (h: number, m: number, s: number) => new Date(2026, 0, 2, h, m, s).getTime();
const base = { pid: 4242, hostname: 'box' };

describe('formatLogRecord', () => {
  test('a completed request is one line: time, method, address, status and milliseconds', () => {
    const record = {
      ...base,
      level: 30,
      time: at(12, 3, 4),
      reqId: 'r1',
      res: { statusCode: 200, method: 'GET', url: '/api/v2/tests' },
      responseTime: 12.4,
      msg: 'request completed',
    };
    expect(formatLogRecord(record)).toBe('12:03:04 GET /api/v2/tests 200 12 ms');
  });

  test('the incoming request says nothing its completion does not: it is left out', () => {
    const record = { ...base, level: 30, time: at(12, 3, 4), reqId: 'r1', req: { method: 'GET', url: '/api/v2/tests' }, msg: 'incoming request' };
    expect(formatLogRecord(record)).toBeNull();
  });

  test('other messages show their level and fields, without pid, hostname or JSON braces', () => {
    expect(formatLogRecord({ ...base, level: 30, time: at(9, 0, 5), msg: 'Server listening at http://127.0.0.1:3000' })).toBe(
      '09:00:05 INFO Server listening at http://127.0.0.1:3000',
    );
    expect(formatLogRecord({ ...base, level: 40, time: at(9, 0, 5), purged: 3, where: 'the trash', msg: 'purged' })).toBe(
      '09:00:05 WARN purged purged=3 where="the trash"',
    );
  });

  test('an error shows its message and stack, indented under the line, with the request id', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (server/x.ts:1:2)\n    at run (server/y.ts:3:4)' };
    const text = formatLogRecord({ ...base, level: 50, time: at(23, 59, 59), reqId: 'abc-1', err, msg: 'unhandled error' });
    expect(text).toBe(
      ['23:59:59 ERROR unhandled error reqId=abc-1', '    Error: boom', '    at handler (server/x.ts:1:2)', '    at run (server/y.ts:3:4)'].join('\n'),
    );
  });

  test('a request that errored while answering is its line, the message and the stack', () => {
    const record = {
      ...base,
      level: 50,
      time: at(12, 3, 4),
      reqId: 'r2',
      res: { statusCode: 500, method: 'POST', url: '/api/folder' },
      err: { type: 'Error', message: 'socket hang up', stack: 'Error: socket hang up' },
      responseTime: 3,
      msg: 'request errored',
    };
    expect(formatLogRecord(record)).toBe('12:03:04 POST /api/folder 500 3 ms request errored reqId=r2\n    Error: socket hang up');
  });

  test('colours, when asked for, wrap the level and status only', () => {
    const text = formatLogRecord({ level: 30, time: at(1, 2, 3), res: { statusCode: 404, method: 'GET', url: '/x' }, responseTime: 1 }, { colors: true })!;
    expect(text.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), '')).toBe('01:02:03 GET /x 404 1 ms');
    expect(text).toContain('\u001b[33m404\u001b[0m');
  });
});

test('the stream formats each JSON line it is given, and passes on a line that is not JSON', () => {
  const written: string[] = [];
  const stream = readableLogStream({ write: (text) => written.push(text) });
  stream.write(`${JSON.stringify({ level: 30, time: at(12, 0, 0), msg: 'one' })}\n`);
  stream.write(`${JSON.stringify({ level: 30, time: at(12, 0, 0), req: {}, msg: 'incoming request' })}\n`);
  stream.write('not json\n');
  expect(written).toEqual(['12:00:00 INFO one\n', 'not json\n']);
});

/** A real server on a real port, logging as buildApp makes it log, into `lines`. */
async function serverLoggingTo(logFormat: 'json' | 'pretty', lines: string[]): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const out = { write: (text: string) => void lines.push(...text.split('\n').filter(Boolean)) };
  const app = Fastify({ logger: loggerOptions({ logLevel: 'info', logFormat }, false, out) });
  app.get('/api/v2/tests', async () => ({ data: [] }));
  app.get('/broken', async () => {
    throw new Error('the database is gone');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

test('locally a server logs one readable line per request, and errors with their stack', async () => {
  const lines: string[] = [];
  const { app, baseUrl } = await serverLoggingTo('pretty', lines);
  try {
    lines.length = 0; // "Server listening at ..."
    await (await fetch(`${baseUrl}/api/v2/tests?page=2`)).text();
    expect(lines).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/v2\/tests\?page=2 200 \d+ ms$/)]);
    lines.length = 0;
    expect((await fetch(`${baseUrl}/broken`)).status).toBe(500);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d ERROR the database is gone reqId=\S+$/);
    expect(lines[1]).toBe('    Error: the database is gone');
    expect(lines[2]).toMatch(/^ {4}at /);
    expect(lines.at(-1)).toMatch(/^\d\d:\d\d:\d\d GET \/broken 500 \d+ ms$/);
    for (const line of lines) expect(line).not.toMatch(/^\{/);
  } finally {
    await app.close();
  }
});

test('in production (NODE_ENV=production) the log stays pino JSON, one object a line', async () => {
  const lines: string[] = [];
  const { app, baseUrl } = await serverLoggingTo('json', lines);
  try {
    await (await fetch(`${baseUrl}/api/v2/tests`)).text();
    const records = lines.map((line) => JSON.parse(line));
    const completed = records.find((r) => r.msg === 'request completed');
    expect(completed).toMatchObject({ level: 30, pid: process.pid, res: { statusCode: 200 }, reqId: expect.anything() });
    expect(completed.res).toEqual({ statusCode: 200 });
    expect(records.find((r) => r.msg === 'incoming request')).toMatchObject({ req: { method: 'GET', url: '/api/v2/tests' } });
  } finally {
    await app.close();
  }
});
