import { buildDocx } from '@tests/support/docx';
import { openDocx } from './openDocx';
import { paragraphText, readDocument } from './document';

/** The lines a circle is drawn round, as readDocument places them. */
const circledLines = (body: Parameters<typeof buildDocx>[0]['body']) =>
  readDocument(openDocx(buildDocx({ body })))
    .paragraphs.filter((p) => p.circled)
    .map(paragraphText);

describe('circles drawn round an answer (docx/circles.ts)', () => {
  it('a circle anchored in a line lies on it, or on the line its offset reaches (a line down: the next one)', () => {
    expect(circledLines([{ runs: [{ circle: { offsetPt: 0.6 } }, 'a. Iron'] }, 'b. Oxygen', 'c. Neon'])).toEqual(['a. Iron']);
    expect(circledLines([{ runs: [{ circle: { offsetPt: 18.1 } }, 'a. Iron'] }, 'b. Oxygen', 'c. Neon'])).toEqual(['b. Oxygen']);
    expect(circledLines([{ runs: [{ circle: { offsetPt: 38 } }, 'a. Iron'] }, 'b. Oxygen', 'c. Neon'])).toEqual(['c. Neon']);
    // Drawn above its anchor.
    expect(circledLines(['a. Iron', { runs: ['b. Oxygen', { circle: { offsetPt: -18 } }] }, 'c. Neon'])).toEqual(['a. Iron']);
  });

  it('reads the VML a pre-2010 Word writes as well as DrawingML, once when Word writes both', () => {
    expect(circledLines(['a. Iron', { runs: [{ circle: { offsetPt: 1, vml: true } }, 'b. Oxygen'] }])).toEqual(['b. Oxygen']);
    expect(circledLines([{ runs: [{ circle: { offsetPt: 1 } }, { circle: { offsetPt: 1 } }, 'a. Iron'] }, 'b. Oxygen'])).toEqual(['a. Iron']);
  });

  it('a filled ellipse hides what it covers: it is a drawing, not a mark; nor does a circle past the last line land anywhere', () => {
    expect(circledLines([{ runs: [{ circle: { offsetPt: 0, filled: true } }, 'a. Iron'] }, 'b. Oxygen'])).toEqual([]);
    expect(circledLines([{ runs: [{ circle: { offsetPt: 0, filled: true, vml: true } }, 'a. Iron'] }, 'b. Oxygen'])).toEqual([]);
    expect(circledLines([{ runs: [{ circle: { offsetPt: 200 } }, 'a. Iron'] }, 'b. Oxygen'])).toEqual([]);
  });
});
