import { uploadGateOf } from '@server/http/uploads';
import { startTestServer, type TestServer } from '../support/testServer';
import { signInEditor, type Editor } from '../support/testEditor';
import { png } from '../support/pictures';

// @database-neutral: its subject is how large bodies are read (server/http/uploads.ts), on code
// that does not differ by database, so it runs once (jest.config.js).

const MB = 1024 * 1024;
const BOUNDARY = 'uploadsTestBoundary';
const formType = `multipart/form-data; boundary=${BOUNDARY}`;
const fileHead = (field: string, name: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const textField = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const formEnd = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const GIFT = Buffer.from('::Q1:: What is 2 + 2? {=4 ~3 ~5}\n');

/**
 * A request body the test feeds by hand: what `send` is given goes out, and the body never ends
 * until `end`: a server that waits for the whole body before answering never answers.
 */
function heldBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    stream,
    get sent() {
      return sent;
    },
    send(bytes: Uint8Array) {
      for (let at = 0; at < bytes.length; at += 256 * 1024) {
        const chunk = bytes.subarray(at, at + 256 * 1024);
        sent += chunk.length;
        controller.enqueue(chunk);
      }
    },
    end(bytes?: Uint8Array) {
      if (bytes) this.send(bytes);
      controller.close();
    },
  };
}

interface Held {
  /** The answer, or 'no answer' if none came within `withinMs`. */
  answer: (withinMs?: number) => Promise<{ status: number; body: any; headers: Headers } | 'no answer'>;
  body: ReturnType<typeof heldBody>;
  abort: () => void;
}

