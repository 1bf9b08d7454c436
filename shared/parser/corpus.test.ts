import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { buildDocx, omml, type Para, type TextRun } from '@tests/support/docx';
import { correctFlags as correct, parseBlocks as parse, questionsOf } from '@tests/support/parsedDocx';
import { parseDocx } from './parseDocx';

/**
 * Whole papers as teachers send them, in the languages Testforge's tutors write (Hindi, Gujarati,
 * Vietnamese, Korean), with the fonts that break uploads, and files that are not what they seem.
 */
const hindi = (text: string) => ({ text, csFont: 'Mangal', complexScript: true });
const gujarati = (text: string) => ({ text, csFont: 'Shruti', complexScript: true });
/** Paragraphs of one run each, in the script's font. */
const paragraphs = (font: (text: string) => TextRun, ...lines: string[]): Para[] => lines.map((line) => ({ runs: [font(line)] }));

describe('a corpus of real-world papers', () => {
  it('Hindi (Devanagari in Mangal): प्रश्न numbers in Devanagari digits, (क) (ख) options, उत्तर, हल, सत्य/असत्य', () => {
    const doc = parse([
      ...paragraphs(
        hindi,
        'प्रश्न १. भारत की राजधानी कौन सी है?',
        '(क) मुंबई    (ख) नई दिल्ली    (ग) कोलकाता    (घ) चेन्नई',
        'उत्तर: ख',
        'हल: नई दिल्ली १९११ से राजधानी है।',
        'प्रश्न २. सूर्य पूर्व में उगता है।',
        'उत्तर: सत्य',
      ),
      { runs: [hindi('प्रश्न ३. '), { math: omml.sup('२', '३') }, hindi(' का मान क्या है?')] },
      ...paragraphs(hindi, 'उत्तर: ८'),
    ]);
    expect(doc.problems).toEqual([]);
    const [q1, q2, q3] = questionsOf(doc);
    expect(q1.name).toBe('<p>भारत की राजधानी कौन सी है?</p>');
    expect(q1.type === 'multiple_choice' && q1.options.map((o) => o.name)).toEqual(['<p>मुंबई</p>', '<p>नई दिल्ली</p>', '<p>कोलकाता</p>', '<p>चेन्नई</p>']);
    expect(correct(q1)).toEqual([false, true, false, false]);
    expect(q1.solution).toBe('<p>नई दिल्ली १९११ से राजधानी है।</p>');
    expect(correct(q2)).toEqual([true, false]);
    expect(q3).toMatchObject({ type: 'integer', solution: '8' });
    expect(doc.fonts).toEqual(['Mangal']);
  });

  it('Gujarati (GPSC papers): પ્રશ્ન, (અ) (બ) (ક) (ડ) options, જવાબ, an answer key in Gujarati digits', () => {
    const doc = parse(
      paragraphs(
        gujarati,
        'પ્રશ્ન ૧. ગુજરાતનું પાટનગર કયું છે?',
        '(અ) અમદાવાદ',
        '(બ) ગાંધીનગર',
        '(ક) સુરત',
        '(ડ) વડોદરા',
        'પ્રશ્ન ૨. સાબરમતી નદી અમદાવાદમાંથી વહે છે.',
        'જવાબ: સાચું',
        'ઉત્તરવહી',
        '૧. બ',
      ),
    );
    expect(doc.problems).toEqual([]);
    expect(questionsOf(doc).map((q) => [q.type, correct(q)])).toEqual([
      ['multiple_choice', [false, true, false, false]],
      ['true_false', [true, false]],
    ]);
  });

  it('Vietnamese and Korean papers keep their diacritics and Hangul exactly', () => {
    const vi = parse([
      'Câu 1: Phương trình x² − 5x + 6 = 0 có nghiệm là?',
      'A. x = 2; x = 3',
      'B. x = −2; x = −3',
      'Đáp án: A',
      'Lời giải: (x − 2)(x − 3) = 0.',
    ]);
    expect(vi.problems).toEqual([]);
    expect(questionsOf(vi)[0].name).toBe('<p>Phương trình x² − 5x + 6 = 0 có nghiệm là?</p>');
    // "Đáp án" and "정답" followed by a range or a decimal are a question's answer, not an answer key.
    const ranges = parse([
      'Câu 1. Số π nằm giữa?',
      'Đáp án: 3.1 - 3.2',
      'Câu 2. Một nửa là?',
      'Đáp án: 0.5',
      '문제 3. 2의 제곱근은?',
      '정답: 1.41 - 1.42',
      'Đáp án',
      '1. 3.1 - 3.2   2. 0.5',
    ]);
    expect(ranges.problems).toEqual([]);
    expect(questionsOf(ranges).map((q) => q.type)).toEqual(['fill_ups', 'fill_ups', 'fill_ups']);
    const ko = parse(['1. 다음 중 소수는?', '① 4   ② 6   ③ 7   ④ 9', '정답: ③', '해설: 7은 1과 자기 자신으로만 나누어집니다.']);
    expect(ko.problems).toEqual([]);
    expect(correct(questionsOf(ko)[0])).toEqual([false, false, true, false]);
  });

  it('legacy fonts are errors wherever they come from: direct formatting or a paragraph style', () => {
    const doc = parse(
      [
        '1. A question in Unicode.',
        'Ans: 1',
        { runs: [{ text: '2. ikuh dk mcyukad D;k gS\\', font: 'Kruti Dev 010' }] },
        'Ans: 100',
        { runs: ['3. Hkkjr dh jkt/kkuh'], style: 'LegacyHindi' },
        'Ans: 2',
        { runs: ['4. ', { text: 'Hkkjr', font: 'DevLys 010' }, ' and ', { text: 'ABC', font: 'Chanakya' }] },
        'Ans: 3',
      ],
      { styles: { LegacyHindi: 'Shree-Lipi' } },
    );
    expect(doc.problems.map((p) => [p.code, p.paragraph, p.params.font])).toEqual([
      ['legacyFont', 3, 'Kruti Dev 010'],
      ['legacyFont', 5, 'Shree-Lipi'],
      ['legacyFont', 7, 'DevLys 010'],
      ['legacyFont', 7, 'Chanakya'],
    ]);
  });

  it('pictures Word keeps as EMF are reported at their paragraph', () => {
    const docx = buildDocx({ body: ['1. Look at the figure.', { runs: [{ picture: new Uint8Array([1, 2, 3]), widthPx: 10, heightPx: 10 }] }, 'Ans: 1'] });
    // The same document with its picture renamed to .emf (as Word stores drawings pasted from Office).
    const parts = unzipSync(docx);
    parts['word/media/image1.emf'] = parts['word/media/image1.png'];
    delete parts['word/media/image1.png'];
    parts['word/_rels/document.xml.rels'] = strToU8(strFromU8(parts['word/_rels/document.xml.rels']).replace('image1.png', 'image1.emf'));
    const doc = parseDocx(zipSync(parts), 'text');
    expect(doc.problems.map((p) => [p.code, p.paragraph, p.params.format])).toEqual([['pictureFormat', 2, 'EMF']]);
  });

  it('files that are not what they seem', () => {
    const good = buildDocx({ body: ['1. x?', 'Ans: 1'] });
    const reason = (bytes: Uint8Array) => parseDocx(bytes).problems.map((p) => p.params.reason);
    expect(reason(good.slice(0, good.length / 2))).toEqual(['corrupt']);
    const ole = new Uint8Array(2048);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(reason(ole)).toEqual(['wordDoc']);
    ole.set(
      Array.from('EncryptedPackage').flatMap((c) => [c.charCodeAt(0), 0]),
      1024,
    );
    expect(reason(ole)).toEqual(['encrypted']);
    expect(reason(strToU8('PK not really a zip'))).toEqual(['notDocx']);
    expect(reason(zipSync({ 'hello.txt': strToU8('hi') }))).toEqual(['notDocx']);
    expect(reason(strToU8('just some text'))).toEqual(['notDocx']);
  });
});
