import { paragraphText } from '../../docx/document';
import { hwpEquationToLatex } from '../equation';
import { readHwpx } from '../parseHwpx';
import { ANSWER_KEY_TITLE } from './sourceDocument';
import { SEC_PR, buildHwpx, charPr, equation, headerXml, note, numbering, p, paraPr, picture, run, t, tbl, textBox } from './testing';

const read = (paragraphs: string[], header = headerXml(), files?: Record<string, Uint8Array>) => readHwpx(buildHwpx({ header, sections: [paragraphs], files }));
const texts = (doc: ReturnType<typeof readHwpx>) => doc.paragraphs.map(paragraphText);

describe('readHwpx: text and formatting', () => {
  it('reads paragraphs in order, joining runs split mid-word, with tabs and line breaks as the Word reader writes them', () => {
    const doc = read([p([run(SEC_PR), run(t('1. 다음 중 옳')), run(t('은 것은?'))]), p('① 가\t② 나\n③ 다')]);
    expect(texts(doc)).toEqual(['1. 다음 중 옳은 것은?', '① 가\t② 나\n③ 다']);
    expect(doc.paragraphs[0].inlines).toEqual([
      {
        kind: 'text',
        text: '1. 다음 중 옳은 것은?',
        font: '함초롬바탕',
        bold: false,
        italic: false,
        underline: false,
        script: null,
        color: null,
        highlight: null,
      },
    ]);
    expect(doc.paragraphs.map((x) => x.index)).toEqual([0, 1]);
    expect(doc.paragraphs[0].style).toBe('바탕글');
  });

  it('reads bold, italic, underline, scripts, colour, shading and the Hangul font of a character shape', () => {
    const header = headerXml({
      charPrs: [
        charPr(1, { bold: true, color: '#FF0000' }),
        charPr(2, { underline: true, italic: true, font: 0 }),
        charPr(3, { sup: true }),
        charPr(4, { shade: '#FFFF00' }),
        charPr(5, { shade: '#FFFFFF', color: '#000000', sub: true }),
      ],
    });
    const doc = read([p([run(t('③'), 1), run(t(' 정답'), 2), run(t('2'), 3), run(t('표시'), 4), run(t('n'), 5)])], header);
    const [a, b, c, d, e] = doc.paragraphs[0].inlines as Extract<(typeof doc.paragraphs)[0]['inlines'][0], { kind: 'text' }>[];
    expect(a).toMatchObject({ text: '③', bold: true, color: 'FF0000', underline: false });
    expect(b).toMatchObject({ text: ' 정답', italic: true, underline: true, font: '함초롬돋움', bold: false });
    expect(c).toMatchObject({ text: '2', script: 'sup' });
    expect(d).toMatchObject({ text: '표시', highlight: 'FFFF00' });
    expect(e).toMatchObject({ text: 'n', script: 'sub', highlight: null, color: null });
  });

  it('reads text between markpenBegin and markpenEnd as highlighted, across runs', () => {
    const doc = read([p([run('<hp:t>① 가 <hp:markpenBegin color="#FFFF00"/>② 나</hp:t>'), run('<hp:t> 맞음<hp:markpenEnd/> ③ 다</hp:t>')])]);
    const inlines = doc.paragraphs[0].inlines.filter((i) => i.kind === 'text');
    expect(inlines.map((i) => [i.text, i.highlight])).toEqual([
      ['① 가 ', null],
      ['② 나 맞음', 'FFFF00'],
      [' ③ 다', null],
    ]);
  });

  it('leaves out deleted text of tracked changes, headers, footers, page numbers and field instructions, and keeps a field result', () => {
    const doc = read([
      p([
        run(SEC_PR),
        run('<hp:ctrl><hp:header id="1" applyPageType="BOTH"><hp:subList>' + p('머리말') + '</hp:subList></hp:header></hp:ctrl>'),
        run('<hp:ctrl><hp:footer id="2" applyPageType="BOTH"><hp:subList>' + p('꼬리말') + '</hp:subList></hp:footer></hp:ctrl>'),
        run('<hp:ctrl><hp:pageNum pos="BOTTOM_CENTER" formatType="DIGIT" sideChar="-"/></hp:ctrl>'),
        run('<hp:t>변경<hp:deleteBegin Id="2" TcId="2"/> 추적<hp:deleteEnd Id="2" TcId="2" paraend="0"/> 됨</hp:t>'),
        run(
          '<hp:ctrl><hp:fieldBegin id="1" type="CLICK_HERE" name=""><hp:parameters cnt="1"><hp:stringParam name="Direction">여기를 누르세요</hp:stringParam></hp:parameters></hp:fieldBegin></hp:ctrl>',
        ),
        run(t(' 결과')),
        run('<hp:ctrl><hp:fieldEnd beginIDRef="1"/></hp:ctrl>'),
        run('<hp:ctrl><hp:hiddenComment><hp:subList>' + p('숨은 설명') + '</hp:subList></hp:hiddenComment></hp:ctrl>'),
      ]),
    ]);
    expect(texts(doc)).toEqual(['변경 됨 결과']);
  });
});

