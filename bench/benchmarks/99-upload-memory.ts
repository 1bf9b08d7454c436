import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@server/db/database';
import { createOrg, createUser } from '@server/modules/orgs/commands';
import { buildDocx, type Block } from '@tests/support/docx';
import { encodePng } from '@tests/support/pictures';
import { callJson, freePort, stopChild } from '../lib/server';
import { round } from '../lib/stats';
import type { Benchmark, BenchContext, Figure } from '../lib/types';

/**
 * Issue 29: the memory of a server while large uploads are refused or read. A real server
 * (`node --import tsx server/main.ts`, PGlite) runs in a child process; its peak resident set is
 * the kernel's high-water mark (VmHWM in /proc/<pid>/status), reset before each round by writing
 * 5 to /proc/<pid>/clear_refs, so each round's peak is its own (when the kernel refuses the
 * reset, the peak since start is reported and the detail says so).
 *
 * - idle: the server started, signed in to, and one small import previewed (its code loaded);
 *   then two seconds with nothing to do.
 * - over the limits: four 25 MB uploads at once, every one refused: a .docx to
 *   /v2/interop/preview with its Content-Length (limit 20 MB), the same .docx to
 *   /v2/interop/import chunked (no length: the limit is passed while reading), a 25 MB "font" to
 *   /v2/parserfont/upload chunked (limit 20 MB), and a 25 MB JSON Word upload to
 *   /v2/question/upload without a session.
 * - a .docx within the limit: four at once, every one read: a real 19 MB .docx (about 95
 *   pictures of 190 KB and their questions; one of 25 MB is over the import limit) to
 *   /v2/interop/preview three times and to /v2/interop/import once.
 * - JSON within the limit: two 25 MB Word uploads at once (1,500 questions of 16 KB of HTML each,
 *   under the call's 32 MB limit) to /v2/question/upload, each into a test of its own. On PGlite
 *   most of what these cost is the database's: PostgreSQL's memory inside the WebAssembly heap,
 *   which grows for a 25 MB value and never shrinks.
 */

const MB = 1024 * 1024;
const START_TIMEOUT_MS = 60_000;
const ACCOUNT = { orgCode: 'UPLOADMEM', email: 'upload.memory@bench.example', password: 'upload-memory-bench-1' };

