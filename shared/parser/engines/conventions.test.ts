import { linesOf as lines } from '@tests/support/lines';
import { plainText as text } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import type { ListLabel } from '../docx/numbering';
import {
  inferConventions,
  inferGluedAsterisk,
  inferOptionItems,
  inferStarts,
  inferTrailingKeys,
  inferMarkedBlocks,
  inferUnlabelledOptions,
  listedOptions,
  numberedLines,
} from './conventions';

// The conventions stage on its own: lines in, what the paper's own numbering and marks say out.
/** No Word list anywhere. */
const noLists = () => undefined;

describe('question starts the common patterns miss', () => {
  it('numbers without punctuation count when they rise', () => {
    const paper = lines('1    What is red?', 'A. x', '2    What is blue?', 'A. y', '3\tWhat is green?');
    expect([...inferStarts(paper, noLists).values()].map((s) => s.number)).toEqual([1, 2, 3]);
  });

  it('"Level 1: Easy" … "Level 2: Hard" over questions Word numbers on and on are parts; over a list that starts at 1 again under each, questions', () => {
    const paper = lines('Level 1: Easy', 'Pick one:', 'Pick two:', 'Level 2: Hard', 'Pick one:', 'Pick two:', 'Level 3: Expert', 'Pick one:', 'Pick two:');
    const counted =
      (values: Record<number, number>) =>
      (p: Paragraph): ListLabel | undefined =>
        values[p.index] ? { label: `${values[p.index]}.`, format: 'decimal', level: 0, value: values[p.index] } : undefined;
    const onAndOn = numberedLines(paper, counted({ 1: 1, 2: 2, 4: 3, 5: 4, 7: 5, 8: 6 }));
    expect([...onAndOn.parts].map((p) => p.index)).toEqual([0, 3, 6]);
    expect(onAndOn.starts.size).toBe(0);
    const again = numberedLines(paper, counted({ 1: 1, 2: 2, 4: 1, 5: 2, 7: 1, 8: 2 }));
    expect(again.parts.size).toBe(0);
    expect([...again.starts.values()].map((s) => s.number)).toEqual([1, 2, 3]);
  });

  it('"Pertemuan 1" … "Pertemuan 2" each right over a list of sentences that starts at 1 again are parts (their numbers may skip: 1, 2, 3, 5)', () => {
    const q = 'Name the device that forwards frames between the ports of one network.';
    const paper = lines('Pertemuan 1', q, q, 'Pertemuan 2', q, q, 'Pertemuan 3', q, q, 'Pertemuan 5', q, q);
    const listed = (p: Paragraph): ListLabel | undefined =>
      p.index % 3 ? { label: `${p.index % 3}.`, format: 'decimal', level: 0, value: p.index % 3 } : undefined;
    const read = numberedLines(paper, listed);
    expect([...read.parts].map((p) => p.index)).toEqual([0, 3, 6, 9]);
    expect(read.starts.size).toBe(0);
  });

  it('"Bài 2: …" each over questions "Câu 1." "Câu 2." counting from 1 again are parts; "Question 1" over "1)" "2)" that only name options is a question', () => {
    const lesson = (n: number) => [`Bài ${n}: Web là gì`, 'Câu 1. HTML là gì?', 'A. một', 'B. hai', 'Câu 2. CSS là gì?', 'A. một', 'B. hai'];
    const paper = lines(...lesson(2), ...lesson(3), ...lesson(4));
    expect([...numberedLines(paper, noLists).parts].map((p) => p.index)).toEqual([0, 7, 14]);
    const options = (n: number) => [`Question ${n}: Choose the capital of France`, '1) Paris', '2) Rome', '3) Oslo'];
    expect(numberedLines(lines(...options(1), ...options(2), ...options(3)), noLists).parts.size).toBe(0);
  });

  it('"Pertemuan 11" … "Pertemuan 12" over questions that do not ask but have options under them ("AE is better because …") are parts', () => {
    const question = (stem: string) => [stem, 'a. one', 'b. two'];
    const paper = lines(
      'Pertemuan 11',
      ...question('AE is better because …'),
      ...question('CA ensures that …'),
      'Pertemuan 12',
      ...question('SNYD is …'),
      ...question('IoT is …'),
    );
    expect([...numberedLines(paper, noLists).parts].map((p) => p.index)).toEqual([0, 7]);
  });

  it('numbers with a comma ("1,Mennyi", "2, Ki", "3,1823-ban") count when they rise; "1,5 kg" alone does not', () => {
    const paper = lines('1,Mennyi 2+2?', 'a. 4', '2, Ki írta?', 'a. Petőfi', '3,1823-ban ki született?', 'a. Petőfi');
    expect([...inferStarts(paper, noLists).values()].map((s) => s.number)).toEqual([1, 2, 3]);
    expect(inferStarts(lines('1,5 kg liszt', '7,2 liter víz'), noLists).size).toBe(0);
  });

  it('numbers that do not rise are text, not questions', () => {
    const paper = lines('1    apple', '7    pear', '3    plum');
    expect(inferStarts(paper, noLists).size).toBe(0);
  });

  it('a prefix every question shares ("//QZ1.11)") is one family', () => {
    const paper = lines('//QZ1.11) Which loop?', 'a) for', '//QZ1.12) Which keyword?', '//QZ1.13) Which type?');
    expect([...inferStarts(paper, noLists).values()].map((s) => s.number)).toEqual([11, 12, 13]);
  });

  it('a lone odd number counts only between its neighbours ("11." "12Which" "13.")', () => {
    expect(inferStarts(lines('11. Red?', '12Which is green?', '13. White?'), noLists).size).toBe(1);
    expect(inferStarts(lines('11. Red?', '40Which is green?', '13. White?'), noLists).size).toBe(0);
  });

  it('a lone odd number as the last question counts after a common one when option a is right under it', () => {
    expect(inferStarts(lines('11. Red?', 'A. x', '12Which is green?', 'a) lime', 'b) rose'), noLists).size).toBe(1);
    expect(inferStarts(lines('11. Red?', 'A. x', '12Which is green?', 'It is a colour.'), noLists).size).toBe(0);
    // With no question numbered the common way before it, a number glued to a word is text ("3D shapes").
    expect(inferStarts(lines('Shapes quiz', '3D shapes have depth', 'a) yes'), noLists).size).toBe(0);
  });

  it('a number alone on its line, the text below, when the numbers rise', () => {
    const paper = lines('1', 'What is red?', '2', 'What is blue?');
    expect([...inferStarts(paper, noLists).values()].map((s) => s.number)).toEqual([1, 2]);
  });
});

