import { buildDocx } from '@tests/support/docx';
import { describeLines } from './describe';

it('describes each paragraph with its numbering and the looks of its runs', () => {
  const docx = buildDocx({
    body: [{ runs: ['Which is red?'], list: { id: 1 } }, { runs: ['A. ', { text: 'Blood', bold: true, color: 'FF0000' }] }, { table: [['x', 'y']] }],
    lists: [{ id: 1, levels: [{ format: 'decimal', text: '%1.' }] }],
  });
  expect(describeLines(docx)).toEqual(['1 #1.: Which is red?', '2: A. |**{FF0000}Blood', '3 [table 1 row 1 col 1]: x', '4 [table 1 row 1 col 2]: y']);
});
