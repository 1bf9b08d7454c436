/**
 * @jest-environment node
 */
import { buildDocx } from '@tests/support/docx';
import { importFile } from './index';
import { TEXT_MAX_BYTES } from './limits';
import { firstNonUtf8, readText } from './text';

/**
 * Issue 29: a text format reads text only (random bytes named .gift were read as GIFT questions),
 * and what every reader gives is cleaned of the characters no database or XML can hold.
 */
// eslint-disable-next-line no-control-regex -- the characters this test looks for
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, bigEndian = false) => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out.set(bigEndian ? [c >> 8, c & 0xff] : [c & 0xff, c >> 8], 2 + i * 2);
  }
  return out;
};
/** Bytes that look random, the same every run (a linear congruential generator). */
function noise(length: number, seed: number): Uint8Array {
  let x = seed;
  return new Uint8Array(length).map(() => ((x = (x * 1103515245 + 12345) % 2 ** 31), x >> 16) & 0xff);
}
const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();
const names = (read: Awaited<ReturnType<typeof importFile>>) => read.sections.flatMap((s) => s.questions).map((q) => plain(q.name));

describe('readText: is it text?', () => {
  it('UTF-8, with or without its byte-order mark; UTF-16 by its byte-order mark', () => {
    expect(readText(utf8('Hà Nội {T}'))).toEqual({ text: 'Hà Nội {T}' });
    expect(readText(utf8('\uFEFFHà Nội {T}'))).toEqual({ text: 'Hà Nội {T}' });
    expect(readText(utf16('한강 {T}'))).toEqual({ text: '한강 {T}' });
    expect(readText(utf16('한강 {T}', true))).toEqual({ text: '한강 {T}' });
  });

  it('a few control characters are text (cleaned later); many are not', () => {
    expect(readText(utf8('Q\u0000 {T}\u0001'))).toEqual({ text: 'Q\u0000 {T}\u0001' });
    expect(readText(utf8('x'.repeat(4000) + '\u0000'.repeat(39)))).toHaveProperty('text');
    expect(readText(utf8('x'.repeat(100) + '\u0007'.repeat(40))).problem).toBe('the file is not text: 40 control characters (such as NUL) in 140 characters');
    // UTF-16 saved without its byte-order mark: every other byte a NUL.
    expect(readText(utf16('GIFT text without a byte-order mark {T}').subarray(2)).problem).toMatch(/UTF-16 without a byte-order mark/);
  });

  it('bytes that are not UTF-8 are refused at the first of them; binary files are named', () => {
    expect(readText(new Uint8Array([0x61, 0x62, 0xe9, 0x20, 0x63])).problem).toBe(
      'the file is not text: byte 2 is not UTF-8 (a text format must be UTF-8, or UTF-16 with a byte-order mark)',
    );
    expect(readText(buildDocx({ body: ['1. Q?', 'Ans: True'] })).problem).toBe('the file is not text: a zip package (a Word, Excel or QTI file)');
    expect(readText(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0xff])).problem).toMatch(/an OLE file .*\.hwp/);
    expect(readText(new Uint8Array()).problem).toBe('the file is empty');
  });

  it('firstNonUtf8 agrees with the platform decoder: overlong forms, surrogates, truncated sequences', () => {
    const cases: [number[], number][] = [
      [[0x41, 0xc3, 0xa9], -1],
      [[0xf0, 0x9f, 0x98, 0x80], -1],
      [[0xc0, 0x80], 0], // overlong NUL
      [[0x41, 0xed, 0xa0, 0x80], 1], // a surrogate
      [[0x41, 0x42, 0xe2, 0x82], 2], // cut short
      [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
      [[0x80], 0],
    ];
    for (const [bytes, at] of cases) {
      expect(firstNonUtf8(new Uint8Array(bytes))).toBe(at);
      const valid = (() => {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
          return true;
        } catch {
          return false;
        }
      })();
      expect(valid).toBe(at === -1);
    }
  });
});

