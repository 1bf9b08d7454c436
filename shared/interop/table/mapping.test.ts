/** @jest-environment node */
import ExcelJS from 'exceljs';
import { columnMapping } from '../../contract/interop';
import { importCsv, parseCsv } from './csv';
import { guessMapping } from './guess';
import { applyMapping, describeMapping, mappingProblem, parseNamedMapping, resolveNames } from './mapping';
import { importXlsx } from './xlsx';

/** Issue 29: a spreadsheet from another tool, its columns guessed or mapped, then read as our own sheet. */

const sheet = (csv: string) => {
  const [headers, ...rows] = parseCsv(csv);
  return { headers, rows };
};
const guess = (csv: string) => {
  const { headers, rows } = sheet(csv);
  return guessMapping(headers, rows);
};

const OTHER_TOOL = `Question Text,Choice 1,Choice 2,Choice 3,Choice 4,Correct,Explanation,Points
What is 2 + 2?,3,4,5,6,2,Two and two make four.,1
Capital of France?,Berlin,Madrid,Paris,Rome,C,,2
Which are primes?,2,4,5,9,"1,3",2 and 5,"1,5"
`;

describe('guessMapping', () => {
  it('reads English header words and synonyms', () => {
    expect(guess(OTHER_TOOL)).toEqual({
      type: null,
      question: 0,
      options: [1, 2, 3, 4],
      correct: 5,
      solution: 6,
      marks: 7,
      negative: null,
      difficulty: null,
      section: null,
      tags: null,
    });
    // Kahoot's template: words after the name, the key column named in a sentence.
    expect(
      guess(
        'Question - max 120 characters,Answer 1 - max 75 characters,Answer 2 - max 75 characters,Time limit (sec),Correct answer(s) - choose at least one\nQ?,a,b,20,1\n',
      ),
    ).toMatchObject({ question: 0, options: [1, 2], correct: 4, marks: null });
    // "Question type" is the type, not the question; options in the order of their letters, whatever the columns' order.
    expect(guess('Stem,Question Type,Option B,Option A,Answer Key,Feedback,Topic,Level\nQ?,mcq,b,a,A,f,t,easy\n')).toMatchObject({
      question: 0,
      type: 1,
      options: [3, 2],
      correct: 4,
      solution: 5,
      section: 6,
      difficulty: 7,
    });
  });

  it.each([
    ['Vietnamese', 'Câu hỏi,Phương án A,Phương án B,Phương án C,Đáp án,Lời giải,Điểm,Chủ đề\nX?,a,b,c,B,giải,"0,5",Toán\n'],
    ['Korean', '문제,보기1,보기2,보기3,정답,해설,배점,단원\nX?,a,b,c,2,풀이,3,수학\n'],
  ])('reads %s header words', (_, csv) => {
    expect(guess(csv)).toMatchObject({ question: 0, options: [1, 2, 3], correct: 4, solution: 5, marks: 6, section: 7 });
  });

  it('finds the key and the marks from the values when the header does not say', () => {
    const csv = `Item,Option A,Option B,Option C,Option D,Col X,Col Y
What is the longest river?,Nile,Amazon,Yangtze,Mekong,A,2
Which ocean is the largest?,Atlantic,Pacific,Indian,Arctic,B,2
What is 3 x 3?,6,9,12,3,B,0.5
`;
    expect(guess(csv)).toMatchObject({ question: 0, options: [1, 2, 3, 4], correct: 5, marks: 6 });
  });

  it('cross-checks the key: letters naming options a row does not have are not the key; numbers 1-6 can be', () => {
    // "Col X" names option E of four-option rows: not a key. "Col Y" numbers 1-4 that name options: the key.
    const csv = `Prompt,Option A,Option B,Option C,Option D,Col X,Col Y
What is the longest river?,Nile,Amazon,Yangtze,Mekong,E,1
Which ocean is the largest?,Atlantic,Pacific,Indian,Arctic,E,2
`;
    expect(guess(csv)).toMatchObject({ correct: 6 });
    // Of two number columns, the one with more kinds of answer is the key; the steady one is the marks.
    const two = `Prompt,Option A,Option B,Option C,Col X,Col Y
Q1?,a,b,c,1,1
Q2?,a,b,c,1,3
Q3?,a,b,c,1,2
`;
    expect(guess(two)).toMatchObject({ correct: 5, marks: 4 });
  });

  it('finds the question column as the longest text when no header names it, and nothing in a sheet of no questions', () => {
    expect(
      guess('Ref,Body,Option A,Option B,Key\n1,Which planet is the largest?,Jupiter,Mars,A\n2,Which planet is the smallest?,Mercury,Venus,A\n'),
    ).toMatchObject({
      question: 1,
      correct: 4,
    });
    expect(guess('id,count\n1,2\n')).toMatchObject({ question: null, options: null, correct: null });
  });
});

