import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { buildDocx, omml, type DocxContent } from '@tests/support/docx';
import { png } from '@tests/support/pictures';
import { hardPapers, papers } from '@tests/fixtures/word';
import { parseDocx } from '../parseDocx';
import { AnonymiseError, anonymiseDocx } from './anonymiseDocx';
import { blankEmf, blankWmf, greyBmp } from './placeholders';
import { pictureInfo } from '../content/pictureInfo';
import { greyPng } from './png';
import type { KeyedHash } from './pseudoWord';
import { isStructural } from './structural';
import { greyTiff } from './tiff';

/**
 * scripts/wordFixture.ts's logic: a real paper made anonymous with its structure kept. Each test
 * builds small .docx files in memory (tests/support/docx.ts) and reads what comes out.
 */

const hashOf =
  (key: Uint8Array): KeyedHash =>
  (message) =>
    createHmac('sha256', key).update(message).digest();

type Files = Record<string, Uint8Array>;
function anonymise(file: Uint8Array, key: Uint8Array = randomBytes(32)) {
  const { bytes, report } = anonymiseDocx(file, hashOf(key));
  return { out: unzipSync(bytes), bytes, report };
}
const xmlOf = (files: Files, part = 'word/document.xml') => strFromU8(files[part]);
/** The text of every w:t, in order: one entry per run's text. */
const runTexts = (xml: string) => Array.from(xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g), (m) => m[1]);
/** The text of each paragraph (its w:t joined). */
const paragraphTexts = (xml: string) => Array.from(xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g), ([p]) => runTexts(p).join(''));
/** The part with the text of every w:t taken out: what must not change at all. */
const withoutText = (xml: string) => xml.replace(/(<w:t(?:\s[^>]*)?>)[^<]*(<\/w:t>)/g, '$1$2');
/** A zip with some parts replaced (null: removed). */
function edited(file: Uint8Array, parts: Record<string, Uint8Array | string | null>): Uint8Array {
  const files: Record<string, Uint8Array> = unzipSync(file);
  for (const [name, content] of Object.entries(parts)) {
    if (content === null) delete files[name];
    else files[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(files);
}

const paper: DocxContent = {
  lists: [{ id: 1, levels: [{ format: 'decimal', text: 'Question %1.' }] }],
  body: [
    { runs: [{ text: 'Which city is the capital of France?', split: [3, 9, 14] }], list: { id: 1 } },
    { runs: [{ text: 'A. Berlin', color: 'FF0000' }, '\t', { text: 'B. Paris', bold: true, underline: true, highlight: 'yellow' }] },
    { table: [['C. Madrid', 'D. Lisbon']] },
    { runs: ['Answer: B (Paris)'] },
  ],
};

describe('words', () => {
  it('keeps every paragraph, run, run boundary, format and list, and changes letters only', () => {
    const original = buildDocx(paper);
    const { out } = anonymise(original);
    const before = xmlOf(unzipSync(original));
    const after = xmlOf(out);
    // Markup, run properties (colour, bold, underline, highlight), numbering: byte for byte.
    expect(withoutText(after)).toBe(withoutText(before));
    expect(strFromU8(out['word/numbering.xml'])).toBe(strFromU8(unzipSync(original)['word/numbering.xml']));
    const [oldRuns, newRuns] = [runTexts(before), runTexts(after)];
    expect(newRuns.map((t) => t.length)).toEqual(oldRuns.map((t) => t.length));
    // Every character that is not a letter stays where it was; the words did change.
    const nonLetters = (t: string) => t.replace(/[\p{L}\p{M}]/gu, '_');
    expect(newRuns.map(nonLetters)).toEqual(oldRuns.map(nonLetters));
    expect(after).not.toContain('capital');
    expect(after).not.toContain('Berlin');
  });

  it('replaces a word split across runs as one word, and cuts it where the runs were cut', () => {
    const { out } = anonymise(
      buildDocx({ body: [{ runs: [{ text: 'Photo', bold: true }, { text: 'synthesis' }] }, { runs: ['Photosynthesis and PHOTOSYNTHESIS'] }] }),
    );
    const [split, whole] = paragraphTexts(xmlOf(out));
    const [first, second] = runTexts(xmlOf(out));
    expect([first.length, second.length]).toEqual([5, 9]);
    const pseudo = whole.split(' ')[0];
    expect(split).toBe(pseudo);
    expect(pseudo).not.toBe('Photosynthesis');
    expect(pseudo).toMatch(/^[A-Z][a-z]{13}$/);
    expect(whole).toBe(`${pseudo} and ${pseudo.toUpperCase()}`);
  });

  it('gives the same word the same pseudo-word within one run, and another one with another key', () => {
    const file = buildDocx(paper);
    const one = paragraphTexts(xmlOf(anonymise(file).out));
    const two = paragraphTexts(xmlOf(anonymise(file).out));
    const paris = (texts: string[]) => [texts[1].slice(-5), /\((\w+)\)/u.exec(texts[texts.length - 1])![1]];
    // The option and the answer key name the same city with the same pseudo-word...
    expect(paris(one)[0]).toBe(paris(one)[1]);
    expect(paris(one)[0]).not.toBe('Paris');
    // ... which a second run, drawing another key, does not reproduce.
    expect(paris(two)[0]).toBe(paris(two)[1]);
    expect(paris(two)[0]).not.toBe(paris(one)[0]);
    expect(one[0]).not.toBe(two[0]);
  });

  it('keeps structural words, labels, numbers and symbols', () => {
    const lines = [
      'Câu 12: Thủ đô của nước Pháp là gì?',
      'Đáp án: B. Đúng',
      '정답 ③ 해설 ㄱ. ㄴ. 보기',
      '(iv) Question 3: True or False? ✓ ✅ → * 3.14 ①②',
      'Answer key: ABDC ĐSĐS DSSD',
      // Every word the parser reads as true, false, yes or no (engines/answers.ts).
      'Vero Falso Oui Non Sì Wahr Prawda Fałsz',
    ];
    const out = paragraphTexts(xmlOf(anonymise(buildDocx({ body: lines.map((line) => ({ runs: [line] })) })).out));
    expect(out[0]).toMatch(/^Câu 12: \S{3} \S{2} \S{3} \S{4} \S{4} là \S{2}\?$/u);
    expect(out[0]).not.toContain('Pháp');
    expect(out.slice(1)).toEqual(lines.slice(1));
  });

  it('keeps a structural Han word inside a run of Han letters (Chinese writes no spaces), and replaces the rest of the run', () => {
    const out = paragraphTexts(xmlOf(anonymise(buildDocx({ body: [{ runs: ['答案是：b'] }, { runs: ['人工智能的答案'] }] })).out));
    expect(out[0]).toBe('答案是：b');
    expect(out[1]).toMatch(/^\p{Script=Han}{5}答案$/u);
    expect(out[1]).not.toContain('人工智能');
  });

  it('keeps an option letter typed tight against Chinese ("A内容"): where Latin meets another script a word ends', () => {
    const out = paragraphTexts(xmlOf(anonymise(buildDocx({ body: [{ runs: ['A内容 B场景 C声音'] }, { runs: ['Java程序设计'] }] })).out));
    expect(out[0]).toMatch(/^A\p{Script=Han}{2} B\p{Script=Han}{2} C\p{Script=Han}{2}$/u);
    expect(out[0]).not.toContain('内容');
    expect(out[1]).toMatch(/^[A-Z][a-z]{3}\p{Script=Han}{4}$/u);
    expect(out[1]).not.toContain('Java');
  });

  it('replaces letters within their script: Hangul, Vietnamese, Cyrillic, Han, Devanagari', () => {
    const lines = ['광합성은 식물에서 일어난다', 'Nguyễn Thị Hồng', 'Москва столица', '光合作用', 'प्रकाश संश्लेषण'];
    const out = paragraphTexts(xmlOf(anonymise(buildDocx({ body: lines.map((line) => ({ runs: [line] })) })).out));
    out.forEach((line, i) => {
      expect(line).not.toBe(lines[i]);
      expect(line.length).toBe(lines[i].length);
    });
    expect(out[0]).toMatch(/^[\uac00-\ud7a3]{4} [\uac00-\ud7a3]{4} [\uac00-\ud7a3]{4}$/u);
    // Each Vietnamese letter keeps its marks: ễ (circumflex and tilde) stays a letter with both.
    const marks = (text: string) => Array.from(text, (c) => c.normalize('NFD').slice(1));
    expect(marks(out[1])).toEqual(marks(lines[1]));
    expect(out[2]).toMatch(/^[а-яё]{6} [а-яё]{7}$/iu);
    expect(out[3]).toMatch(/^\p{Script=Han}{4}$/u);
    expect(out[4]).toMatch(/^[\p{Script=Devanagari} ]+$/u);
  });

  it('leaves equations alone: OMML text and MathType objects with their preview', () => {
    const preview = png(61, 23, [1, 2, 3]);
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4]);
    const file = buildDocx({
      body: [
        { runs: ['Solve ', { math: omml.fraction('speed', 'time') }, ' quickly'] },
        { runs: [{ legacyEquation: true, progId: 'Equation.DSMT4', ole, preview }] },
      ],
    });
    const { out, report } = anonymise(file);
    expect(xmlOf(out)).toContain('<m:t>speed</m:t>');
    expect(xmlOf(out)).toContain('<m:t>time</m:t>');
    expect(xmlOf(out)).not.toContain('quickly');
    expect(out['word/media/image1.png']).toEqual(new Uint8Array(preview));
    expect(out['word/embeddings/oleObject1.bin']).toEqual(ole);
    expect(report.equationPreviews).toBe(1);
    expect(report.leftAsIs).toEqual([]);
  });

  it('replaces the arguments of field instructions, keeping field names, switches and bookmarks', () => {
    const { out } = anonymise(
      buildDocx({
        body: [
          { runs: [{ field: 'HYPERLINK "mailto:jane@springfield.edu"', result: 'Write to Jane' }, ' page ', { field: 'PAGE', result: '3' }] },
          { runs: [{ field: 'HYPERLINK \\l "_TocAnswers" \\o "Springfield answers"', result: 'see', simple: true }] },
        ],
      }),
    );
    const xml = xmlOf(out);
    expect(xml).not.toMatch(/jane|springfield/i);
    expect(xml).toMatch(/<w:instrText xml:space="preserve"> HYPERLINK &quot;mailto:[a-z]{4}@[a-z]{11}\.[a-z]{3}&quot; <\/w:instrText>/);
    expect(xml).toContain('<w:instrText xml:space="preserve"> PAGE </w:instrText>');
    expect(xml).toMatch(/w:instr=" HYPERLINK \\l &quot;_TocAnswers&quot; \\o &quot;[A-Z][a-z]{10} answers&quot; "/);
    // The name in the link and in the text a reader sees is the same word: the same pseudo-word.
    const name = /mailto:([a-z]{4})@/.exec(xml)![1];
    expect(runTexts(xml)[0]).toMatch(new RegExp(`^[A-Z][a-z]{4} to ${name[0].toUpperCase()}${name.slice(1)}$`));
  });

  it('replaces the words of text boxes, headers, comments and alt text, and names every author "A"', () => {
    const base = buildDocx({ body: [{ runs: ['Outside ', { textbox: ['Boxed words'] }, { picture: png(4, 4), widthPx: 4, heightPx: 4 }] }] });
    const file = edited(base, {
      'word/document.xml': xmlOf(unzipSync(base)).replace('name="Picture 1"', 'name="Picture 1" descr="Jane by the lake"'),
      'word/header1.xml': '<w:hdr xmlns:w="w"><w:p><w:r><w:t>Springfield High School</w:t></w:r></w:p></w:hdr>',
      'word/comments.xml':
        '<w:comments xmlns:w="w"><w:comment w:id="0" w:author="Jane Smith" w:initials="JS"><w:p><w:r><w:t>Check this</w:t></w:r></w:p></w:comment></w:comments>',
    });
    const { out } = anonymise(file);
    const all = ['word/document.xml', 'word/header1.xml', 'word/comments.xml'].map((part) => xmlOf(out, part)).join('');
    for (const word of ['Outside', 'Boxed', 'words', 'Springfield', 'School', 'Check', 'Jane', 'JS', 'lake']) expect(all).not.toContain(word);
    expect(xmlOf(out)).toMatch(/name="Picture 1" descr="[A-Z][a-z]{3} [a-z]{2} the [a-z]{4}"/);
    expect(xmlOf(out, 'word/comments.xml')).toContain('w:author="A" w:initials="A"');
    expect(runTexts(xmlOf(out, 'word/header1.xml'))[0]).toMatch(/^[A-Z][a-z]{10} High [A-Z][a-z]{5}$/);
  });
});

