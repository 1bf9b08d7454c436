import { plainText as text } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { answerBoxTables } from './answerBoxes';
import type { Block } from './blocks';

/** Blocks: a string is a paragraph, an array a one-row table of those cells. */
let index = 0;
const paragraph = (t: string, cell: Paragraph['cell'] = null): Paragraph => ({ index: index++, style: null, numbering: null, cell, inlines: [text(t)] });
const blocks = (...items: (string | string[])[]): Block[] =>
  items.map((item, table) =>
    typeof item === 'string'
      ? { kind: 'paragraph', paragraph: paragraph(item) }
      : { kind: 'table', table, paragraphs: item.map((t, column) => paragraph(t, { table, row: 0, column })) },
  );

describe('answers written in a box under their question (answerBoxes)', () => {
  it('two boxes or more, each under a paragraph with words: its last cell the answer, the others empty or naming the answer', () => {
    const paper = blocks('What does cout << 1 + 1 print?', ['', '2'], 'Which keyword ends a loop early?', ['Answer:', 'break']);
    expect([...answerBoxTables(paper)]).toEqual([1, 3]);
  });

  it('one box alone, a box of data, a box after another table, a long cell: no answers', () => {
    expect(answerBoxTables(blocks('What is 2 + 2?', ['', '4'])).size).toBe(0);
    expect(answerBoxTables(blocks('Prices', ['Apple', '3'], 'Sizes', ['Small', '5'])).size).toBe(0);
    expect(answerBoxTables(blocks('Q1?', ['', 'x'], ['', 'y'])).size).toBe(0);
    expect(answerBoxTables(blocks('Q1?', ['', 'x'.repeat(200)], 'Q2?', ['', 'y'.repeat(200)])).size).toBe(0);
  });
});