describe('Word lists that are options', () => {
  const list =
    (paper: Paragraph[], values: Record<number, number>) =>
    (p: Paragraph): ListLabel | undefined =>
      values[p.index] ? { label: `${values[p.index]})`, format: 'decimal', level: 0, value: values[p.index] } : undefined;

  it('a decimal list restarting at 1 under each typed question', () => {
    const paper = lines('Question 1. Which?', 'Iron', 'Mercury', 'Question 2. Which?', 'Oxygen', 'Helium');
    const items = inferOptionItems(paper, list(paper, { 1: 1, 2: 2, 4: 1, 5: 2 }));
    expect([...items].map((p) => p.index)).toEqual([1, 2, 4, 5]);
  });

  it('a list that goes on counting across questions numbers questions itself', () => {
    const paper = lines('Question 1. Which?', 'Iron', 'Mercury', 'Question 2. Which?', 'Oxygen', 'Helium');
    expect(inferOptionItems(paper, list(paper, { 1: 3, 2: 4, 4: 5, 5: 6 })).size).toBe(0);
  });

  it('questions numbered by one Word list ("3-"), options by another at the same level ("1)") that starts at 1 under them', () => {
    const labels: Record<number, string> = { 0: '1-', 1: '1)', 2: '2)', 3: '2-', 5: '1)', 6: '2)', 7: '3)', 8: '3-' };
    const paper = lines('Which?', 'Iron', 'Mercury', 'Which?', 'A statement.', 'Oxygen', 'Helium', 'Neon', 'Which?');
    const auto = (p: Paragraph): ListLabel | undefined =>
      labels[p.index] ? { label: labels[p.index], format: 'decimal', level: 0, value: Number.parseInt(labels[p.index]) } : undefined;
    expect(listedOptions(paper, auto).map((p) => p.index)).toEqual([1, 2, 5, 6, 7]);
    // A second list that goes on counting, or stands before any question, is no options.
    const counting: Record<number, string> = { ...labels, 5: '3)', 6: '4)', 7: '5)' };
    const autoCounting = (p: Paragraph): ListLabel | undefined =>
      counting[p.index] ? { label: counting[p.index], format: 'decimal', level: 0, value: Number.parseInt(counting[p.index]) } : undefined;
    expect(listedOptions(paper, autoCounting)).toEqual([]);
  });
});

