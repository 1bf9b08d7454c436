import { linesOf as lines } from '@tests/support/lines';
import { paragraphText, type Paragraph } from '../docx/document';
import { markSignsBeforeLabels } from './signBeforeLabels';

const texts = (paragraphs: Paragraph[]) => paragraphs.map(paragraphText);

describe("a sign glued before the right option's label (signBeforeLabels)", () => {
  it('".C. 4500" on one option of each question becomes the "*" labels read as a mark', () => {
    const paper = lines('1. Savol?', 'A. 3500', 'B. 4000', '.C. 4500', '2. Savol?', '.A. Fohsepur', 'B. Kaminr', '3. Savol?', 'A. x', '.B. y');
    expect(texts(markSignsBeforeLabels(paper))).toEqual([
      '1. Savol?',
      'A. 3500',
      'B. 4000',
      '*C. 4500',
      '2. Savol?',
      '*A. Fohsepur',
      'B. Kaminr',
      '3. Savol?',
      'A. x',
      '*B. y',
    ]);
  });

  it('a sign on two options of one question, or on fewer than three options in all, is no mark', () => {
    const twice = lines('1. Q?', '.A. x', '.B. y', '2. Q?', '.A. x', 'B. y', '3. Q?', 'A. x', '.B. y');
    expect(markSignsBeforeLabels(twice)).toBe(twice);
    const few = lines('1. Q?', '.A. x', 'B. y', '2. Q?', 'A. x', '.B. y');
    expect(markSignsBeforeLabels(few)).toBe(few);
  });
});