describe('readHwpx: tables, boxes, pictures, equations', () => {
  it('reads a table cell by cell after the paragraph holding it, with the cell address, and drops the empty holder', () => {
    const options = ['① 1', '② 2', '③ 3', '④ 4', '⑤ 5'].map((text, i) => [[p(text)], [p(i === 2 ? '정답' : '')]]);
    const doc = read([p('1. 옳은 것은?'), p([run(tbl(options))]), p('2. 다음')]);
    expect(texts(doc)).toEqual(['1. 옳은 것은?', '① 1', '', '② 2', '', '③ 3', '정답', '④ 4', '', '⑤ 5', '', '2. 다음']);
    expect(doc.paragraphs[0].cell).toBeNull();
    expect(doc.paragraphs[5].cell).toEqual({ table: 0, row: 2, column: 0 });
    expect(doc.paragraphs[6].cell).toEqual({ table: 0, row: 2, column: 1 });
    expect(doc.paragraphs.map((x) => x.index)).toEqual(doc.paragraphs.map((_, i) => i));
  });

  it('keeps text around a table in pieces before and after it, and numbers nested tables', () => {
    const inner = tbl([[[p('안')]]]);
    const doc = read([p([run(t('<보기>')), run(tbl([[[p('ㄱ. 가'), p([run(inner)])]]])), run(t('끝'))])]);
    expect(texts(doc)).toEqual(['<보기>', 'ㄱ. 가', '안', '끝']);
    expect(doc.paragraphs.map((x) => x.cell?.table ?? null)).toEqual([null, 0, 1, null]);
  });

  it('reads a text box placed as a character in place, each of its paragraphs on a line of its own; a floating one as paragraphs where it is anchored', () => {
    const inline = read([p([run(t('다음 <보기>에서')), run(textBox([p('ㄱ. 하나'), p('ㄴ. 둘')], true)), run(t('고른 것은?'))])]);
    expect(texts(inline)).toEqual(['다음 <보기>에서\nㄱ. 하나\nㄴ. 둘\n고른 것은?']);
    const floating = read([p([run(t('다음 <보기>에서')), run(textBox([p('ㄱ. 하나'), p('ㄴ. 둘')])), run(t('고른 것은?'))])]);
    expect(texts(floating)).toEqual(['다음 <보기>에서', 'ㄱ. 하나', 'ㄴ. 둘', '고른 것은?']);
  });

  it('a one-cell table placed as a character inside a sentence is a boxed word, read in place; alone in its paragraph it stays a table (a banner)', () => {
    const doc = read([p([run(t('이 현상 ')), run(tbl([[[p('㉠')]]], true)), run(t('을 설명한 것은?'))]), p([run(tbl([[[p('단답형')]]], true))])]);
    expect(texts(doc)).toEqual(['이 현상 ㉠을 설명한 것은?', '단답형']);
    expect(doc.paragraphs[1].cell).not.toBeNull();
  });

  it('a word boxed inside a sentence (placed as a character, one short paragraph) reads in place; a box of lines keeps its lines', () => {
    const doc = read([p([run(t('다음 글의 ')), run(textBox([p('(가)')], true)), run(t('하는 까닭은?'))]), p([run(t('보기:')), run(textBox([p('ㄱ. 하나')]))])]);
    expect(texts(doc)).toEqual(['다음 글의 (가)하는 까닭은?', '보기:', 'ㄱ. 하나']);
  });

  it('reads a picture with its path from the manifest, its size in pixels, and its bytes', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const doc = read([p([run(t('그림')), run(picture('image1', 7200, 3600))])], headerXml(), { 'BinData/image1.png': png });
    expect(doc.paragraphs[0].inlines[1]).toEqual({ kind: 'picture', path: 'BinData/image1.png', widthPx: 96, heightPx: 48 });
    expect(doc.bytes('BinData/image1.png')).toEqual(png);
    expect(doc.bytes('BinData/missing.png')).toBeNull();
  });

  it("a floating picture anchored inside a word goes after the paragraph's words; one placed as a character stays where it stands", () => {
    const floating = picture('image1', 7200, 3600).replace('treatAsChar="1"', 'treatAsChar="0"');
    const doc = read(
      [p([run(t('삼')), run(floating), run(t('각형의 넓이는?'))]), p([run(t('그림')), run(picture('image1', 7200, 3600)), run(t('과 같이'))])],
      headerXml(),
      {
        'BinData/image1.png': new Uint8Array([1]),
      },
    );
    expect(doc.paragraphs.map((para) => para.inlines.map((i) => (i.kind === 'text' ? i.text : `[${i.kind}]`)).join(''))).toEqual([
      '삼각형의 넓이는?[picture]',
      '그림[picture]과 같이',
    ]);
  });

  it("a picture drawn behind the text (a letter's frame, a background) is no picture of the question's", () => {
    const behind = picture('image1', 7200, 3600).replace('<hp:pic ', '<hp:pic textWrap="BEHIND_TEXT" ');
    const doc = read([p([run(t('편지')), run(behind), run(t('를 읽고'))])], headerXml(), { 'BinData/image1.png': new Uint8Array([1]) });
    expect(doc.paragraphs[0].inlines.map((i) => (i.kind === 'text' ? i.text : `[${i.kind}]`)).join('')).toBe('편지를 읽고');
  });

  it('reads composed characters (a number in a circle), the base text of ruby, and pictures grouped in a container', () => {
    const compose = '<hp:compose circleType="SHAPE_CIRCLE" charSz="-3" composeType="SPREAD" charPrCnt="10" composeText="3"/>';
    const dutmal =
      '<hp:dutmal posType="TOP" szRatio="0" option="4" styleIDRef="0" align="CENTER"><hp:mainText>본문</hp:mainText><hp:subText>덧말</hp:subText></hp:dutmal>';
    const group = `<hp:container id="9" zOrder="3">${picture('image1', 720, 720)}${picture('image2', 1440, 720)}</hp:container>`;
    const doc = read([p([run(compose), run(t(' ')), run(dutmal), run(group)])], headerXml(), {
      'BinData/image1.png': new Uint8Array([1]),
      'BinData/image2.png': new Uint8Array([2]),
    });
    expect(texts(doc)).toEqual(['③ 본문']);
    expect(doc.paragraphs[0].inlines.filter((i) => i.kind === 'picture')).toEqual([
      { kind: 'picture', path: 'BinData/image1.png', widthPx: 10, heightPx: 10 },
      { kind: 'picture', path: 'BinData/image2.png', widthPx: 19, heightPx: 10 },
    ]);
  });

  it('keeps an equation the translator cannot read as its script, with a note at its paragraph', () => {
    const doc = read([p('1. 계산하시오.'), p([run(t('값은 ')), run(equation('{1} over {2}')), run(t(' 이다'))])]);
    // The translator is written beside this reader: either it reads the script, or the script stays with a note.
    const latex = hwpEquationToLatex('{1} over {2}');
    if (latex === null) {
      expect(texts(doc)[1]).toBe('값은 {1} over {2} 이다');
      expect(doc.problems).toEqual([expect.objectContaining({ code: 'equationScript', paragraph: 2, params: { script: '{1} over {2}' } })]);
    } else {
      expect(doc.paragraphs[1].inlines[1]).toEqual({ kind: 'math', latex });
      expect(doc.problems).toEqual([]);
    }
  });
});

