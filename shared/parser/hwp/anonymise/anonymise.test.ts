import * as CFB from 'cfb';
import { inflateSync, strFromU8, strToU8, unzipSync } from 'fflate';
import { pictureInfo } from '../../content/pictureInfo';
import { anonymiseHwp } from './anonymiseHwp';
import { anonymiseHwpx, hwpxLines } from './anonymiseHwpx';
import { hwpLines } from './hwpText';
import { anonymiseHangul, formatOf, hangulWordsOf, leftovers } from './index';
import { paraPieces } from './paraText';
import { readRecords, TAG, writeRecords } from './records';
import { buildHwp, buildHwpx, equation, inlineControl, jpegHeader, paragraph } from './testing';
import { hangulMapper, isKept, seededHash } from './words';

/**
 * scripts/hwpFixture.ts's logic: a real Korean paper made anonymous with its structure kept. Each
 * test builds a small .hwp or .hwpx in memory (./testing.ts) and reads what comes out.
 */
const hash = seededHash('test seed');
const CONTENT = ['다항함수', '대하여', '정의한다', '실수', '전체의', '집합에서', '연속이다', '사과를', '학생이'];

const paper = () =>
  buildHwp({
    paragraphs: [
      ...paragraph(
        `1. 다항함수 ${inlineControl(11, 'eqed')}에 대하여 정의한다.${inlineControl(9, '    ')}[4점]`,
        equation('f LEFT ( x RIGHT ) = "사과를" over 2'),
      ),
      ...paragraph('다음 글을 읽고 물음에 답하시오. 옳은 것은?'),
      ...paragraph('<보기> ㄱ. 실수 전체의 집합에서 연속이다.'),
      ...paragraph('① ㄱ ② ㄴ ③ ㄷ ④ ㄱ, ㄴ ⑤ ㄴ, ㄷ'),
      ...paragraph('정답: ③ 해설: 학생이 Apple and apple'),
    ],
    pictures: [{ ext: 'jpg', bytes: jpegHeader(120, 80) }],
    preview: '다항함수 실수',
  });

describe('words', () => {
  it('keeps structural words, labels and particles after them, and replaces content', () => {
    for (const word of ['정답', '보기', '보', '기', '해설', '것은', '다음은', '보기에서', '가', '나', '점', '답하시오', '옳지', '않은', '서술형'])
      expect(isKept(word)).toBe(true);
    for (const word of ['있는', '같이', '또는', '값', '다항함수', 'Apple']) expect(isKept(word)).toBe(false);
  });

  it('maps a word to a pseudo-word of the same length and script, the same in every place and case', () => {
    const mapper = hangulMapper(hash);
    const out = mapper.text('다항함수 Apple x의 다항함수 APPLE ①②');
    const [a, b, c, d, e, f] = out.split(' ');
    expect(out.length).toBe('다항함수 Apple x의 다항함수 APPLE ①②'.length);
    expect(a).toMatch(/^[\uac00-\ud7a3]{4}$/);
    expect(a).not.toBe('다항함수');
    expect(d).toBe(a);
    expect(b).toMatch(/^[A-Z][a-z]{4}$/);
    expect(e).toBe(b.toUpperCase());
    expect(c[0]).toBe('x');
    expect(f).toBe('①②');
  });

  it('is deterministic by the seed', () => {
    expect(hangulMapper(seededHash('a')).text('다항함수')).toBe(hangulMapper(seededHash('a')).text('다항함수'));
    expect(hangulMapper(seededHash('a')).text('다항함수 실수 집합')).not.toBe(hangulMapper(seededHash('b')).text('다항함수 실수 집합'));
  });
});