describe('pictures', () => {
  const ihdr = (bytes: Uint8Array) => [Buffer.from(bytes).readUInt32BE(16), Buffer.from(bytes).readUInt32BE(20)];
  /** The pixels of a PNG written by greyPng (one IDAT, 8-bit grey): every row's filter byte and its grey bytes. */
  const greyPixels = (bytes: Uint8Array) => {
    const idat = Buffer.from(bytes).indexOf('IDAT');
    return zlib.inflateSync(Buffer.from(bytes).subarray(idat + 4, idat + 4 + Buffer.from(bytes).readUInt32BE(idat - 4)));
  };
  /** A JPEG's first bytes: SOI, an APP0 segment, then a baseline frame header for width × height. */
  const jpegHeader = (width: number, height: number) =>
    Uint8Array.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      4,
      0,
      0,
      0xff,
      0xc0,
      0,
      11,
      8,
      height >> 8,
      height & 255,
      width >> 8,
      width & 255,
      1,
      1,
      0x11,
      0,
      0xff,
      0xd9,
      ...new Array(8).fill(0),
    ]);

  it('replaces a PNG by a grey PNG of the same pixel size, under the same name', () => {
    const original = png(120, 80, [200, 10, 10]);
    const { out, report } = anonymise(buildDocx({ body: [{ runs: [{ picture: original, widthPx: 120, heightPx: 80 }] }] }));
    const replaced = out['word/media/image1.png'];
    expect(ihdr(replaced)).toEqual([120, 80]);
    expect(replaced).not.toEqual(new Uint8Array(original));
    const pixels = greyPixels(replaced);
    expect(pixels.length).toBe(80 * 121);
    expect(new Set(pixels.filter((_, i) => i % 121 !== 0))).toEqual(new Set([0xd9]));
    expect(report.pictures).toBe(1);
  });

  it('renames a JPEG to .png and follows it in the relationships and content types', () => {
    const base = buildDocx({ body: [{ runs: [{ picture: png(10, 10), widthPx: 300, heightPx: 200 }] }] });
    const files = unzipSync(base);
    const file = edited(base, {
      'word/media/image1.png': null,
      'word/media/photo.jpeg': jpegHeader(300, 200),
      'word/_rels/document.xml.rels': strFromU8(files['word/_rels/document.xml.rels']).replace('media/image1.png', 'media/photo.jpeg'),
      '[Content_Types].xml': strFromU8(files['[Content_Types].xml']).replace(
        '<Default Extension="png" ContentType="image/png"/>',
        '<Default Extension="jpeg" ContentType="image/jpeg"/>',
      ),
    });
    const { out, bytes, report } = anonymise(file);
    expect(out['word/media/photo.jpeg']).toBeUndefined();
    expect(ihdr(out['word/media/photo.png'])).toEqual([300, 200]);
    expect(xmlOf(out, 'word/_rels/document.xml.rels')).toContain('Target="media/photo.png"');
    expect(xmlOf(out, '[Content_Types].xml')).toContain('<Default Extension="png" ContentType="image/png"/>');
    expect(report.renamed).toBe(1);
    // The parser finds the renamed picture where the document points.
    expect(parseDocx(bytes).pictures.length).toBe(parseDocx(file).pictures.length);
  });

  it('reads the pixel size of every format it replaces, and writes each format it keeps at that size', () => {
    const gif = Uint8Array.from([...strToU8('GIF89a'), 44, 1, 200, 0, ...new Array(20).fill(0)]);
    expect(pictureInfo(gif)).toEqual({ format: 'gif', width: 300, height: 200 });
    expect(pictureInfo(jpegHeader(640, 480))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(pictureInfo(greyPng(7, 5))).toEqual({ format: 'png', width: 7, height: 5 });
    expect(pictureInfo(greyBmp(33, 21))).toEqual({ format: 'bmp', width: 33, height: 21 });
    expect(pictureInfo(greyTiff(300, 2))).toEqual({ format: 'tiff', width: 300, height: 2 });
    const emf = new Uint8Array(108);
    new DataView(emf.buffer).setUint32(0, 1, true);
    [0, 0, 249, 99].forEach((n, i) => new DataView(emf.buffer).setInt32(8 + 4 * i, n, true));
    new DataView(emf.buffer).setUint32(40, 0x464d4520, true);
    expect(pictureInfo(blankEmf(emf))).toEqual({ format: 'emf', width: 250, height: 100 });
    const wmf = new Uint8Array(40);
    [0xcdd7, 0x9ac6, 0, 0, 0, 1440, 720, 1440].forEach((n, i) => new DataView(wmf.buffer).setUint16(2 * i, n, true));
    expect(pictureInfo(blankWmf(wmf))).toEqual({ format: 'wmf', width: 96, height: 48 });
  });
});