describe('applyMapping', () => {
  it('gives rows of our sheet: option numbers and texts as letters, the type from the cells, decimal commas, Vietnamese difficulty', () => {
    const rows = applyMapping(
      [
        ['Capital of France?', 'Berlin', 'Paris', '', '2', 'khó', '0,5'],
        ['Which are vectors?', 'Velocity', 'Speed', 'Force', '1, 3', '', ''],
        ['Pick Paris', 'Rome', 'Paris', '', 'paris', '', ''],
        ['Water is wet', '', '', '', 'Đúng', '', ''],
        ['How many legs has a spider?', '', '', '', '8', '', ''],
        ['', '', '', '', '', '', ''],
      ],
      { question: 0, options: [1, 2, 3], correct: 4, difficulty: 5, marks: 6 },
    );
    expect(rows.map((r) => [r.type, r.answer, r.difficulty, r.marks])).toEqual([
      ['multiple_choice', 'B', 'hard', '0.5'],
      ['multiple_choice', 'A,C', undefined, undefined],
      ['multiple_choice', 'B', undefined, undefined],
      ['true_false', 'Đúng', undefined, undefined],
      ['integer', '8', undefined, undefined],
      ['', undefined, undefined, undefined],
    ]);
    expect(rows[0]).toMatchObject({ question: 'Capital of France?', A: 'Berlin', B: 'Paris' });
  });

  it("makes other tools' type names ours", () => {
    const [checkbox, korean] = applyMapping(
      [
        ['Checkbox', 'Q?', 'a', 'b', 'A,B'],
        ['객관식', 'Q?', 'a', 'b', 'A'],
      ],
      { type: 0, question: 1, options: [2, 3], correct: 4 },
    );
    expect([checkbox.type, korean.type]).toEqual(['multiple_choice', 'multiple_choice']);
  });
});

