import fs from 'node:fs';
import path from 'node:path';
import * as CFB from 'cfb';
import { deflateSync, strToU8 } from 'fflate';
import { questionsOf } from '@tests/support/parsedDocx';
import { buildHwp, equation, inlineControl, paragraph } from './anonymise/testing';
import { TAG, type HwpRecord } from './anonymise/records';
import { parseHwp, readHwp } from './parseHwp';
import { paperKind, parseDocument } from '../parseDocument';

const plain = (html: string) => html.replace(/<[^>]+>/g, '').trim();
/** A tab and an object as Hangul writes them in PARA_TEXT: eight units each (code, data, code). */
const TAB = inlineControl(9, '    ');
const OBJECT = inlineControl(11, 'eqed');
const tabbed = (text: string) => text.replaceAll('\t', TAB);

/** A compound file with a FileHeader of these flags (bit 1 password, bit 2 distribution) and the given streams. */
function compound(flags: number, streams: Record<string, Uint8Array> = {}): Uint8Array {
  const header = new Uint8Array(256);
  header.set(strToU8('HWP Document File'));
  header.set([0, 0, 1, 5], 32);
  header.set([flags & 0xff, 0, 0, 0], 36);
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/FileHeader', header);
  for (const [name, bytes] of Object.entries(streams)) CFB.utils.cfb_add(cfb, `/${name}`, bytes);
  return Uint8Array.from(CFB.write(cfb, { type: 'array' }) as ArrayLike<number>);
}