describe('options without labels', () => {
  const isStart = (p: Paragraph) => /^\d\./.test((p.inlines[0] as { text: string }).text);
  /** A line with a look of its own (a highlight, a colour). */
  const looking = (line: string, look: { highlight: string } | { color: string }): Paragraph => ({ ...lines(line)[0], inlines: [{ ...text(line), ...look }] });
  /** Lines and looks in one paper, numbered in order. */
  const paperOf = (...parts: (Paragraph | Paragraph[])[]) => parts.flat().map((p, index) => ({ ...p, index }));

  it('under bold stems, when two questions or more are written so', () => {
    const paper = lines(['1. Largest ocean?', true], 'Atlantic', 'Pacific', ['2. Coldest continent?', true], 'Antarctica', 'Europe');
    expect(inferUnlabelledOptions(paper, isStart).size).toBe(4);
    expect(inferUnlabelledOptions(paper.slice(0, 3), isStart).size).toBe(0);
  });

  it('under numbered questions that do not ask, one line of each highlighted: when most questions with lines under them are written so', () => {
    const yellow = { highlight: 'yellow' };
    const paper = paperOf(
      lines('1. The ledger of a company is:', '  a journal', '  a register'),
      looking('  a book of accounts', yellow),
      lines('2. A purchase order is made by:', '  the seller'),
      looking('  the buyer', yellow),
      lines('3. The fiscal year starts in:', '  March', '  April'),
    );
    expect(inferUnlabelledOptions(paper, isStart).size).toBe(5);
    // One question written so is no convention.
    expect(inferUnlabelledOptions(paper.slice(0, 4), isStart).size).toBe(0);
  });

  it("after the line that asks, under a number alone, in a paper all in bold (any script's question mark)", () => {
    const isNumber = (p: Paragraph) => /^\d+:$/.test((p.inlines[0] as { text: string }).text);
    const paper = lines(
      ['1:', true],
      ['Which test compares two means؟', true],
      ['t', true],
      ['F', true],
      ['chi', true],
      ['2:', true],
      ['Which plot shows spread?', true],
      ['box', true],
      ['pie', true],
    );
    expect(inferUnlabelledOptions(paper, isNumber).size).toBe(5);
    // One question written so is no convention; nor are lines Word numbers as a list of their own.
    expect(inferUnlabelledOptions(paper.slice(0, 5), isNumber).size).toBe(0);
    const listed = paper.map((p, i) => (i === 7 || i === 8 ? { ...p, numbering: { numId: '4', level: 0 } } : p));
    expect(inferUnlabelledOptions(listed, isNumber).size).toBe(0);
  });

  it('"True" and "False" alone under a statement, in any language, are its two options', () => {
    const paper = lines('1. The sky is blue.', 'True', 'False', '2. Nước thì khô.', 'Sai', 'Đúng', '3. Name two rivers.', 'Nile', 'Amazon');
    expect([...inferUnlabelledOptions(paper, isStart)].map((p) => (p.inlines[0] as { text: string }).text)).toEqual(['True', 'False', 'Sai', 'Đúng']);
  });

  it('blocks of unlabelled lines, one marked: a line that asks alone over a blank line is their question; a block with a line that asks among its options is none', () => {
    const red = { color: 'FF0000' };
    const question = (ask: string, options: string[]) => [lines(ask, ''), lines(...options.slice(0, -1)), looking(options.at(-1)!, red), lines('')];
    const paper = paperOf(
      ...question('Which body supervises banks?', ['The ministry', 'The mint', 'The central bank']),
      ...question('Who keeps the register?', ['The broker', 'The court', 'The registry']),
      ...question('What is a mandate?', ['A fee', 'A loan', 'A power to act']),
      lines('What is a broker?', 'A seller', 'Which is a fee?'),
      looking('A charge', red),
    );
    const { stems, options } = inferMarkedBlocks(paper, new Map());
    expect(stems.map((p) => p.index)).toEqual([0, 6, 12]);
    expect(options).toHaveLength(9);
  });

  it('a statement right over "Vrai" and "Faux", among the lines of the question above, is a question of its own', () => {
    const red = { color: 'FF0000' };
    const paper = paperOf(
      lines('Which body supervises the banks?', 'The central bank', 'The ministry'),
      looking('The supervisory authority', red),
      lines('A broker may hold the funds of his clients.', 'Vrai'),
      looking('Faux', red),
    );
    const asking = new Set([paper[0]]);
    const found = [...inferUnlabelledOptions(paper, () => false, asking)].map((p) => p.index);
    expect(found).toEqual([1, 2, 3, 5, 6]);
    // Options that end in "True" and "False" (a list's items) are not a statement over them.
    const listed = lines('What does Number("20") give?', '20', '“20”', 'True', 'False').map((p, i) => ({
      ...p,
      index: paper.length + i,
      numbering: i ? { numId: '5', level: 0 } : null,
    }));
    const both = [...paper.slice(0, 4), ...listed];
    expect([...inferUnlabelledOptions(both, () => false, new Set([both[0], listed[0]]))].map((p) => p.index)).toEqual([1, 2, 3, 8, 9, 10, 11]);
  });

  it("a list numbered in one question's text does not make a paper of unnumbered questions a numbered one", () => {
    const paper = lines(
      'Which are methods?',
      '1) sleep()',
      '2) yield()',
      'a. one',
      'b. both',
      '',
      'Which is a keyword?',
      'goto',
      'main',
      '',
      'Which is a type?',
      'int',
      'java',
    );
    expect([...inferConventions(paper, noLists).asking].map((p) => (p.inlines[0] as { text: string }).text)).toEqual([
      'Which are methods?',
      'Which is a keyword?',
      'Which is a type?',
    ]);
  });

  it('when the answer line names one of them', () => {
    const paper = lines('1. What does an SLA guarantee?', 'Availability', 'Bandwidth', 'Ans- Availability');
    expect(inferUnlabelledOptions(paper, isStart).size).toBe(2);
    expect(inferUnlabelledOptions(lines('1. What does an SLA guarantee?', 'Availability', 'Bandwidth', 'Ans- Uptime'), isStart).size).toBe(0);
  });
});