describe('importFile: text first, then the reader', () => {
  it('random bytes are never read as GIFT (or any text format) questions', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const bytes = noise(4096, seed);
      // GIFT's syntax in the noise does not make it text.
      bytes.set(utf8('::T:: x {=y ~z}\n\n::U:: {T}\n\n'), 64 * (seed % 8));
      for (const [name, from] of [
        ['noise.gift', undefined],
        ['noise.txt', 'aiken'],
        ['noise.csv', undefined],
        ['noise.bin', 'gift'],
      ] as const) {
        const read = await importFile(bytes, name, from);
        expect([name, read.questionCount]).toEqual([name, 0]);
        expect(read.problems).toMatchObject([{ severity: 'error', question: null, message: expect.stringMatching(/^the file is not text: /) }]);
      }
    }
  });

  it('a Word file or an OLE (.hwp, .doc) file given to a text format is refused as not text', async () => {
    const docx = buildDocx({ body: ['1. Is 7 prime?', 'Ans: True'] });
    for (const from of ['gift', 'aiken', 'csv', 'json', 'moodle'] as const) {
      const read = await importFile(docx, 'paper.docx', from);
      expect(read.questionCount).toBe(0);
      expect(read.problems[0].message).toBe('the file is not text: a zip package (a Word, Excel or QTI file)');
    }
    const hwp = new Uint8Array(2048);
    hwp.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect((await importFile(hwp, 'paper.hwp')).problems[0].message).toMatch(/^the file is not text: an OLE file/);
    expect((await importFile(hwp, 'paper.hwp', 'gift')).problems[0].message).toMatch(/^the file is not text: an OLE file/);
  });

  it('an empty file, and a text file past the limit, are refused before any reader', async () => {
    expect((await importFile(new Uint8Array(), 'empty.gift')).problems).toMatchObject([{ message: 'the file is empty' }]);
    const big = new Uint8Array(TEXT_MAX_BYTES + 1).fill(0x61);
    expect((await importFile(big, 'big.gift')).problems).toMatchObject([{ message: 'the file is 20 MB: a text file (read as GIFT) may be at most 20 MB' }]);
  });

  it('millions of blank lines or of commas read no question, and quickly', async () => {
    for (const [name, c] of [
      ['blank.gift', '\n'],
      ['blank.csv', '\r\n'],
      ['commas.csv', ','],
      ['spaces.gift', ' \n'],
    ]) {
      const started = Date.now();
      const read = await importFile(utf8(c.repeat(3_000_000)), name);
      expect([name, read.questionCount]).toEqual([name, 0]);
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it('a GIFT file in UTF-16 (its byte-order mark) is read', async () => {
    const read = await importFile(utf16('::Q1:: Hà Nội is in Việt Nam {T}\n\n::Q2:: 2 + 2 = {=4 ~5}\n'), 'bank.gift');
    expect(read.format).toBe('gift');
    expect(names(read)).toEqual(['Hà Nội is in Việt Nam', '2 + 2 =']);
  });
});

describe('importFile: every format’s text cleaned of control characters and unpaired surrogates', () => {
  const moodle = `<?xml version="1.0" encoding="UTF-8"?><quiz><question type="truefalse"><name><text>Q1\u0001</text></name><questiontext format="html"><text><![CDATA[<p>Mekong\u0000 ends in Việt Nam\u001F</p>]]></text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
  const qti = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="q1" title="Q1" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration>
  <itemBody><choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1"><prompt>Pick\u0002 the prime\u0000</prompt>
    <simpleChoice identifier="A">7\u0003</simpleChoice><simpleChoice identifier="B">8</simpleChoice></choiceInteraction></itemBody>
</assessmentItem>`;
  const json = String.raw`{"sections":[{"name":"S\u0000","questions":[{"type":"true_false","name":"<p>Half \ud800 a pair\u0000</p>","solution":"\u0007","options":[{"name":"True","isCorrect":true},{"name":"False","isCorrect":false}]}]}]}`;
  const files: [string, Uint8Array, string][] = [
    ['bank.gift', utf8('::Q1:: Water\u0000 boils\u0001 at 100\u001b°C.\u000b {T}\n'), 'Water boils at 100°C.'],
    ['bank.txt', utf8('What\u0000 is the capital of France?\u0002\nA. Paris\u0000\nB. Lyon\nANSWER: A\n'), 'What is the capital of France?'],
    ['bank.csv', utf8('type,question,A,B,answer\r\nmultiple_choice,"Pick\u0000 the\u0003 prime",4,7\u0010,B\r\n'), 'Pick the prime'],
    ['bank.xml', utf8(moodle), 'Mekong ends in Việt Nam'],
    ['item.xml', utf8(qti), 'Pick the prime'],
    ['bank.json', utf8(json), 'Half \uFFFD a pair'],
    ['paper.docx', buildDocx({ body: ['1. What\u0000 is\u0001 2 + 2?', 'Ans: 4'] }), 'What is 2 + 2?'],
  ];
  it.each(files)('%s', async (name, bytes, text) => {
    const read = await importFile(bytes, name);
    expect(read.questionCount).toBe(1);
    expect(names(read)).toEqual([text]);
    expect(JSON.stringify(read)).not.toMatch(UNSTORABLE);
  });
});