describe('HWP records', () => {
  it('reads and writes a stream byte for byte, long sizes included', () => {
    const records = [...paragraph('가'.repeat(3000)), ...paragraph('짧은 문단')];
    const bytes = writeRecords(records);
    expect(writeRecords(readRecords(bytes))).toEqual(bytes);
    expect(readRecords(bytes).map((r) => r.data.length)).toEqual(records.map((r) => r.data.length));
  });

  it('cuts PARA_TEXT at controls: eight units for a table or equation, one for a line break', () => {
    const text = `앞${inlineControl(11, 'tbl ')}뒤\n끝\r`;
    const data = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) [data[2 * i], data[2 * i + 1]] = [text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8];
    const pieces = paraPieces(data);
    expect(pieces.map((p) => (p.kind === 'text' ? p.text : `#${p.code}/${p.units}`))).toEqual(['앞', '#11/8', '뒤', '#10/1', '끝', '#13/1']);
  });
});

describe('anonymiseHwp', () => {
  const original = paper();
  const { bytes, report, originals } = anonymiseHwp(original, hash);
  const lines = hwpLines(bytes);

  it('leaves none of the original words and keeps the structure words, numbers and labels', () => {
    const text = lines.join('\n');
    for (const word of CONTENT) expect(text).not.toContain(word);
    expect(leftovers(bytes, originals)).toEqual([]);
    expect(text).toContain('다음 글을 읽고 물음에 답하시오. 옳은 것은?');
    expect(text).toContain('① ㄱ ② ㄴ ③ ㄷ ④ ㄱ, ㄴ ⑤ ㄴ, ㄷ');
    expect(text).toContain('정답: ③ 해설:');
    expect(text).toMatch(/^1\. [\uac00-\ud7a3]{4} \$.*\$[\uac00-\ud7a3] [\uac00-\ud7a3]{3} [\uac00-\ud7a3]{4}\.\t\[4점\]$/m);
    expect(report.paragraphs).toBe(5);
    expect(report.equations).toBe(1);
  });

  it('keeps every record and its size; only characters change', () => {
    const sectionOf = (file: Uint8Array) => {
      const cfb = CFB.read(file, { type: 'array' });
      return readRecords(inflateSync(Uint8Array.from(CFB.find(cfb, '/BodyText/Section0')!.content as ArrayLike<number>)));
    };
    const before = sectionOf(original);
    const after = sectionOf(bytes);
    expect(after.map((r) => [r.tag, r.level, r.data.length])).toEqual(before.map((r) => [r.tag, r.level, r.data.length]));
    const controls = (data: Uint8Array) => paraPieces(data).filter((p) => p.kind === 'control');
    before.forEach((r, i) => r.tag === TAG.PARA_TEXT && expect(controls(after[i].data)).toEqual(controls(r.data)));
  });

  it('replaces Hangul in equation scripts and keeps the maths', () => {
    const script = lines.find((line) => line.includes('LEFT'))!;
    expect(script).toMatch(/\$f LEFT \( x RIGHT \) = "[\uac00-\ud7a3]{3}" over 2\$/);
    expect(script).not.toContain('사과를');
  });

  it('turns the JPEG into a grey PNG of its size and DocInfo names it png; drops the preview picture and the summary', () => {
    const cfb = CFB.read(bytes, { type: 'array' });
    const names = cfb.FullPaths.map((p) => p.replace(/^Root Entry\//, ''));
    expect(names).toContain('BinData/BIN0001.png');
    expect(names).not.toContain('BinData/BIN0001.jpg');
    expect(names.some((n) => n.includes('PrvImage') || n.includes('HwpSummaryInformation'))).toBe(false);
    const picture = inflateSync(Uint8Array.from(CFB.find(cfb, '/BinData/BIN0001.png')!.content as ArrayLike<number>));
    expect(pictureInfo(picture)).toEqual({ format: 'png', width: 120, height: 80 });
    const docInfo = readRecords(inflateSync(Uint8Array.from(CFB.find(cfb, '/DocInfo')!.content as ArrayLike<number>)));
    const binData = docInfo.find((r) => r.tag === TAG.BIN_DATA)!.data;
    expect(String.fromCharCode(binData[6], binData[8], binData[10])).toBe('png');
    const preview = Uint8Array.from(CFB.find(cfb, '/PrvText')!.content as ArrayLike<number>);
    expect(String.fromCharCode(...new Uint16Array(preview.buffer.slice(preview.byteOffset, preview.byteOffset + preview.length)))).not.toContain('다항함수');
    expect(report.pictures).toBe(1);
  });

  it('reads an uncompressed document too, and refuses what is not an HWP 5.0 file', () => {
    const plain = buildHwp({ paragraphs: paragraph('학생이 답을 썼다'), compressed: false });
    expect(hwpLines(anonymiseHwp(plain, hash).bytes).join('')).not.toContain('학생이');
    expect(() => anonymiseHwp(strToU8('not a document'), hash)).toThrow();
  });
});

describe('anonymiseHwpx', () => {
  const original = buildHwpx(
    [
      '<hp:t>1. 다항함수 &lt;보기&gt;에서<hp:tab width="100"/>옳은 것은?</hp:t>',
      '<hp:equation><hp:shapeComment>그림입니다. 원본 그림의 이름: 학교로고.png</hp:shapeComment><hp:script xml:space="preserve">x over "사과를"</hp:script></hp:equation><hp:t>① 실수</hp:t>',
      '<hp:t>정답: ①</hp:t>',
    ],
    { 'Preview/PrvText.txt': strToU8('다항함수 실수'), 'BinData/image1.jpg': jpegHeader(30, 20) },
  );
  const { bytes, report, originals } = anonymiseHwpx(original, hash);
  const files = unzipSync(bytes);
  const section = strFromU8(files['Contents/section0.xml']);

  it('replaces the words of hp:t and keeps tags, entities, structure words and labels', () => {
    for (const word of [...CONTENT, '학교로고']) expect(section).not.toContain(word);
    expect(section).toContain('&lt;보기&gt;');
    expect(section).toContain('<hp:tab width="100"/>옳은 것은?</hp:t>');
    expect(section).toContain('<hp:t>정답: ①</hp:t>');
    expect(section).toMatch(/<hp:script xml:space="preserve">x over "[\uac00-\ud7a3]{3}"<\/hp:script>/);
    expect(hwpxLines(bytes)[0]).toMatch(/^1\. [\uac00-\ud7a3]{4} &lt;보기&gt;에서\t옳은 것은\?$/);
    expect(leftovers(bytes, originals)).toEqual([]);
    expect(report.equations).toBe(1);
  });

  it('blanks the title and author, maps the preview text and turns the JPEG into a PNG the manifest follows', () => {
    const hpf = strFromU8(files['Contents/content.hpf']);
    expect(hpf).toContain('<opf:title></opf:title>');
    expect(hpf).not.toContain('김선생');
    expect(hpf).toContain('href="BinData/image1.png" media-type="image/png"');
    expect(files['BinData/image1.jpg']).toBeUndefined();
    expect(pictureInfo(files['BinData/image1.png'])).toEqual({ format: 'png', width: 30, height: 20 });
    expect(strFromU8(files['Preview/PrvText.txt'])).not.toContain('다항함수');
    expect(Object.keys(files)[0]).toBe('mimetype');
  });
});

describe('anonymiseHangul', () => {
  it('tells the format by the bytes', () => {
    expect(formatOf(paper())).toBe('hwp');
    expect(formatOf(buildHwpx(['<hp:t>가</hp:t>']))).toBe('hwpx');
    expect(anonymiseHangul(buildHwpx(['<hp:t>학생이</hp:t>']), hash).format).toBe('hwpx');
    expect(() => anonymiseHangul(strToU8('plain text'), hash)).toThrow();
  });
});

describe('the leftover check', () => {
  it("reads the paper's words, not the text view's markers for pictures, tables and notes", () => {
    expect(hangulWordsOf('[그림] 그림과 같이 [표 시작] [그림 개체] [각주] [미주] [번호] 보기')).toEqual(['그림과', '같이', '보기']);
  });
});