/** A PNG of random pixels: deflate cannot shrink it, as a photograph barely shrinks. */
function noisePng(width: number, height: number): Uint8Array {
  const rows = crypto.randomBytes((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return encodePng(width, height, rows, 1);
}

/** A real .docx of about `bytes`: numbered multiple-choice questions, each with a 190 KB picture. */
function largeDocx(bytes: number): Uint8Array {
  const picture = noisePng(256, 256);
  const count = Math.max(1, Math.round(bytes / (picture.length + 600)));
  const body: Block[] = [];
  for (let n = 1; n <= count; n++) {
    body.push(`${n}. Which value does the graph below show at x = ${n}?`);
    body.push({ runs: [{ picture: noisePng(256, 256), widthPx: 256, heightPx: 256 }] });
    body.push('(a) 1', '(b) 2', '(c) 3', '(d) 4', 'Ans: b');
  }
  return buildDocx({ body });
}

/** A Word upload's JSON (the portal sends the parsed document so) of about `bytes`. */
function wordUploadJson(bytes: number, testId: string, sectionId: string): Buffer {
  const questions = 1_500;
  const text = 'x'.repeat(Math.floor(bytes / questions) - 120);
  const question = (n: number) => ({
    type: 'multiple_choice',
    name: `<p>${n}. ${text}</p>`,
    options: [
      { name: '1', isCorrect: false },
      { name: '2', isCorrect: true },
    ],
  });
  return Buffer.from(
    JSON.stringify({ testId, sectionId, sections: [{ name: null, questions: Array.from({ length: questions }, (_, i) => question(i + 1)) }] }),
  );
}

function multipart(fields: Record<string, string>, file: { field: string; name: string; bytes: Uint8Array }): { body: Buffer; type: string } {
  const boundary = `----bench${crypto.randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

interface Upload {
  label: string;
  path: string;
  body: Buffer;
  headers: Record<string, string>;
  /** Sent without a Content-Length (chunked), so the server learns the size only by reading. */
  chunked: boolean;
}

interface Sent {
  label: string;
  status: number | null;
  /** From the first byte sent to the answer's status line. */
  answeredMs: number | null;
  /** How much of the body was written before the answer came or the connection closed. */
  writtenMb: number;
  code: string;
  error?: string;
}

/**
 * Sends one upload with fetch, 64 KB at a time (counted), with or without a Content-Length; it
 * stops feeding the body once the server has answered.
 */
async function send(baseUrl: string, upload: Upload): Promise<Sent> {
  const started = performance.now();
  const result: Sent = { label: upload.label, status: null, answeredMs: null, writtenMb: 0, code: '' };
  const CHUNK = 64 * 1024;
  let written = 0;
  let answered = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (answered || written >= upload.body.length) return controller.close();
      const chunk = upload.body.subarray(written, written + CHUNK);
      written += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const headers = upload.chunked ? upload.headers : { ...upload.headers, 'content-length': String(upload.body.length) };
  try {
    const response = await fetch(`${baseUrl}${upload.path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
    answered = true;
    result.status = response.status;
    result.answeredMs = performance.now() - started;
    const text = await response.text();
    try {
      result.code = JSON.parse(text).code ?? 'ok';
    } catch {
      result.code = text.slice(0, 60);
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    result.error = cause?.code ?? cause?.message ?? (error as Error).message;
  }
  result.writtenMb = written / MB;
  return result;
}

function statusOf(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: (kb('VmRSS') * 1024) / MB, hwm: (kb('VmHWM') * 1024) / MB };
}

/** Resets the peak to the present resident set; false when the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function startServer(ctx: BenchContext): Promise<{ baseUrl: string; pid: number; output: () => string }> {
  const dataDir = ctx.tempDir('testforge-bench-upload-');
  const database = await openDatabase({ dataDir });
  try {
    await createOrg(database.db, { code: ACCOUNT.orgCode, name: 'Upload Memory Bench School', days: 365 });
    await createUser(database.db, { orgCode: ACCOUNT.orgCode, email: ACCOUNT.email, password: ACCOUNT.password, name: 'Upload Memory Tutor' });
  } finally {
    await database.close();
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
    cwd: ctx.root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  ctx.onCleanup(() => stopChild(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${output}`);
    if (performance.now() > deadline) throw new Error(`server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl, pid: child.pid!, output: () => output };
}

const describeSent = (sent: Sent[]) =>
  sent
    .map(
      (s) =>
        `${s.label}: ${s.status ?? 'no answer'} ${s.code}${s.error ? ` (${s.error})` : ''}, answered after ${s.answeredMs === null ? '-' : Math.round(s.answeredMs)} ms ` +
        `with ${round(s.writtenMb)} MB sent`,
    )
    .join('; ');

const benchmark: Benchmark = {
  id: 'upload-memory',
  title: 'Server memory under four concurrent large uploads (refused and read)',
  async run(ctx) {
    ctx.log('upload-memory: writing a 25 MB and a 19 MB .docx');
    const overDocx = largeDocx(25 * MB);
    const withinDocx = largeDocx(19 * MB);
    ctx.log(`  .docx files: ${round(overDocx.length / MB)} MB and ${round(withinDocx.length / MB)} MB`);

    const server = await startServer(ctx);
    const login = await callJson(`${server.baseUrl}/api/auth/login`, { method: 'POST', body: ACCOUNT });
    const token = login.body?.data?.token as string;
    if (!token) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body).slice(0, 200)}`);
    const auth = { 'x-access-token': token };
    const call = async (method: string, route: string, body?: unknown) => {
      const res = await callJson(`${server.baseUrl}/api${route}`, { method, body, headers: auth });
      if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return res.body.data;
    };
    const testId = (await call('POST', '/v2/test/create', { name: 'Upload memory' }))._id as string;
    const sectionId = (await call('POST', '/v2/test/section/create', { testId, name: 'Imported' })).section._id as string;
    const uploadTestId = (await call('POST', '/v2/test/create', { name: 'Upload memory (JSON)' }))._id as string;
    const uploadSectionId = (await call('POST', '/v2/test/section/create', { testId: uploadTestId, name: 'Imported' })).section._id as string;

    // Warm-up: the import's code loaded and run once on a small file, as on a server that has served.
    const small = multipart({}, { field: 'file', name: 'small.docx', bytes: largeDocx(400 * 1024) });
    const warm = await send(server.baseUrl, {
      label: 'warm-up',
      path: '/api/v2/interop/preview',
      body: small.body,
      headers: { ...auth, 'content-type': small.type },
      chunked: false,
    });
    if (warm.status !== 200) throw new Error(`the warm-up preview answered ${warm.status} ${warm.code}`);

    const figures: Figure[] = [];
    const started = statusOf(server.pid);
    const resettable = resetPeak(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = statusOf(server.pid);
    const peakNote = resettable ? 'VmHWM, reset to the resident set just before the round' : 'VmHWM since the server started (the kernel refused the reset)';
    figures.push({
      name: 'idle server: resident set',
      value: round(idle.rss),
      unit: 'MB',
      detail: `VmRSS after start, sign-in and one small preview, then 2 s idle; its peak over those 2 s ${round(idle.hwm)} MB; peak since start ${round(started.hwm)} MB`,
    });

    const json = (bytes: Buffer, headers: Record<string, string>) => ({ body: bytes, headers: { ...headers, 'content-type': 'application/json' } });
    const overForm = multipart({}, { field: 'file', name: 'large.docx', bytes: overDocx });
    const overImport = multipart({ testId, sectionId }, { field: 'file', name: 'large.docx', bytes: overDocx });
    const fontBytes = crypto.randomBytes(25 * MB);
    fontBytes.set([0x00, 0x01, 0x00, 0x00], 0);
    const font = multipart({ name: 'Huge Sans' }, { field: 'uploaded_file', name: 'huge.ttf', bytes: fontBytes });
    const rounds: { name: string; uploads: Upload[] }[] = [
      {
        name: 'four 25 MB uploads over the limits',
        uploads: [
          {
            label: 'preview 25 MB .docx (Content-Length)',
            path: '/api/v2/interop/preview',
            body: overForm.body,
            headers: { ...auth, 'content-type': overForm.type },
            chunked: false,
          },
          {
            label: 'import 25 MB .docx (chunked)',
            path: '/api/v2/interop/import',
            body: overImport.body,
            headers: { ...auth, 'content-type': overImport.type },
            chunked: true,
          },
          { label: 'font 25 MB (chunked)', path: '/api/v2/parserfont/upload', body: font.body, headers: { ...auth, 'content-type': font.type }, chunked: true },
          {
            label: 'Word upload 25 MB JSON, no session',
            path: '/api/v2/question/upload',
            ...json(wordUploadJson(25 * MB, uploadTestId, uploadSectionId), {}),
            chunked: false,
          },
        ],
      },
    ];
    const withinPreview = multipart({}, { field: 'file', name: 'paper.docx', bytes: withinDocx });
    const withinImport = multipart({ testId, sectionId }, { field: 'file', name: 'paper.docx', bytes: withinDocx });
    const docxMb = round(withinDocx.length / MB);
    const preview = {
      label: `preview ${docxMb} MB .docx`,
      path: '/api/v2/interop/preview',
      body: withinPreview.body,
      headers: { ...auth, 'content-type': withinPreview.type },
      chunked: false,
    };
    rounds.push({
      name: `four ${docxMb} MB .docx uploads within the limit`,
      uploads: [
        preview,
        preview,
        preview,
        {
          label: `import ${docxMb} MB .docx`,
          path: '/api/v2/interop/import',
          body: withinImport.body,
          headers: { ...auth, 'content-type': withinImport.type },
          chunked: false,
        },
      ],
    });
    const secondTestId = (await call('POST', '/v2/test/create', { name: 'Upload memory (JSON 2)' }))._id as string;
    const secondSectionId = (await call('POST', '/v2/test/section/create', { testId: secondTestId, name: 'Imported' })).section._id as string;
    rounds.push({
      name: 'two 25 MB JSON Word uploads within the limit',
      uploads: [
        {
          label: 'Word upload 25 MB JSON',
          path: '/api/v2/question/upload',
          ...json(wordUploadJson(25 * MB, uploadTestId, uploadSectionId), auth),
          chunked: false,
        },
        {
          label: 'Word upload 25 MB JSON',
          path: '/api/v2/question/upload',
          ...json(wordUploadJson(25 * MB, secondTestId, secondSectionId), auth),
          chunked: false,
        },
      ],
    });

    for (const round_ of rounds) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const before = statusOf(server.pid);
      resetPeak(server.pid);
      ctx.log(`  ${round_.name}: sending (server at ${round(before.rss)} MB)`);
      const start = performance.now();
      const sent = await Promise.all(round_.uploads.map((upload) => send(server.baseUrl, upload)));
      const ms = performance.now() - start;
      const after = statusOf(server.pid);
      ctx.log(`    peak ${round(after.hwm)} MB in ${Math.round(ms)} ms: ${describeSent(sent)}`);
      figures.push({
        name: `${round_.name}: peak resident set`,
        value: round(after.hwm),
        unit: 'MB',
        detail: `${peakNote}; ${round(after.hwm - idle.rss)} MB over the idle server (${round(idle.rss)} MB), ${round(before.rss)} MB before the round; all answered in ${Math.round(ms)} ms: ${describeSent(sent)}`,
      });
      figures.push({ name: `${round_.name}: peak over the idle server`, value: round(after.hwm - idle.rss), unit: 'MB' });
    }
    if (/unhandled|FATAL/i.test(server.output())) ctx.log(`server output:\n${server.output().slice(-2000)}`);
    return { figures, notes: resettable ? [] : ['/proc/<pid>/clear_refs could not be written: peaks are since the server started'] };
  },
};

export default benchmark;
