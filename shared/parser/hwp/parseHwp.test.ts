import fs from 'node:fs';
import path from 'node:path';
import * as CFB from 'cfb';
import { deflateSync, strToU8 } from 'fflate';
import { questionsOf } from '@tests/support/parsedDocx';
import { buildHwp, equation, inlineControl, paragraph } from './anonymise/testing';
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
});