describe('a sheet of other columns, read', () => {
  it('is read by the guessed mapping, which it carries', () => {
    const read = importCsv(OTHER_TOOL);
    expect(read.problems).toEqual([]);
    expect(read.questionCount).toBe(3);
    const questions = read.sections[0].questions;
    expect(questions.map((q) => q.type === 'multiple_choice' && q.options.map((o) => o.isCorrect))).toEqual([
      [false, true, false, false],
      [false, false, true, false],
      [true, false, true, false],
    ]);
    expect(questions.map((q) => q.marks?.positive)).toEqual([1, 2, 1.5]);
    expect(questions[0].solution).toBe('<p>Two and two make four.</p>');
    expect(read.sheet).toMatchObject({
      columns: ['Question Text', 'Choice 1', 'Choice 2', 'Choice 3', 'Choice 4', 'Correct', 'Explanation', 'Points'],
      guessed: true,
    });
    expect(read.sheet!.rows).toHaveLength(3);
    expect(describeMapping(read.sheet!.mapping, read.sheet!.columns)).toBe(
      'question=Question Text,options=Choice 1|Choice 2|Choice 3|Choice 4,correct=Correct,solution=Explanation,marks=Points',
    );
  });

  it('our own sheet is read as before, with no mapping; a sheet of no questions is refused naming our columns', () => {
    const own = importCsv('type,question,A,B,answer\nmultiple_choice,Q?,x,y,B\n');
    expect([own.questionCount, own.sheet]).toEqual([1, undefined]);
    // Our header words but options under other names: read through the mapping, not half-read.
    const half = importCsv('type,question,Choice 1,Choice 2,answer\nmultiple_choice,Q?,x,y,2\n');
    expect([half.questionCount, half.sheet?.mapping.options]).toEqual([1, [2, 3]]);
    expect(importCsv('id,count\n1,2\n').problems.map((p) => p.code)).toEqual(['noHeader']);
  });

  it('a given mapping wins over the guess; one naming a column the sheet lacks reads nothing and names the field and column', () => {
    const swapped = importCsv(OTHER_TOOL, { columns: { question: 6, options: [1, 2], correct: 5 } });
    expect(swapped.sheet).toMatchObject({ guessed: false, mapping: { question: 6, options: [1, 2], correct: 5 } });
    const missing = importCsv(OTHER_TOOL, { columns: { question: 0, options: [1, 2, 9] } });
    expect(missing.questionCount).toBe(0);
    expect(missing.mappingError).toEqual({
      field: 'options',
      message: expect.stringMatching(/^options: column 10 is not in the sheet \(it has 8: "Question Text", /),
    });
    const byName = importCsv(OTHER_TOOL, { names: { question: ['question text'], options: ['Choice 1', 'Choice 5'] } });
    expect(byName.mappingError).toEqual({
      field: 'options',
      message: expect.stringMatching(/^options: no column named "Choice 5" \(the columns: "Question Text", /),
    });
  });

  it('an XLSX of other columns is read the same way', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Sheet1');
    ws.addRow(['문제', '보기1', '보기2', '보기3', '정답', '해설', '배점']);
    ws.addRow(['대한민국의 수도는?', '부산', '서울', '대구', 2, '서울입니다.', 3]);
    const read = await importXlsx(new Uint8Array(await book.xlsx.writeBuffer()));
    expect(read.questionCount).toBe(1);
    const [q] = read.sections[0].questions;
    expect(q.type === 'multiple_choice' && q.options.map((o) => o.isCorrect)).toEqual([false, true, false]);
    expect([q.marks?.positive, q.solution, read.sheet?.guessed]).toEqual([3, '<p>서울입니다.</p>', true]);
  });
});

describe('mappings checked', () => {
  it('names the field: a missing column, too many options, no question column', () => {
    const headers = ['Q', 'A', 'B'];
    expect(mappingProblem({ question: 0, correct: 3 }, headers, 3)?.message).toBe('correct: column 4 is not in the sheet (it has 3: "Q", "A", "B")');
    expect(mappingProblem({ question: 0, options: [1, 2, 1, 2, 1, 2, 1] }, headers, 3)?.field).toBe('options');
    expect(mappingProblem({ options: [1, 2] }, headers, 3)).toEqual({ field: 'question', message: 'question: no column holds the questions' });
    expect(mappingProblem({ question: 0, options: [1, 2] }, headers, 3)).toBeNull();
  });

  it("reads --map's text, commas in a column's name kept; a field we do not have is named", () => {
    expect(parseNamedMapping('question=Question Text,options=Choice 1|Choice 2,answer=Correct answer(s), choose one')).toEqual({
      mapping: { question: ['Question Text'], options: ['Choice 1', 'Choice 2'], correct: ['Correct answer(s), choose one'] },
    });
    expect(parseNamedMapping('question=Q,colour=Red')).toEqual({
      error: '"colour" is not one of our fields (type, question, options, correct, solution, marks, negative, difficulty, section, tags)',
    });
    expect(parseNamedMapping('Question Text')).toEqual({ error: '"Question Text" is not field=column' });
    expect(parseNamedMapping('marks=')).toEqual({ error: 'marks: no column named' });
    expect(resolveNames({ question: ['q'], options: ['a', 'b'] }, ['Q', 'A', 'B'])).toEqual({ mapping: { question: 0, options: [1, 2] } });
  });

  it("the contract's schema takes columns, lists of columns and null, and refuses anything else naming the field", () => {
    expect(columnMapping.parse({ question: 0, options: [1, 2], correct: null })).toEqual({ question: 0, options: [1, 2], correct: null });
    const bad = columnMapping.safeParse({ question: -1 });
    expect(bad.success ? null : bad.error.issues[0].path).toEqual(['question']);
    const unknown = columnMapping.safeParse({ colour: 1 });
    expect(unknown.success ? null : unknown.error.issues[0].code).toBe('unrecognized_keys');
  });
});
