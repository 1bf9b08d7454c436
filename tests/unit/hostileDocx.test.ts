/** @jest-environment node */
// Issue 14: hostile .docx files within the upload size limit. Each is refused with the limit named,
// or read, and the parser's process stays under 512 MB whatever it is given (each is parsed in a
// process of its own, with a 512 MB heap, and its peak memory read back).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCX_LIMITS, openDocx } from '@shared/parser/docx/openDocx';
import { hostileDocx } from '../support/hostileDocx';
import { ROOT } from '../support/paths';

jest.setTimeout(120_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'testforge-hostile-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Builds the hostile document `kind(...args)`, then parses it in a process of its own (see parseWorker). */
function parseInChild<K extends keyof typeof hostileDocx>(kind: K, ...args: Parameters<(typeof hostileDocx)[K]>) {
  const at = path.join(dir, `${kind}-${args.join('-')}.docx`);
  const worker = (...argv: string[]) =>
    execFileSync(process.execPath, ['--max-old-space-size=512', '--import', 'tsx', path.join(ROOT, 'tests/support/parseWorker.ts'), ...argv], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      maxBuffer: 1024 * 1024,
    });
  worker(at, kind, ...args.map(String));
  const out = worker(at);
  const result = JSON.parse(out.toString().trim().split('\n').pop()!) as {
    bytes: number;
    questionCount: number;
    fileProblem: { params: Record<string, string>; message: string } | null;
    ms: number;
    peakMb: number;
  };
  // Every hostile document fits the upload limit: it is refused for what it holds, not its size.
  expect(result.bytes).toBeLessThan(DOCX_LIMITS.fileBytes);
  return { ...result, file: () => new Uint8Array(fs.readFileSync(at)) };
}

test('a document whose text unpacks to 40 MB is refused, naming the part and the limit', () => {
  const result = parseInChild('hugePart', 40);
  expect(result.fileProblem?.params).toMatchObject({ reason: 'partTooLarge', part: 'word/document.xml', mb: 24 });
  expect(result.fileProblem?.message).toBe(
    'The document is too large to read: word/document.xml unpacks to more than 24 MB. Split the questions into several documents.',
  );
  expect(result.peakMb).toBeLessThan(512);
});

test('a million tiny elements are refused, naming the limit', () => {
  const result = parseInChild('manyElements', 1_000_000);
  expect(result.fileProblem?.params).toMatchObject({ reason: 'tooManyElements', part: 'word/document.xml', max: '400,000' });
  expect(result.peakMb).toBeLessThan(512);
});

test('elements nested 100,000 deep are refused (no stack overflow), naming the limit', () => {
  const result = parseInChild('deep', 100_000);
  expect(result.fileProblem?.params).toMatchObject({ reason: 'tooDeep', max: 256 });
  expect(result.peakMb).toBeLessThan(512);
});

test('the largest documents accepted stay under 512 MB: 13,000 questions, and 22 MB of text', () => {
  const questions = parseInChild('manyQuestions', 13_000);
  expect(questions.fileProblem).toBeNull();
  expect(questions.questionCount).toBeGreaterThan(9_000);
  expect(questions.peakMb).toBeLessThan(512);
  const text = parseInChild('hugePart', 22);
  expect(text.fileProblem).toBeNull();
  expect(text.peakMb).toBeLessThan(512);
  console.log(
    `peak memory of the parser: ${questions.peakMb} MB for 13,000 questions (${questions.ms} ms), ${text.peakMb} MB for 22 MB of text (${text.ms} ms)`,
  );
});

test('pictures are unpacked when asked for, one at a time, and come out whole', () => {
  const result = parseInChild('manyPictures', 40, 1);
  const file = result.file();
  expect(result.fileProblem).toBeNull();
  expect(result.peakMb).toBeLessThan(512);
  const pkg = openDocx(file);
  const third = pkg.bytes('word/media/image3.png')!;
  expect(third.length).toBe(1024 * 1024);
  const byte = (j: number) => ((j * 2654435761 + 2) >>> 24) & 0xff; // as manyPictures writes image3
  expect([0, 1000, third.length - 1].map((j) => third[j])).toEqual([0, 1000, third.length - 1].map(byte));
  expect(pkg.bytes('word/media/none.png')).toBeNull();
});
