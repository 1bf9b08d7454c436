import { strToU8, zipSync } from 'fflate';
import { openDocx } from './openDocx';
import { legacyFontsOf, paragraphText, readDocument } from './document';

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:v="urn:schemas-microsoft-com:vml"';

function docx(body: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'word/document.xml': strToU8(`<w:document ${NS}><w:body>${body}</w:body></w:document>`),
    'word/_rels/document.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>',
    ),
  });
}
const run = (text: string, rPr = '') => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const read = (body: string) => readDocument(openDocx(docx(body)));

describe('readDocument', () => {
  it('Vietnamese in TCVN3 (.VnTime, .VnTimeH for capitals) and VNI fonts becomes Unicode in an Office face (issue 15)', () => {
    const font = (face: string) => `<w:rFonts w:ascii="${face}" w:hAnsi="${face}"/>`;
    const doc = read(
      `<w:p>${run('C©u 1. Thñ ®« cña ViÖt Nam lµ', font('.VnTime'))}</w:p><w:p>${run('phÇn i', font('.VnTimeH'))}</w:p><w:p>${run('Caâu 2. Thuû ñoâ', font('VNI-Times'))}</w:p>`,
    );
    expect(doc.paragraphs.map(paragraphText)).toEqual(['Câu 1. Thủ đô của Việt Nam là', 'PHẦN I', 'Câu 2. Thủ đô']);
    expect(doc.paragraphs.flatMap((p) => p.inlines.map((i) => (i.kind === 'text' ? i.font : null)))).toEqual([
      'Times New Roman',
      'Times New Roman',
      'Times New Roman',
    ]);
  });

  it('symbol fonts as the characters they show: a Wingdings tick (w:sym and typed), Greek in the Symbol font; customXml and moved text kept (issue 15)', () => {
    const doc = read(
      `<w:p>${run('B. Neon ')}<w:r><w:sym w:font="Wingdings" w:char="F0FC"/></w:r></w:p>` +
        `<w:p>${run('p', '<w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/>')}${run('r')}${run('2', '<w:vertAlign w:val="superscript"/>')}${run(' ³ 0', '<w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/>')}</w:p>` +
        `<w:p>${run('ü', '<w:rFonts w:ascii="Wingdings" w:hAnsi="Wingdings"/>')}<w:customXml w:element="x">${run(' kept')}</w:customXml><w:moveTo>${run(' moved')}</w:moveTo><w:moveFrom>${run(' gone')}</w:moveFrom></w:p>`,
    );
    expect(doc.paragraphs.map(paragraphText)).toEqual(['B. Neon ✓', 'πr2 ≥ 0', '✓ kept moved']);
  });

  it('paragraphs with formatted runs, merged while the formatting stays the same', () => {
    const doc = read(`<w:p>${run('1. Find ')}${run('x')}${run('2', '<w:vertAlign w:val="superscript"/>')}${run(' when ')}${run('bold', '<w:b/>')}</w:p><w:p/>`);
    expect(doc.paragraphs).toHaveLength(2);
    const [p] = doc.paragraphs;
    expect(p.inlines.map((i) => (i.kind === 'text' ? [i.text, i.bold, i.script] : i.kind))).toEqual([
      ['1. Find x', false, null],
      ['2', false, 'sup'],
      [' when ', false, null],
      ['bold', true, null],
    ]);
    expect(doc.paragraphs[1].inlines).toEqual([]);
  });

  it('equations as LaTeX, pictures with their size, legacy equation objects reported', () => {
    const math = '<m:oMath><m:f><m:num><m:r><m:t>1</m:t></m:r></m:num><m:den><m:r><m:t>2</m:t></m:r></m:den></m:f></m:oMath>';
    const picture =
      '<w:r><w:drawing><wp:inline><wp:extent cx="1905000" cy="952500"/><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rId7"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';
    const ole = '<w:r><w:object><v:shape><v:imagedata r:id="rId7"/></v:shape><o:OLEObject ProgID="Equation.3" r:id="rId8"/></w:object></w:r>';
    const [p] = read(`<w:p>${run('Half is ')}${math}${picture}${ole}</w:p>`).paragraphs;
    expect(p.inlines.slice(1)).toEqual([
      { kind: 'math', latex: '\\frac{1}{2}' },
      { kind: 'picture', path: 'word/media/image1.png', widthPx: 200, heightPx: 100 },
      { kind: 'legacyEquation', progId: 'Equation.3', ole: null, preview: 'word/media/image1.png', widthPx: null, heightPx: null },
    ]);
    expect(paragraphText(p)).toBe('Half is $\\frac{1}{2}$');
  });

  it('hidden text (a web form\'s "Top of Form" pasted into Word) is not read; text hidden then shown again is', () => {
    const doc = read(
      `<w:p>${run('Top of Form', '<w:vanish/>')}</w:p><w:p>${run('Paris ')}${run('(hidden note)', '<w:vanish/>')}${run('shown', '<w:vanish w:val="0"/>')}</w:p>`,
    );
    expect(doc.paragraphs.map(paragraphText)).toEqual(['', 'Paris shown']);
  });

  it("a table cell shaded in a colour shades its words as a highlight does (a web quiz's right option); white or no shading adds nothing, a run's own highlight stays", () => {
    const cell = (fill: string | null, text: string, rPr = '') =>
      `<w:tc>${fill ? `<w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="${fill}"/></w:tcPr>` : ''}<w:p>${run(text, rPr)}</w:p></w:tc>`;
    const doc = read(
      `<w:tbl><w:tr>${cell('96FF96', 'Paris')}${cell('FFFFFF', 'Rome')}${cell(null, 'Oslo')}${cell('96FF96', 'Bern', '<w:highlight w:val="yellow"/>')}</w:tr></w:tbl>`,
    );
    expect(doc.paragraphs.map((p) => (p.inlines[0].kind === 'text' ? p.inlines[0].highlight : null))).toEqual(['96FF96', null, null, 'yellow']);
  });

  it("a complex field shows its result only: a QUOTE field's copy of its picture in its instructions is not read", () => {
    const pict = '<w:r><w:pict><v:shape><v:imagedata r:id="rId7"/></v:shape></w:pict></w:r>';
    const field = (begin: string, instructions: string, result: string) =>
      `<w:r><w:fldChar w:fldCharType="${begin}"/></w:r>${instructions}<w:r><w:fldChar w:fldCharType="separate"/></w:r>${result}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const [p] = read(
      `<w:p>${run('Simplify ')}${field('begin', `<w:r><w:instrText> QUOTE </w:instrText></w:r>${pict}${run('code text')}`, pict)}${run(' now')}</w:p>`,
    ).paragraphs;
    expect(p.inlines.filter((i) => i.kind === 'picture')).toHaveLength(1);
    // The picture is no text; the instructions' words are not read.
    expect(paragraphText(p)).toBe('Simplify  now');
  });

  it('a document.xml that is not well-formed XML is a damaged document', () => {
    expect(() => read('<w:p><w:r><w:t>open</w:p>')).toThrow('The document is damaged and cannot be read.');
  });

  it('tables cell by cell, numbering, tracked changes, and the fonts of the text', () => {
    const numbered = `<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="4"/></w:numPr></w:pPr>${run('Which is prime?')}</w:p>`;
    const table = `<w:tbl><w:tr><w:tc><w:p>${run('Q')}</w:p></w:tc><w:tc><w:p>${run('2 + 2')}</w:p></w:tc></w:tr></w:tbl>`;
    const tracked = `<w:p><w:ins>${run('kept')}</w:ins><w:del><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>`;
    const legacy = `<w:p>${run("izFke ç'u", '<w:rFonts w:ascii="Kruti Dev 010" w:hAnsi="Kruti Dev 010"/>')}</w:p>`;
    const doc = read(numbered + table + tracked + legacy);
    expect(doc.paragraphs[0].numbering).toEqual({ numId: '4', level: 1 });
    expect(doc.paragraphs.slice(1, 3).map((p) => [paragraphText(p), p.cell])).toEqual([
      ['Q', { table: 0, row: 0, column: 0 }],
      ['2 + 2', { table: 0, row: 0, column: 1 }],
    ]);
    expect(paragraphText(doc.paragraphs[3])).toBe('kept');
    expect(legacyFontsOf(doc.paragraphs[4])).toEqual(['Kruti Dev 010']);
    expect(legacyFontsOf(doc.paragraphs[0])).toEqual([]);
  });

  it('a group of pictures in one drawing: each picture at its own size', () => {
    const pic = (cx: number) =>
      `<pic:pic><pic:blipFill><a:blip r:embed="rId7"/></pic:blipFill><pic:spPr><a:xfrm><a:ext cx="${cx}" cy="${cx}"/></a:xfrm></pic:spPr></pic:pic>`;
    const group = `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="2857500" cy="952500"/><a:graphic><a:graphicData><wpg:wgp>${pic(952500)}${pic(1905000)}</wpg:wgp></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
    const [paragraph] = read(group).paragraphs;
    expect(paragraph.inlines.map((i) => (i.kind === 'picture' ? [i.widthPx, i.heightPx] : i.kind))).toEqual([
      [100, 100],
      [200, 200],
    ]);
  });

  it("a floating text box's words follow its paragraph's own text; a box in the line stays in place", () => {
    const box = (text: string) => `<w:txbxContent><w:p>${run(text)}</w:p></w:txbxContent>`;
    const floatingVml = `<w:r><w:pict><v:shape style="position:absolute;margin-top:40pt;width:200pt;height:60pt"><v:textbox>${box('var a = 1;')}</v:textbox></v:shape></w:pict></w:r>`;
    const inlineVml = `<w:r><w:pict><v:shape style="width:200pt;height:60pt"><v:textbox>${box('x + y')}</v:textbox></v:shape></w:pict></w:r>`;
    const doc = read(`<w:p>${floatingVml}${run('What is the output of the code below?')}</w:p><w:p>${run('Solve ')}${inlineVml}${run(' for x.')}</w:p>`);
    expect(doc.paragraphs.map(paragraphText)).toEqual(['What is the output of the code below?\nvar a = 1;', 'Solve \nx + y for x.']);
  });

  it("a floating box inside a floating box keeps its words, in place among the outer box's", () => {
    const shape = (inner: string) =>
      `<w:r><w:pict><v:shape style="position:absolute;width:200pt;height:60pt"><v:textbox><w:txbxContent>${inner}</w:txbxContent></v:textbox></v:shape></w:pict></w:r>`;
    const doc = read(`<w:p>${shape(`<w:p>${run('outer')}${shape(`<w:p>${run('inner')}</w:p>`)}</w:p>`)}${run('Question text')}</w:p>`);
    expect(paragraphText(doc.paragraphs[0])).toBe('Question text\nouter\ninner');
  });
});