describe('package', () => {
  it('blanks the title, author, company and custom XML, drops the thumbnail and neutralises external links', () => {
    const base = buildDocx({ body: [{ runs: ['Hello world'] }] });
    const rels = strFromU8(unzipSync(base)['_rels/.rels']).replace(
      '</Relationships>',
      '<Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail" Target="docProps/thumbnail.jpeg"/></Relationships>',
    );
    const file = edited(base, {
      'docProps/core.xml':
        '<cp:coreProperties xmlns:cp="c" xmlns:dc="d" xmlns:dcterms="t"><dc:title>Physics mid-term, Springfield</dc:title><dc:creator>Jane Smith</dc:creator><cp:lastModifiedBy>Bob</cp:lastModifiedBy><lastModifiedBy>Carol</lastModifiedBy><cp:revision>7</cp:revision><dcterms:created>2024-01-01T00:00:00Z</dcterms:created></cp:coreProperties>',
      'docProps/app.xml': '<Properties><Company>Springfield High</Company><Pages>2</Pages></Properties>',
      'docProps/thumbnail.jpeg': jpegBytes(),
      // Custom XML as SharePoint writes it: UTF-16 with a byte order mark.
      'customXml/item1.xml': new Uint8Array(Buffer.from('\ufeff<?xml version="1.0" encoding="utf-16"?><teacher><name>Jane Smith</name></teacher>', 'utf16le')),
      '_rels/.rels': rels,
      'word/_rels/document.xml.rels': strFromU8(unzipSync(base)['word/_rels/document.xml.rels']).replace(
        '</Relationships>',
        '<Relationship Id="rIdL" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://springfield.example/jane" TargetMode="External"/></Relationships>',
      ),
    });
    const { out, report } = anonymise(file);
    const core = xmlOf(out, 'docProps/core.xml');
    // WPS writes some in the default namespace, without a prefix.
    for (const word of ['Physics', 'Jane', 'Bob', 'Carol']) expect(core).not.toContain(word);
    expect(core).toContain('<dc:creator></dc:creator>');
    expect(core).toContain('<cp:revision>7</cp:revision><dcterms:created>2024-01-01T00:00:00Z</dcterms:created>');
    expect(xmlOf(out, 'docProps/app.xml')).toBe('<Properties><Company></Company><Pages>2</Pages></Properties>');
    expect(Buffer.from(out['customXml/item1.xml']).toString('utf16le')).toBe('\ufeff<?xml version="1.0" encoding="utf-16"?><teacher><name></name></teacher>');
    expect(out['docProps/thumbnail.jpeg']).toBeUndefined();
    expect(xmlOf(out, '_rels/.rels')).not.toContain('thumbnail');
    expect(xmlOf(out, 'word/_rels/document.xml.rels')).toContain('Target="https://example.invalid/"');
    expect(report.dropped).toEqual(['docProps/thumbnail.jpeg']);
  });

  it("replaces the words of a web page's form control, keeping its type and every byte's place", () => {
    const tag = '<INPUT TYPE="radio" CHECKED NAME="capital" VALUE="Paris">';
    const data = new Uint8Array([...new Uint8Array(16).fill(7), ...Buffer.from(tag, 'utf16le')]);
    const { out } = anonymise(edited(buildDocx({ body: [{ runs: ['Hello world'] }] }), { 'word/activeX/activeX1.bin': data }));
    const written = out['word/activeX/activeX1.bin'];
    expect(written).toHaveLength(data.length);
    expect([...written.subarray(0, 16)]).toEqual([...data.subarray(0, 16)]);
    const text = Buffer.from(written.subarray(16)).toString('utf16le');
    expect(text).toMatch(/^<INPUT TYPE="radio" CHECKED NAME="[a-z]{7}" VALUE="[A-Z][a-z]{4}">$/);
    expect(text).not.toMatch(/capital|Paris/);
  });

  it('refuses a file that is not a zip, and a zip without word/document.xml', () => {
    const refusal = (file: Uint8Array) => {
      try {
        anonymiseDocx(file, hashOf(randomBytes(32)));
      } catch (error) {
        return error instanceof AnonymiseError ? error.problem : String(error);
      }
      return 'accepted';
    };
    expect(refusal(strToU8('This is a plain text file, not a document.'))).toBe('notZip');
    expect(refusal(Uint8Array.from([0x50, 0x4b, 3, 4, 9, 9, 9]))).toBe('notZip');
    expect(refusal(zipSync({ 'hello.txt': strToU8('hi') }))).toBe('noDocument');
  });
});