describe('readHwpx: numbering', () => {
  const header = headerXml({
    paraPrs: [
      paraPr(1, { type: 'NUMBER', idRef: 2, level: 0 }),
      paraPr(2, { type: 'NUMBER', idRef: 3, level: 0 }),
      paraPr(3, { type: 'NUMBER', idRef: 2, level: 1 }),
    ],
    numberings: [
      numbering(2, [
        { format: 'DIGIT', text: '^1.' },
        { format: 'HANGUL_SYLLABLE', text: '^2.' },
      ]),
      numbering(3, [{ format: 'CIRCLED_DIGIT', text: '^1' }]),
    ],
  });

  it('labels numbered paragraphs as Hangul shows them: 1. then ①..⑤, 가., and counts each numbering on', () => {
    const options = ['가', '나', '다', '라', '마'].map((x) => p(x, 2));
    const doc = read([p('다음 중 옳은 것은?', 1), ...options, p('조건', 3), p('조건', 3), p('다음 문제', 1)], header);
    const labels = [...doc.labels].map(([at, l]) => [at, l.label, l.format, l.level, l.value]);
    expect(labels).toEqual([
      [0, '1.', 'decimal', 0, 1],
      [1, '①', 'decimalEnclosedCircle', 0, 1],
      [2, '②', 'decimalEnclosedCircle', 0, 2],
      [3, '③', 'decimalEnclosedCircle', 0, 3],
      [4, '④', 'decimalEnclosedCircle', 0, 4],
      [5, '⑤', 'decimalEnclosedCircle', 0, 5],
      [6, '가.', 'ganada', 1, 1],
      [7, '나.', 'ganada', 1, 2],
      [8, '2.', 'decimal', 0, 2],
    ]);
    expect(doc.paragraphs[1].numbering).toEqual({ numId: 'NUMBER:3', level: 0 });
  });

  it('numbers outline paragraphs in the section outline numbering (outlineShapeIDRef)', () => {
    const outlineHeader = headerXml({
      paraPrs: [paraPr(1, { type: 'OUTLINE', idRef: 0, level: 0 }), paraPr(2, { type: 'OUTLINE', idRef: 0, level: 1 })],
      numberings: [
        numbering(1, [
          { format: 'DIGIT', text: '^1.' },
          { format: 'HANGUL_SYLLABLE', text: '^2)' },
        ]),
      ],
    });
    const doc = read([p([run(SEC_PR), run(t('개요'))], 1), p('세부', 2), p('세부', 2), p('개요', 1), p('세부', 2)], outlineHeader);
    expect([...doc.labels.values()].map((l) => l.label)).toEqual(['1.', '가)', '나)', '2.', '가)']);
  });
});