describe('the .hwp (HWP 5.0) reader', () => {
  it('reads a Korean paper: numbered question, an equation, ①–⑤ split by tabs, 정답', () => {
    const file = buildHwp({
      paragraphs: [
        ...paragraph(`1. 다음 중 옳은 것은? ${OBJECT}`, equation('{1} over {2} + sqrt {x}')),
        ...paragraph(tabbed('① 가\t② 나\t③ 다\t④ 라\t⑤ 마')),
        ...paragraph('정답: ③'),
        ...paragraph('2. 참인 것은?'),
        ...paragraph(tabbed('① 하나\t② 둘')),
        ...paragraph('정답: ①'),
      ],
    });
    expect(paperKind(file)).toBe('hwp');
    const parsed = parseDocument(file);
    const [first, second] = questionsOf(parsed);
    expect(questionsOf(parsed)).toHaveLength(2);
    expect(plain(first.name)).toBe('다음 중 옳은 것은? $\\frac{1}{2}+\\sqrt{x}$');
    expect(first.type === 'multiple_choice' && first.options.map((o) => [plain(o.name), o.isCorrect])).toEqual([
      ['가', false],
      ['나', false],
      ['다', true],
      ['라', false],
      ['마', false],
    ]);
    expect(second.type === 'multiple_choice' && second.options.map((o) => o.isCorrect)).toEqual([true, false]);
  });

  it('keeps an equation it cannot translate as its script and names it', () => {
    const parsed = parseHwp(
      buildHwp({ paragraphs: [...paragraph(`1. 값은? ${OBJECT}`, equation('{1 over 2')), ...paragraph(tabbed('① 1\t② 2')), ...paragraph('정답: ②')] }),
    );
    expect(plain(questionsOf(parsed)[0].name)).toContain('{1 over 2');
    expect(parsed.problems.some((p) => p.code === 'equationScript')).toBe(true);
  });

  describe('a table placed in a sentence that is tried as a boxed word or a fraction, then read as a table', () => {
    const NOTE = inlineControl(17, 'en  ');
    const TABLE = inlineControl(11, 'tbl ');
    const raw = (tag: number, level: number, data: number[]): HwpRecord => ({ tag, level, data: Uint8Array.from(data), header: new Uint8Array(0) });
    const deeper = (records: HwpRecord[], by: number) => records.map((r) => ({ ...r, level: r.level + by }));
    const id = (name: string) => [...name].reverse().map((c) => c.charCodeAt(0));
    /** An endnote under a paragraph: its control (its number at 4) and its one paragraph. */
    const endnote = (text: string) => [
      raw(TAG.CTRL_HEADER, 1, [...id('en  '), 1, 0, 0, 0]),
      raw(TAG.LIST_HEADER, 2, new Array(12).fill(0)),
      ...deeper(paragraph(text), 2),
    ];
    /** A table placed as a character (attribute bit 0), one column, a row a cell; a cell's paragraphs as records. */
    const inlineTable = (cells: HwpRecord[][]) => [
      raw(TAG.CTRL_HEADER, 1, [...id('tbl '), 1, 0, 0, 0, ...new Array(40).fill(0)]),
      raw(TAG.TABLE, 2, new Array(20).fill(0)),
      ...cells.flatMap((records, row) => [raw(TAG.LIST_HEADER, 2, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, row, 0, 0, 0]), ...deeper(records, 2)]),
    ];
    const long = '가나다라마바사아자차카타파하 '.repeat(5);

    it.each([
      ['two rows too long for a fraction', [paragraph(`${long}${NOTE}`, endnote('정답 ③ 해설입니다')), paragraph(long)]],
      ['one cell too long for a boxed word', [paragraph(`${long}${NOTE}`, endnote('정답 ③ 해설입니다'))]],
    ])('%s: an endnote in its cells is read once, and the table keeps its number', (_, cells) => {
      const file = buildHwp({
        paragraphs: [...paragraph(`1. 다음 ${TABLE}의 비는?`, inlineTable(cells)), ...paragraph('2. 다음 표를 보시오.', [])],
      });
      const { paragraphs } = readHwp(file);
      const notes = paragraphs.filter((p) => p.inlines.some((i) => i.kind === 'text' && i.text.includes('해설입니다')));
      expect(notes).toHaveLength(1);
      const tables = new Set(paragraphs.flatMap((p) => (p.cell ? [p.cell.table] : [])));
      expect([...tables]).toEqual([0]);
    });
  });

  it('reads the real papers of the corpus without a file problem', () => {
    const dir = path.join(__dirname, '../../../tests/fixtures/hwp/real');
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.hwp'))) {
      const source = readHwp(new Uint8Array(fs.readFileSync(path.join(dir, name))));
      expect(source.paragraphs.length).toBeGreaterThan(5);
    }
  });

  it.each([
    ['not a compound file', strToU8('hello, this is text'), 'notHwp'],
    ['HWP 3', strToU8('HWP Document File V3.00 \u001a\u0001\u0002\u0003\u0004\u0005'), 'hwpOld'],
    [
      'a Word 97 file (a compound file with no FileHeader)',
      (() => {
        const cfb = CFB.utils.cfb_new();
        CFB.utils.cfb_add(cfb, '/WordDocument', new Uint8Array(10));
        return Uint8Array.from(CFB.write(cfb, { type: 'array' }) as ArrayLike<number>);
      })(),
      'notHwp',
    ],
    ['a password', compound(0x3), 'hwpEncrypted'],
    ['a distribution document', compound(0x5), 'hwpDistribution'],
    ['no body', compound(0x1, { DocInfo: deflateSync(new Uint8Array(0)) }), 'corrupt'],
    ['a record cut short', compound(0x0, { DocInfo: new Uint8Array(0), 'BodyText/Section0': Uint8Array.from([0x42, 0x00, 0xf0, 0x0f, 1, 2]) }), 'corrupt'],
  ])('refuses %s with a clear reason', (_, file, reason) => {
    const parsed = parseHwp(file);
    expect(parsed.questionCount).toBe(0);
    expect(parsed.problems).toEqual([expect.objectContaining({ code: 'file', params: expect.objectContaining({ reason }) })]);
    expect(parsed.problems[0].message.length).toBeGreaterThan(10);
  });

  it('stops a section that would inflate past its limit (a deflate bomb) before it fills memory', () => {
    const bomb = deflateSync(new Uint8Array(80 * 1024 * 1024));
    const parsed = parseHwp(compound(0x1, { DocInfo: deflateSync(new Uint8Array(0)), 'BodyText/Section0': bomb }));
    expect(parsed.problems[0]).toEqual(
      expect.objectContaining({ code: 'file', params: expect.objectContaining({ reason: 'partTooLarge', part: 'BodyText/Section0' }) }),
    );
  });

  describe("on files Hangul saved (tests/fixtures/hwp/samples, hwplib's samples)", () => {
    const sample = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../../../tests/fixtures/hwp/samples', name)));
    const texts = (name: string) =>
      readHwp(sample(name)).paragraphs.map((p) =>
        p.inlines.map((i) => (i.kind === 'text' ? i.text : i.kind === 'math' ? `$${i.latex}$` : `<${i.kind}>`)).join(''),
      );

    it('a table: its cells in order with their row and column, two paragraphs in one cell; its caption left out', () => {
      const source = readHwp(sample('hwplib-Table.hwp'));
      const cells = source.paragraphs
        .filter((p) => p.cell?.table === 0)
        .map((p) => [
          p.cell!.row,
          p.cell!.column,
          p.inlines
            .map((i) => (i.kind === 'text' ? i.text : ''))
            .join('')
            .trim(),
        ]);
      expect(cells.slice(0, 4)).toEqual([
        [0, 0, 'ABC'],
        [0, 0, '123'],
        [0, 1, 'DEF'],
        [0, 2, 'GHI'],
      ]);
      expect(cells.some(([, , text]) => text === '표')).toBe(false);
    });

    it('an equation becomes LaTeX', () => {
      expect(texts('hwplib-Equation.hwp')[0]).toBe('$(a+b)^{2}=a^{2}+2ab+b^{2}$');
    });

    it('an endnote goes after the body under 정답 및 해설, numbered', () => {
      const lines = texts('hwplib-Notes.hwp');
      expect(lines).toContain('정답 및 해설');
      expect(lines.at(-1)).toMatch(/^1\. .*sssd/);
    });

    it('pictures: their bytes are there to upload, at their shown size', () => {
      const source = readHwp(sample('hwplib-Picture.hwp'));
      const pictures = source.paragraphs.flatMap((p) => p.inlines.filter((i) => i.kind === 'picture'));
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures) {
        if (picture.kind !== 'picture') continue;
        expect(picture.path).toMatch(/^BinData\/BIN[0-9A-F]{4}\.\w+$/);
        expect(source.bytes(picture.path!)?.length).toBeGreaterThan(100);
        expect(picture.widthPx).toBeGreaterThan(0);
      }
    });

    it("outline numbering whose first level is lower roman gives Hangul's labels", () => {
      const { labels } = readHwp(sample('hwplib-ParaHead.hwp'));
      expect([0, 1, 2, 3].map((at) => labels.get(at)?.label)).toEqual(['i.', 'ii.', 'iii.', 'iv.']);
    });

    it('a distribution document is refused by name', () => {
      expect(parseHwp(sample('hwplib-Distribution.hwp')).problems[0].params).toEqual(expect.objectContaining({ reason: 'hwpDistribution' }));
    });
  });
});