function jpegBytes(): Uint8Array {
  return Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 10, 0, 10, 1, 1, 0x11, 0, 0xff, 0xd9, ...new Array(10).fill(0)]);
}

describe('structural words', () => {
  it('are kept whole and case-insensitively, and pseudo-words never are one', () => {
    for (const word of ['Question', 'ANSWER', 'đáp', 'ÁN', '정답', 'iv', 'XII', 'b', 'ㄱㄴ', 'ABDC']) expect(isStructural(word)).toBe(true);
    for (const word of ['Paris', 'abdc', 'photosynthesis', '광합성']) expect(isStructural(word)).toBe(false);
    // Two-letter words: the pool is small, so a random pseudo-word would often be "no", "is", "to"...
    const words = Array.from({ length: 100 }, (_, i) => `${'bcdfghjklmnpqrstvwxz'[i % 20]}${'aeiou'[Math.floor(i / 20)]}`);
    const { out } = anonymise(buildDocx({ body: [{ runs: [words.join(' ')] }] }));
    const pseudo = paragraphTexts(xmlOf(out))[0].split(' ');
    expect(pseudo.filter((w, i) => isStructural(w) && !isStructural(words[i]))).toEqual([]);
  });
});

describe('the teacher corpora, anonymised', () => {
  // What the parser reads of a question, without its words.
  const shape = (value: unknown): unknown =>
    typeof value === 'string'
      ? 's'
      : Array.isArray(value)
        ? value.map(shape)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
          : value;

  it.each([...papers, ...hardPapers].map((p) => [p.name, p] as const))('%s reads as the same questions', (_, p) => {
    const file = buildDocx(p.content);
    const { bytes } = anonymise(file);
    const [before, after] = [parseDocx(file), parseDocx(bytes)];
    expect(after.questionCount).toBe(before.questionCount);
    expect(shape(after.sections)).toEqual(shape(before.sections));
    expect(after.problems.map((x) => [x.paragraph, x.severity])).toEqual(before.problems.map((x) => [x.paragraph, x.severity]));
  });
});

describe('npm run word-fixture', () => {
  const script = path.join(__dirname, '../../../scripts/wordFixture.ts');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: path.join(__dirname, '../../..'), encoding: 'utf8' });

  it('writes the copy and says what it replaced; refuses a file that is not a .docx with exit code 2', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'word-fixture-'));
    try {
      fs.writeFileSync(path.join(dir, 'real.docx'), buildDocx(paper));
      const ok = run('anonymise', path.join(dir, 'real.docx'), path.join(dir, 'out.docx'));
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(/real\.docx -> .*out\.docx: \d+ words replaced \(\d+ distinct\).*parser: 1 questions in both/);
      fs.writeFileSync(path.join(dir, 'notes.docx'), 'just text');
      const bad = run('anonymise', path.join(dir, 'notes.docx'), path.join(dir, 'out2.docx'));
      expect(bad.status).toBe(2);
      expect(bad.stderr.trim()).toMatch(/^.*notes\.docx: not a \.docx/);
      expect(fs.existsSync(path.join(dir, 'out2.docx'))).toBe(false);
      expect(run('anonymise', path.join(dir, 'real.docx')).status).toBe(2);
      expect(run('--help').stdout).toContain('exit codes');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