describe('readHwpx: notes', () => {
  it('puts endnotes after the body under 정답 및 해설, numbered with the question their mark stands in', () => {
    const doc = read([
      p('1. 첫 문제?'),
      p([run(t('① 가 ② 나')), run(note('endNote', 1, [p(' ⑤'), p('해설: 첫째 풀이')]))]),
      p('2. 둘째 문제?'),
      p([run(t('답을 쓰시오.')), run(note('endNote', 2, [p(' 12')]))]),
    ]);
    expect(texts(doc)).toEqual(['1. 첫 문제?', '① 가 ② 나', '2. 둘째 문제?', '답을 쓰시오.', ANSWER_KEY_TITLE, '1. ⑤', '해설: 첫째 풀이', '2. 12']);
    expect(doc.paragraphs[4].inlines[0]).toMatchObject({ bold: true });
  });

  it('uses a numbering label for the question number, and the note number when no question precedes', () => {
    const header = headerXml({ paraPrs: [paraPr(1, { type: 'NUMBER', idRef: 2 })], numberings: [numbering(2, [{ format: 'DIGIT', text: '^1.', start: 7 }])] });
    const doc = read([p([run(t('머리글')), run(note('endNote', 1, [p('가')]))]), p([run(t('문항')), run(note('endNote', 2, [p('③')]))], 1)], header);
    expect(texts(doc).slice(-2)).toEqual(['1. 가', '7. ③']);
  });

  it('adds a footnote in parentheses at the end of its paragraph', () => {
    const doc = read([p([run(t('본문')), run(note('footNote', 1, [p('출처: 교과서')])), run(t(' 계속'))])]);
    expect(texts(doc)).toEqual(['본문 계속 (출처: 교과서)']);
  });
});