function post(server: TestServer, path: string, headers: Record<string, string>): Held {
  const body = heldBody();
  const abort = new AbortController();
  const response = fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: body.stream, duplex: 'half', signal: abort.signal } as RequestInit).then(
    async (res) => ({ status: res.status, body: await res.json(), headers: res.headers }),
  );
  response.catch(() => {}); // aborted at the end of a test
  return {
    body,
    abort: () => abort.abort(),
    answer: async (withinMs = 10_000) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), withinMs)));
      try {
        return await Promise.race([response, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

const held: Held[] = [];
const track = (h: Held) => (held.push(h), h);
afterEach(() => held.splice(0).forEach((h) => h.abort()));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('large uploads are refused before they are read whole (issue 29)', () => {
  let server: TestServer;
  let tutor: Editor;
  beforeAll(async () => {
    server = await startTestServer();
    tutor = await signInEditor(server);
  });
  afterAll(() => server.close());

  test('an import file past 20 MB without a Content-Length is refused as the limit passes, not when the body ends', async () => {
    const upload = track(post(server, '/api/v2/interop/preview', { 'x-access-token': tutor.token, 'content-type': formType }));
    upload.body.send(fileHead('file', 'big.gift'));
    upload.body.send(Buffer.alloc(20 * MB + 64 * 1024, 65)); // and the body never ends
    const answer = await upload.answer();
    expect(answer).not.toBe('no answer');
    if (answer === 'no answer') return;
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([413, 'FILE_TOO_LARGE', 'This file is too large to import: the limit is 20 MB.']);
  });

  test('a font past 20 MB without a Content-Length is refused as the limit passes', async () => {
    const upload = track(post(server, '/api/v2/parserfont/upload', { 'x-access-token': tutor.token, 'content-type': formType }));
    upload.body.send(textField('name', 'Huge Sans'));
    upload.body.send(fileHead('uploaded_file', 'huge.ttf'));
    upload.body.send(Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(20 * MB + 64 * 1024)]));
    const answer = await upload.answer();
    expect(answer).not.toBe('no answer');
    if (answer === 'no answer') return;
    expect([answer.status, answer.body.code, answer.body.details[0].field]).toEqual([413, 'FILE_TOO_LARGE', 'uploaded_file']);
  });

  test('a Word upload (JSON) without a session is 401 before its body is read', async () => {
    const upload = track(post(server, '/api/v2/question/upload', { 'content-type': 'application/json', 'content-length': String(25 * MB) }));
    upload.body.send(Buffer.from(`{"testId":"1","sectionId":"1","sections":[{"name":null,"questions":[{"type":"multiple_choice","name":"<p>${'x'.repeat(MB)}`));
    const answer = await upload.answer();
    expect(answer).not.toBe('no answer');
    if (answer === 'no answer') return;
    expect([answer.status, answer.body.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  test('a Word upload declared past its 32 MB limit is 413 naming that limit, before its body is read', async () => {
    const upload = track(
      post(server, '/api/v2/question/upload', { 'x-access-token': tutor.token, 'content-type': 'application/json', 'content-length': String(33 * MB) }),
    );
    upload.body.send(Buffer.from('{"testId":'));
    const answer = await upload.answer();
    expect(answer).not.toBe('no answer');
    if (answer === 'no answer') return;
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([413, 'BODY_TOO_LARGE', 'The request body is too large (at most 33554432 bytes).']);
  });

  test('a picture PUT of the wrong length says how many bytes were expected and how many came', async () => {
    const bytes = png();
    const signed = await tutor.call('POST', '/api/v2/user/getS3SignedUrl', {
      fileName: 'a.png',
      contentType: 'image/png',
      size: bytes.length,
      purpose: 'picture',
    });
    const short = bytes.subarray(0, 20);
    const res = await fetch(`${server.baseUrl}${signed.body.data.uploadUrl}`, {
      method: 'PUT',
      body: new Uint8Array(short),
      headers: { 'content-type': 'image/png' },
    });
    const body = await res.json();
    expect([res.status, body.code, body.message, body.details]).toEqual([
      400,
      'VALIDATION_ERROR',
      `The field "body" is invalid: expected ${bytes.length} bytes, got 20`,
      [{ field: 'body', message: `The field "body" is invalid: expected ${bytes.length} bytes, got 20` }],
    ]);
    expect(body.message).not.toMatch(/\{\w+\}/);
  });
});

describe('large uploads take turns (HEAVY_UPLOADS_AT_ONCE, HEAVY_UPLOADS_WAITING)', () => {
  let server: TestServer;
  let tutor: Editor;
  beforeAll(async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { HEAVY_UPLOADS_AT_ONCE: '1', HEAVY_UPLOADS_WAITING: '1' });
    try {
      server = await startTestServer();
    } finally {
      for (const key of ['HEAVY_UPLOADS_AT_ONCE', 'HEAVY_UPLOADS_WAITING']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
    tutor = await signInEditor(server);
  });
  afterAll(() => server.close());

  test('one is read at a time, one waits with its body unread, the next is 503 UPLOADS_BUSY; the waiting one then goes through', async () => {
    const gate = uploadGateOf(server.services);
    const headers = { 'x-access-token': tutor.token, 'content-type': formType };
    const first = track(post(server, '/api/v2/interop/preview', headers));
    first.body.send(fileHead('file', 'first.gift'));
    await until(() => gate.state.running === 1, 'the first upload to be read');
    const second = track(post(server, '/api/v2/interop/preview', headers));
    second.body.send(fileHead('file', 'second.gift'));
    await until(() => gate.state.waiting === 1, 'the second upload to wait');

    const third = track(post(server, '/api/v2/interop/preview', headers));
    third.body.send(fileHead('file', 'third.gift'));
    const busy = await third.answer();
    expect(busy).not.toBe('no answer');
    if (busy === 'no answer') return;
    expect([busy.status, busy.body.code, busy.body.message, busy.headers.get('retry-after')]).toEqual([
      503,
      'UPLOADS_BUSY',
      'The server is busy reading other large uploads. Please try again in a moment.',
      '10',
    ]);
    expect(await second.answer(200)).toBe('no answer');

    first.body.end(Buffer.concat([GIFT, formEnd]));
    const done = await first.answer();
    expect(done !== 'no answer' && [done.status, done.body.data.questionCount]).toEqual([200, 1]);
    second.body.end(Buffer.concat([GIFT, formEnd]));
    const next = await second.answer();
    expect(next !== 'no answer' && [next.status, next.body.data.questionCount]).toEqual([200, 1]);
    await until(() => gate.state.running === 0 && gate.state.waiting === 0, 'the turns to be given back');
  });

  test('a waiting upload whose client goes away gives its place back', async () => {
    const gate = uploadGateOf(server.services);
    const headers = { 'x-access-token': tutor.token, 'content-type': formType };
    const first = track(post(server, '/api/v2/interop/preview', headers));
    first.body.send(fileHead('file', 'first.gift'));
    await until(() => gate.state.running === 1, 'the first upload to be read');
    const leaving = post(server, '/api/v2/interop/preview', headers);
    leaving.body.send(fileHead('file', 'leaving.gift'));
    await until(() => gate.state.waiting === 1, 'the second upload to wait');
    leaving.abort();
    await until(() => gate.state.waiting === 0, 'the place to be given back');
    first.body.end(Buffer.concat([GIFT, formEnd]));
    const done = await first.answer();
    expect(done !== 'no answer' && done.status).toBe(200);
    await until(() => gate.state.running === 0, 'the turn to be given back');
  });
});
