import { plainText as text } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { bankColumns } from './bankTable';

/** Rows of cells, each cell one paragraph of the given text. */
const table = (...rows: string[][]): Paragraph[][][] =>
  rows.map((cells, row) =>
    cells.map((t, column) => [{ index: row * 10 + column, style: null, numbering: null, cell: { table: 0, row, column }, inlines: [text(t)] }]),
  );
const body = [
  ['1', 'What is an essay?', 'A short piece of writing', 'A poem', 'A letter', 'A list'],
  ['2', 'What is a thesis?', 'The main claim', 'A title', 'A quote', 'A source'],
  ['3', 'What is a topic sentence?', 'The first sentence of a paragraph', 'The last word', 'A heading', 'A footnote'],
];

describe('a question bank whose header names the right answer column (bankTable)', () => {
  it("reads the columns from the header's shape, whatever its words: the alternatives share one heading, the right answer's stands before them", () => {
    expect(bankColumns(table(['№', 'Qesin', 'To’g’we rafyb', 'Zo’preqnwy rafyb', 'Zo’preqnwy rafyb', 'Zo’preqnwy rafyb'], ...body))).toEqual({
      number: 0,
      question: 1,
      options: [2, 3, 4, 5],
      right: 2,
    });
    expect(bankColumns(table(['#', 'Question', 'Key', 'Distractor 1', 'Distractor 2', 'Distractor 3'], ...body))?.right).toBe(2);
  });

  it('knows the right answer column by its name where the headings of the others differ in more than a number', () => {
    const header = ['№', 'Вопрос', 'Неверный ответ', 'Неверный ответ', 'Правильный ответ', 'Неверный ответ'];
    expect(bankColumns(table(header, ...body))).toEqual({ number: 0, question: 1, options: [2, 3, 4, 5], right: 4 });
  });

  it('is no bank without a shared heading, with fewer than three rows, or with empty questions', () => {
    expect(bankColumns(table(['No.', 'Question', 'A', 'B', 'C', 'D'], ...body))).toBeNull();
    expect(bankColumns(table(['№', 'Savol', 'Javob', 'Qo‘shimcha', 'Qo‘shimcha', 'Qo‘shimcha'], ...body.slice(0, 2)))).toBeNull();
    const empty = body.map((cells) => [cells[0], '', '', ...cells.slice(3)]);
    expect(bankColumns(table(['№', 'Savol', 'Javob', 'Qo‘shimcha', 'Qo‘shimcha', 'Qo‘shimcha'], ...empty))).toBeNull();
  });
});
