/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildDocx, type Block } from '../support/docx';
import { useTempFiles } from '../support/tempFiles';

/** `npm run parse`: the parser on files, as a child process, as teachers' IT people run it. */
const root = path.join(__dirname, '../..');
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/parse.ts', ...args], { cwd: root, encoding: 'utf8' });

describe('npm run parse', () => {
  const write = useTempFiles('testforge-parse-');
  /** `npm run parse` on a Word file of these paragraphs. */
  const parsePaper = (name: string, body: Block[]) => run(write(name, buildDocx({ body })));

  it('a good document: what it holds, exit 0', () => {
    const result = parsePaper('good.docx', ['1. 2 + 2 = ?', 'Ans: 4', '2. The sky is blue.', 'Ans: True']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('good.docx (numbered text engine');
    expect(result.stdout).toContain('2 questions: 1 integer, 1 true false');
    expect(result.stdout).toContain('0 errors, 0 notes');
  });

  it('a document with nothing readable: each problem at its paragraph, exit 1; one bad question among good ones: exit 0, the rest would upload; --json gives the whole result', () => {
    const result = parsePaper('bad.docx', ['1. Pick one.', '(a) x', '(b) y', 'Ans: e']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('2 errors, 0 notes: this document would not upload');
    expect(result.stdout).toContain('error paragraph 4: Question 1: the answer "e" is not one of its options.');
    const mixed = write('mixed.docx', buildDocx({ body: ['1. Pick one.', '(a) x', '(b) y', 'Ans: e', '2. Pick again.', '(a) x', '(b) y'] }));
    const partly = run(mixed);
    expect(partly.status).toBe(0);
    expect(partly.stdout).toContain('1 error, 1 note: 1 question would upload, the rest left out');
    const json = run(mixed, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      engine: 'text',
      questionCount: 1,
      problems: [
        { code: 'answerNotAnOption', paragraph: 4 },
        { code: 'answerNotMarked', paragraph: 5 },
      ],
    });
  });

  it('the tables engine on request; wrong usage and unreadable files', () => {
    const file = write(
      'table.docx',
      buildDocx({
        body: [
          {
            table: [
              ['Question', 'Is 7 prime?'],
              ['Answer', 'True'],
            ],
          },
        ],
      }),
    );
    expect(run(file, '--engine', 'table').stdout).toContain('1 question: 1 true false');
    const wrong = run(file, '--engine', 'columns');
    expect([wrong.status, wrong.stderr]).toEqual([2, expect.stringContaining('--engine must be text or table')]);
    expect(run().status).toBe(2);
    const pdf = run(write('paper.pdf', Buffer.from('%PDF-1.7')));
    expect([pdf.status, pdf.stdout]).toEqual([1, expect.stringContaining('This is a PDF, not a Word document.')]);
  });
});