describe('glued asterisks', () => {
  it('mark answers when a minority of options end with one', () => {
    expect(inferGluedAsterisk(['a. run', 'b. table*', 'c. blue', 'a. jump*', 'b. chair', 'c. green'])).toBe(true);
  });
  it('are maths when one option has one, or most do', () => {
    expect(inferGluedAsterisk(['A. A*', 'B. Aᵀ'])).toBe(false);
    expect(inferGluedAsterisk(['a. x*', 'b. y*', 'c. z*'])).toBe(false);
  });
});

it('inferConventions puts the stages together', () => {
  const paper = lines('1    Which is red?', 'a. sky', 'b. blood*', '2    Which is green?', 'a. grass*', 'b. snow');
  const found = inferConventions(paper, noLists);
  expect(found.starts.size).toBe(2);
  expect(found.gluedAsterisk).toBe(true);
});

describe('keys at the end of question lines, in a colour of their own', () => {
  const keyed = (index: number, question: string, key: string, color = '92D050'): Paragraph => ({
    index,
    style: null,
    numbering: null,
    cell: null,
    inlines: [text(question), { ...text(key), color }],
  });
  const isStart = (line: Paragraph) => /^\d/.test(line.inlines.map((i) => (i.kind === 'text' ? i.text : '')).join(''));

  it('count when three question lines or more end so in one colour, and give where the key starts', () => {
    const paper = [keyed(0, '1. Which? ', 'C'), keyed(1, '2. Which? ', 'A'), keyed(2, '3. What? ', 'STRING')];
    const keys = inferTrailingKeys(paper, isStart);
    expect([...keys.values()]).toEqual([
      { at: 10, text: 'C' },
      { at: 10, text: 'A' },
      { at: 9, text: 'STRING' },
    ]);
  });

  it('do not count on two lines, in different colours, or when the colour is in the text before', () => {
    expect(inferTrailingKeys([keyed(0, '1. Which? ', 'C'), keyed(1, '2. Which? ', 'A')], isStart).size).toBe(0);
    expect(inferTrailingKeys([keyed(0, '1. Which? ', 'C', 'FF0000'), keyed(1, '2. Which? ', 'A', '00FF00'), keyed(2, '3. What? ', 'B')], isStart).size).toBe(0);
    const sameColour = (index: number): Paragraph => ({
      ...keyed(index, '', ''),
      inlines: [
        { ...text(`${index + 1}. Which? `), color: '92D050' },
        { ...text('C'), color: '92D050' },
      ],
    });
    expect(inferTrailingKeys([0, 1, 2].map(sameColour), isStart).size).toBe(0);
  });
});
