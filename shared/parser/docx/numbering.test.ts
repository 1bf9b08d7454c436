import type { Paragraph } from './document';
import { listLabels } from './numbering';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const lvl = (ilvl: number, format: string, text: string, start = 1) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;
const NUMBERING = `<w:numbering ${W}>
  <w:abstractNum w:abstractNumId="0">${lvl(0, 'decimal', '%1.')}${lvl(1, 'lowerLetter', '(%2)')}${lvl(2, 'lowerRoman', '%3)')}</w:abstractNum>
  <w:abstractNum w:abstractNumId="1">${lvl(0, 'upperLetter', '%1.')}</w:abstractNum>
  <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
  <w:num w:numId="3"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
</w:numbering>`;

const paragraphs = (list: ([string, number] | null)[]): Paragraph[] =>
  list.map((n, index) => ({ index, style: null, numbering: n ? { numId: n[0], level: n[1] } : null, inlines: [], cell: null }));

describe('listLabels', () => {
  it('numbers questions and letters their options from the list definitions', () => {
    const labels = listLabels({ xml: () => NUMBERING }, paragraphs([['1', 0], ['1', 1], ['1', 1], null, ['1', 0], ['1', 1], ['1', 2], ['1', 2]]));
    expect([...labels.values()].map((l) => l.label)).toEqual(['1.', '(a)', '(b)', '2.', '(a)', 'i)', 'ii)']);
    expect(labels.has(3)).toBe(false);
    expect(labels.get(4)).toMatchObject({ value: 2, format: 'decimal', level: 0 });
  });

  it('instances of one list continue; a start override begins again', () => {
    const labels = listLabels(
      { xml: () => NUMBERING },
      paragraphs([
        ['2', 0],
        ['2', 0],
        ['2', 0],
        ['3', 0],
        ['3', 0],
      ]),
    );
    expect([...labels.values()].map((l) => l.label)).toEqual(['A.', 'B.', 'C.', 'A.', 'B.']);
  });

  it('no numbering part, or an unknown list: no labels', () => {
    expect(listLabels({ xml: () => null }, paragraphs([['1', 0]])).size).toBe(0);
    expect(listLabels({ xml: () => NUMBERING }, paragraphs([['9', 0]])).size).toBe(0);
  });
});
