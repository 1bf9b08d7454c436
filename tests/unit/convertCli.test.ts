/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { convert } from '../../scripts/convert';
import { buildDocx } from '../support/docx';
import { useTempFiles } from '../support/tempFiles';

/**
 * `npm run convert` (issue 29): a file with no question to convert exits 1 with one line naming
 * the file and writes nothing; random bytes are never read as GIFT; exit codes 0 / 1 / 2.
 */
const root = path.join(__dirname, '../..');
/** The command run in this process (a new process per case took 100 s of a test run); its output as a process would print it. */
async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await convert(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('');
  return { status, stdout: text(out), stderr: text(err) };
}
jest.setTimeout(60_000);

/** Bytes that look random, the same every run (a linear congruential generator). */
function noise(length: number, seed: number): Uint8Array {
  let x = seed;
  return new Uint8Array(length).map(() => ((x = (x * 1103515245 + 12345) % 2 ** 31), x >> 16) & 0xff);
}

describe('npm run convert', () => {
  const write = useTempFiles('testforge-convert-');

  const random = () => {
    const bytes = noise(4096, 29);
    bytes.set(new TextEncoder().encode('::Q1:: 2 + 2 {=4 ~5}\n\n::Q2:: Water is wet {T}\n\n'), 200);
    return bytes;
  };
  const ole = () => {
    const bytes = noise(8192, 5);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    return bytes;
  };
  const cases: [string, () => string | Uint8Array, string[], RegExp][] = [
    ['empty.gift', () => '', [], /the file is empty$/],
    [
      'truncated.xml',
      () => '<?xml version="1.0"?>\n<quiz><question type="truefalse"><name><text>Q1</text></name><questiontext format="html"><text>The sky is',
      [],
      /not well-formed XML/,
    ],
    ['random.gift', random, [], /the file is not text: byte [\d,]+ is not UTF-8/],
    ['random.bin', random, ['--from', 'gift'], /the file is not text: byte [\d,]+ is not UTF-8/],
    ['paper.hwp', ole, [], /the file is not text: an OLE file \(an old \.doc or \.xls, or a Hangul \.hwp\)$/],
    ['paper.hwp', ole, ['--from', 'aiken'], /the file is not text: an OLE file/],
    ['paper.docx', () => buildDocx({ body: ['1. Is 7 prime?', 'Ans: True'] }), ['--from', 'gift'], /the file is not text: a zip package/],
    ['one-character.gift', () => 'a'.repeat(50 * 1024 * 1024), [], /the file is 50 MB: a text file \(read as GIFT\) may be at most 20 MB$/],
    ['blank-lines.gift', () => '\n'.repeat(1024 * 1024), [], /no question could be read from this GIFT file$/],
    ['matching.gift', () => '::M:: Match {=a -> 1 =b -> 2}\n', [], /1 left out, the first at question 1: matching questions have no place in our tests$/],
  ];
  it.each(cases.map(([name, content, args, reason], i) => [name, args.join(' '), content, args, reason, i % 2 ? 'json' : 'moodle'] as const))(
    '%s %s: exit 1, one line naming the file, no file written',
    async (name, _shown, content, args, reason, to) => {
      const file = write(name, content());
      const out = `${file}.out.${to}`;
      const result = await run(file, '--to', to, '--out', out, ...args);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0].startsWith(`${file}: nothing to convert: `)).toBe(true);
      expect(lines[0]).toMatch(reason);
      expect(fs.existsSync(out)).toBe(false);
    },
  );

  it('a file read whole: exit 0 and the file written; questions left out: exit 1, the rest written and each named', async () => {
    const good = write('good.gift', '::Q1:: 2 + 2 {=4 ~5}\n\n::Q2:: Water is wet {T}\n');
    const out = `${good}.aiken.txt`;
    const ok = await run(good, '--to', 'aiken', '--out', out);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toContain('good.gift: gift, 2 questions read');
    expect(fs.readFileSync(out, 'utf8')).toContain('ANSWER: A');

    const partly = write('partly.gift', '::Q1:: 2 + 2 {=4 ~5}\n\n::M:: Match {=a -> 1 =b -> 2}\n');
    const partlyOut = `${partly}.csv`;
    const some = await run(partly, '--to', 'csv', '--out', partlyOut);
    expect(some.status).toBe(1);
    expect(some.stderr).toContain('partly.gift: error question 2: matching questions have no place in our tests');
    expect(some.stderr).toContain('partly.gift: gift, 1 question read, 1 left out');
    expect(fs.existsSync(partlyOut)).toBe(true);
  });

  it('wrong usage exits 2: no --to, an unknown format or option, a missing file or a folder', async () => {
    const good = write('usage.gift', '::Q1:: Water is wet {T}\n');
    for (const args of [[good], [good, '--to', 'gift', '--from', 'pdf'], [good, '--to', 'gift', '--colour']]) {
      const result = await run(...args);
      expect([args, result.status]).toEqual([args, 2]);
      expect(result.stderr).toContain('usage: npm run --silent convert --');
    }
    const missing = await run(`${good}.missing`, '--to', 'gift');
    expect([missing.status, missing.stderr.trim()]).toEqual([2, `${good}.missing: no such file`]);
    const folder = await run(path.dirname(good), '--to', 'gift');
    expect([folder.status, folder.stderr.trim()]).toEqual([2, `${path.dirname(good)}: is a folder, not a file`]);
  });

  describe('a spreadsheet of other columns (issue 29)', () => {
    const OTHER = `Question Text,Choice 1,Choice 2,Choice 3,Choice 4,Correct,Explanation,Points
What is 2 + 2?,3,4,5,6,2,Two and two make four.,1
Capital of France?,Berlin,Madrid,Paris,Rome,3,,2
`;
    const MAP = 'question=Question Text,options=Choice 1|Choice 2|Choice 3|Choice 4,correct=Correct,solution=Explanation,marks=Points';
    const correct = (json: string) =>
      JSON.parse(json).sections[0].questions.map((q: { options: { isCorrect: boolean }[] }) => q.options.findIndex((o) => o.isCorrect));

    it('--map reads it: exit 0, the questions with their keys, marks and solutions, and stderr says the mapping', async () => {
      const result = await run(write('mapped.csv', OTHER), '--to', 'json', '--map', MAP);
      expect(result.status).toBe(0);
      expect(correct(result.stdout)).toEqual([1, 2]);
      const questions = JSON.parse(result.stdout).sections[0].questions;
      expect(questions.map((q: { marks: { positive: number } }) => q.marks.positive)).toEqual([1, 2]);
      expect(questions[0].solution).toBe('<p>Two and two make four.</p>');
      expect(result.stderr).toContain(`mapped.csv: columns mapped: --map "${MAP}"`);
      expect(result.stderr).toContain('mapped.csv: csv, 2 questions read');
    });

    it('without --map the mapping is guessed, and stderr gives it in --map words', async () => {
      const guessed = write('guessed.csv', OTHER);
      const result = await run(guessed, '--to', 'json');
      expect(result.status).toBe(0);
      expect(correct(result.stdout)).toEqual([1, 2]);
      expect(result.stderr).toContain(`guessed.csv: columns guessed: --map "${MAP}"`);
      // A mapping that reads the columns otherwise wins over the guess: the solution read as the question.
      const other = await run(guessed, '--to', 'json', '--map', 'question=Explanation,options=Choice 1|Choice 2,answer=Correct');
      expect(JSON.parse(other.stdout).sections[0].questions.map((q: { name: string }) => q.name)).toEqual(['<p>Two and two make four.</p>']);
      expect(other.status).toBe(1); // the second row has no explanation: left out, named
    });

    it('a --map naming a column the sheet does not have, or a field we do not have: exit 2, one line naming it, nothing written', async () => {
      const file = write('missing.csv', OTHER);
      const out = `${file}.gift`;
      const missing = await run(file, '--to', 'gift', '--out', out, '--map', 'question=Question Text,options=Choice 1|Choice 5');
      expect(missing.status).toBe(2);
      expect(missing.stderr.trimEnd().split('\n')).toEqual([
        `${file}: --map: options: no column named "Choice 5" (the columns: "Question Text", "Choice 1", "Choice 2", "Choice 3", "Choice 4", "Correct", "Explanation", "Points")`,
      ]);
      expect(fs.existsSync(out)).toBe(false);
      const field = await run(file, '--to', 'gift', '--map', 'question=Question Text,colour=Red');
      expect([field.status, field.stderr.trim()]).toEqual([
        2,
        '--map: "colour" is not one of our fields (type, question, options, correct, solution, marks, negative, difficulty, section, tags)',
      ]);
      const gift = await run(write('not-a-sheet.gift', '::Q1:: Water is wet {T}\n'), '--to', 'json', '--map', 'question=Q');
      expect([gift.status, gift.stderr.trim()]).toEqual([
        2,
        expect.stringMatching(/not-a-sheet\.gift: --map: a column mapping is for a spreadsheet \(CSV or XLSX\), and this file is GIFT$/),
      ]);
    });
  });

  it('--help says what each exit code means, and the command exits with them', () => {
    // (Two runs as a process: the exit code is the process's own.)
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/convert.ts', '--help'], { cwd: root, encoding: 'utf8' });
    expect(help.status).toBe(0);
    const empty = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/convert.ts', write('process.gift', ''), '--to', 'json'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(empty.status).toBe(1);
    expect(help.stdout).toMatch(/Exit codes:\n\s+0 .*\n\s+1 .*questions were left out[\s\S]*nothing could be converted[\s\S]*\n\s+2 .*wrong usage[\s\S]*--map/);
    expect(help.stdout).toContain('--map "question=Question Text,options=Choice 1|Choice 2|Choice 3|Choice 4,correct=Correct');
  });
});
