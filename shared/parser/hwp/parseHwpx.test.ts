import fs from 'node:fs';
import path from 'node:path';
import { paragraphText } from '../docx/document';
import { parseHwpx, readHwpx } from './parseHwpx';
import { SEC_PR, buildHwpx, charPr, headerXml, note, numbering, p, paraPr, run, t, tbl, textBox } from './hwpx/testing';

const SAMPLES = path.join(__dirname, '../../../tests/fixtures/hwp/samples');
const sample = (name: string) => new Uint8Array(fs.readFileSync(path.join(SAMPLES, `hwpxlib-${name}.hwpx`)));
const strip = (html: string) => html.replace(/<[^>]+>/g, '').trim();
type Parsed = ReturnType<typeof parseHwpx>;
/** Each question's stem, options and which are correct, in plain text. */
const questionsOf = (parsed: Parsed) =>
  parsed.sections
    .flatMap((s) => s.questions)
    .map((q) => ({
      stem: strip(q.name),
      options: 'options' in q ? (q.options as { name: string }[]).map((o) => strip(o.name)) : [],
      correct: 'options' in q ? (q.options as { isCorrect: boolean }[]).flatMap((o, i) => (o.isCorrect ? [i] : [])) : [],
    }));

describe('parseHwpx: a synthetic Korean paper', () => {
  it('reads questions with options on one line or several, split by tabs, and 정답 lines', () => {
    const file = buildHwpx({
      sections: [
        [
          p([run(SEC_PR), run(t('1. 다음 중 옳은 것은?'))]),
          p('① 사과\t② 배\t③ 감\t④ 귤\t⑤ 밤'),
          p('정답: ③'),
          p('2. 다음 중 가장 큰 수는?'),
          p('① 1\t② 2\t③ 3'),
          p('④ 4\t⑤ 5'),
          p('정답: ⑤'),
        ],
      ],
    });
    const parsed = parseHwpx(file);
    expect(questionsOf(parsed)).toEqual([
      { stem: '다음 중 옳은 것은?', options: ['사과', '배', '감', '귤', '밤'], correct: [2] },
      { stem: '다음 중 가장 큰 수는?', options: ['1', '2', '3', '4', '5'], correct: [4] },
    ]);
    expect(parsed.problems.filter((x) => x.severity === 'error')).toEqual([]);
    expect(parsed.fonts).toEqual(['함초롬바탕']);
  });

  it('reads question numbers and ① options from paragraph numbering, and the bold option as the answer', () => {
    const header = headerXml({
      charPrs: [charPr(1, { bold: true })],
      paraPrs: [paraPr(1, { type: 'NUMBER', idRef: 1 }), paraPr(2, { type: 'NUMBER', idRef: 2 })],
      numberings: [numbering(1, [{ format: 'DIGIT', text: '^1.' }]), numbering(2, [{ format: 'CIRCLED_DIGIT', text: '^1' }])],
    });
    const options = ['가', '나', '다', '라', '마'].map((x, i) => p([run(t(x), i === 1 ? 1 : 0)], 2));
    const parsed = parseHwpx(buildHwpx({ header, sections: [[p('다음 중 두 번째는?', 1), ...options]] }));
    expect(questionsOf(parsed)).toEqual([{ stem: '다음 중 두 번째는?', options: ['가', '나', '다', '라', '마'], correct: [1] }]);
  });

  it('reads the answer key hidden in endnotes', () => {
    const file = buildHwpx({
      sections: [
        [
          p('1. 첫째 문제는?'),
          p([run(t('① 가\t② 나\t③ 다\t④ 라\t⑤ 마')), run(note('endNote', 1, [p(' ④'), p('풀이: 넷째가 옳다.')]))]),
          p([run(t('2. 둘째 문제는?')), run(note('endNote', 2, [p(' ②')]))]),
          p('① 가\t② 나\t③ 다\t④ 라\t⑤ 마'),
        ],
      ],
    });
    expect(questionsOf(parseHwpx(file)).map((q) => q.correct)).toEqual([[3], [1]]);
  });

  it('reads options laid out in a table, a column of five or a grid of two columns', () => {
    const column = ['① 하나', '② 둘', '③ 셋', '④ 넷', '⑤ 다섯'].map((x) => [[p(x)]]);
    const grid = [
      [[p('① 하나')], [p('② 둘')]],
      [[p('③ 셋')], [p('④ 넷')]],
      [[p('⑤ 다섯')], [p('')]],
    ];
    for (const rows of [column, grid]) {
      const parsed = parseHwpx(buildHwpx({ sections: [[p('1. 다음 중 넷은?'), p([run(tbl(rows))]), p('정답: ④')]] }));
      expect(questionsOf(parsed)).toEqual([{ stem: '다음 중 넷은?', options: ['하나', '둘', '셋', '넷', '다섯'], correct: [3] }]);
    }
  });

  it('is one problem of its own for a file it cannot open', () => {
    const parsed = parseHwpx(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    expect(parsed.questionCount).toBe(0);
    expect(parsed.problems).toEqual([expect.objectContaining({ code: 'file', params: { reason: 'notHwp' }, severity: 'error' })]);
  });
});

describe('parseHwpx: a 수능 사회탐구 paper laid out in boxes (issue 30, ko-06 and ko-09)', () => {
  const numbered = headerXml({
    paraPrs: [paraPr(1, { type: 'NUMBER', idRef: 1 }), paraPr(2, { type: 'NUMBER', idRef: 2 })],
    numberings: [numbering(1, [{ format: 'DIGIT', text: '^1.' }]), numbering(2, [{ format: 'HANGUL_JAMO', text: '^1.' }])],
  });
  const options = tbl(
    ['ㄱ, ㄴ', 'ㄱ, ㄷ', 'ㄴ, ㄷ', 'ㄴ, ㄹ', 'ㄷ, ㄹ']
      .flatMap((x, i) => [[p(String.fromCodePoint(0x2460 + i))], [p(x)]])
      .reduce<string[][][]>((rows, cell, i) => (i % 2 ? rows.at(-1)!.push(cell) : rows.push([cell]), rows), []),
  );

  it("question 1's number stands before its words when its paragraph opens with the paper's title table", () => {
    const title = tbl([[[p('2025학년도 대학수학능력시험 문제지')], [p('사회탐구 영역')]]]);
    const parsed = parseHwpx(
      buildHwpx({
        header: numbered,
        sections: [
          [
            p([run(SEC_PR), run(title), run(t('다음 글에 대한 설명으로 옳은 것은?'))], 1),
            p([run(tbl([[[p('갑은 ㉠ 회사에 다닌다.')]]]))]),
            p([run(options)]),
            p('다음 자료에 대한 분석으로 옳은 것은?', 1),
            p([run(options)]),
          ],
        ],
      }),
    );
    expect(questionsOf(parsed).map((q) => [q.stem, q.options.length])).toEqual([
      ['다음 글에 대한 설명으로 옳은 것은?갑은 ㉠ 회사에 다닌다.', 5],
      ['다음 자료에 대한 분석으로 옳은 것은?', 5],
    ]);
    expect(parsed.problems.filter((x) => x.code === 'textBeforeFirstQuestion')).toHaveLength(1);
  });

  it("a <보기> box's statements keep the ㄱ. ㄴ. their paragraphs' numbering shows, and □□ before a name is no tick box", () => {
    const box = tbl([[[p('<보 기>')]], [[p('갑은 옳다.', 2), p('을은 옳다.', 2), p('병은 옳다.', 2), p('정은 옳다.', 2)]]]);
    const material = tbl([[[p('□□중학교 학생 갑은 ○○시에 산다.')]]]);
    const parsed = parseHwpx(
      buildHwpx({
        header: numbered,
        sections: [[p('다음 자료에 대한 설명으로 옳은 것만을 <보기>에서 고른 것은?', 1), p([run(material)]), p([run(box)]), p([run(options)])]],
      }),
    );
    const [question] = questionsOf(parsed);
    expect(question.stem).toContain('ㄱ. 갑은 옳다.');
    expect(question.stem).toContain('ㄹ. 정은 옳다.');
    expect(question.stem).toContain('□□중학교 학생 갑은');
    expect(question.options).toEqual(['ㄱ, ㄴ', 'ㄱ, ㄷ', 'ㄴ, ㄷ', 'ㄴ, ㄹ', 'ㄷ, ㄹ']);
  });

  it("a table's caption is read beside it: over the cells when on top, under them when at the bottom", () => {
    const data = (side: 'TOP' | 'BOTTOM') =>
      tbl(
        [
          [[p('구분')], [p('A국')]],
          [[p('비율')], [p('60')]],
        ],
        false,
        { side, paragraphs: [p('(단위: %)')] },
      );
    for (const side of ['TOP', 'BOTTOM'] as const) {
      const parsed = parseHwpx(
        buildHwpx({ header: numbered, sections: [[p('다음 자료에 대한 분석으로 옳은 것은?', 1), p([run(data(side))]), p([run(options)])]] }),
      );
      const stem = questionsOf(parsed)[0].stem;
      expect(stem).toContain('(단위: %)');
      expect(stem.indexOf('(단위: %)') < stem.indexOf('구분')).toBe(side === 'TOP');
    }
  });
});

describe('parseHwpx: school papers as teachers type them (issue 30, ko-15, ko-16, ko-19)', () => {
  const options = p('① 가\t② 나\t③ 다\t④ 라\t⑤ 마');

  it('numbers typed as a digit and one space before the words, a set named 【 1 - 2】, a running title drawn on the paper', () => {
    const title = textBox([p('[1] 문학 문제은행 2회'), p('번호 이름')], false, true);
    const parsed = parseHwpx(
      buildHwpx({
        sections: [
          [
            p([run(title), run(t('【 1 - 2】다음 글을 읽고 물음에 답하시오.'))]),
            p('산에는 꽃 피네 꽃이 피네'),
            p('1 윗글에 대한 설명으로 적절하지 않은 것은?'),
            options,
            p('2 ┃보기┃를 참고하여 감상한 것으로 적절한 것은?'),
            options,
            p('3 ㉠∼㉤ 중, 성격이 다른 것은?'),
            options,
            p('4 (가)에 대한 설명으로 적절한 것은?'),
            options,
            p('5 |보기|를 참고하여 감상한 것으로 적절한 것은?'),
            options,
          ],
        ],
      }),
    );
    const [passage, third, ...more] = parsed.sections.flatMap((s) => s.questions);
    // One space, then a bracket opening on a letter, numbers them too (ko-26, ko-27).
    expect(more.map((q) => strip(q.name))).toEqual(['(가)에 대한 설명으로 적절한 것은?', '|보기|를 참고하여 감상한 것으로 적절한 것은?']);
    expect(passage.type).toBe('comprehension');
    expect(strip(passage.type === 'comprehension' ? passage.paragraph : '')).toMatch(/^【 1 - 2】다음 글을 읽고 물음에 답하시오\.\s*산에는 꽃 피네 꽃이 피네$/);
    expect(passage.type === 'comprehension' ? passage.questions.map((q) => strip(q.name)) : []).toEqual([
      '윗글에 대한 설명으로 적절하지 않은 것은?',
      '┃보기┃를 참고하여 감상한 것으로 적절한 것은?',
    ]);
    expect(strip(third.name)).toBe('㉠∼㉤ 중, 성격이 다른 것은?');
  });

  it('a fraction drawn as a two-row table inside a sentence is read in place, numerator then denominator, the sentence going on after it', () => {
    const fraction = tbl([[[p('A의 질량')]], [[p('B의 질량')]]], true);
    const parsed = parseHwpx(buildHwpx({ sections: [[p([run(t('1. ')), run(fraction), run(t('의 비는 얼마인가?'))]), options]] }));
    expect(questionsOf(parsed).map((q) => q.stem)).toEqual(['A의 질량 B의 질량의 비는 얼마인가?']);
  });

  it('a number glued to an opening bracket: 16.「법」', () => {
    const parsed = parseHwpx(buildHwpx({ sections: [[p('15. 다음 중 옳은 것은?'), options, p('16.「행정절차법」상 옳은 것은?'), options]] }));
    expect(questionsOf(parsed).map((q) => q.stem)).toEqual(['다음 중 옳은 것은?', '「행정절차법」상 옳은 것은?']);
  });
});

describe('readHwpx: files Hangul saved (hwpxlib samples)', () => {
  it('labels bullets, numbering and outline as Hangul shows them (hwpxlib TestTextExtractor5)', () => {
    const doc = readHwpx(sample('ParaHead'));
    const lines = doc.paragraphs.map((x) => `${doc.labels.get(x.index)?.label ?? ''} ${paragraphText(x)}`.trim());
    expect(lines).toEqual([
      '\uF06C 글머리1-1',
      '\uF06C 글머리1-2',
      '',
      '',
      '\uF06E 글머리2-1',
      '\uF06E 글머리2-2',
      '1.',
      '1. 번호1',
      '2. 번호2',
      '3. 번호3',
      '3.1. 번호3-1',
      '3.2. 번호3-2',
      '4. 번호4',
      '4.1.1.1. 번호-4-1-1-1',
      '4.1.1.2. 번호-4-1-1-2',
      '4.1.2. 번호-4-1-2',
      '4.1.2.1. 번호-4-1-2-1',
      '',
      '1. 개요1',
      '가. 개요1-1',
      '나. 개요1-2',
      '다. 개요1-3',
      '2. 개요2',
      '가. 개요2-1',
      '1) 개요2-1-1',
      '',
    ]);
    expect(doc.labels.get(19)).toEqual({ label: '가.', format: 'ganada', level: 1, value: 1 });
  });

  it('reads a table cell by cell and a floating text box as a paragraph of its own', () => {
    const doc = readHwpx(sample('Table'));
    expect(paragraphText(doc.paragraphs[0])).toBe('C반 기말고사');
    const cells = doc.paragraphs.filter((x) => x.cell);
    expect(cells).toHaveLength(24);
    expect(cells.slice(0, 4).map(paragraphText)).toEqual(['이름', '국어', '영어', '수학']);
    expect(cells[9]).toMatchObject({ cell: { table: 0, row: 2, column: 1 } });
    expect(paragraphText(cells[9])).toBe('77');
  });

  it("reads floating rectangles' text boxes where they are anchored, each line a paragraph of its own", () => {
    const lines = readHwpx(sample('RectInPara')).paragraphs.map(paragraphText);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^Start\. .*텍스트입니다\.$/);
    expect(lines.slice(1, 3)).toEqual(['사각 시각한 사각형입니다. ', '오각형이 아니에요']);
    expect(lines[4]).toBe('2번째 사각형');
    expect(lines[5]).toMatch(/이것은 본문 텍스트입니다\. End$/);
  });

  it('reads an equation script, a picture and its bytes, and leaves out headers, footers and deleted text', () => {
    const equation = readHwpx(sample('SimpleEquation'));
    const inline = equation.paragraphs[0].inlines[0];
    expect(inline.kind === 'math' || (inline.kind === 'text' && inline.text === '{"123"} over {123 sqrt {3466}} sum _{34} ^{12}')).toBe(true);
    const picture = readHwpx(sample('SimplePicture'));
    expect(picture.paragraphs[0].inlines).toEqual([{ kind: 'picture', path: 'BinData/image1.jpg', widthPx: 346, heightPx: 117 }]);
    expect(picture.bytes('BinData/image1.jpg')?.length).toBe(23560);
    expect(readHwpx(sample('HeaderFooter')).paragraphs.map(paragraphText)).toEqual(['']);
    expect(readHwpx(sample('ChangeTrack')).paragraphs.map(paragraphText)).toEqual(['변경 \t인간은']);
  });
});

describe('parseHwpx: a paper numbered by its endnote marks (issue 30)', () => {
  it("each note's mark is its question's number, its first line the answer after a source tag, the rest the solution; elective parts answered in turn", () => {
    const key = (n: number, answer: string) => note('endNote', n, [p(` 23_09 교육 ${n}) ${answer}`), p(`x = 1-2 이므로 풀이 ${n}`)]);
    const file = buildHwpx({
      sections: [
        [
          p([run(SEC_PR), run(key(1, '②')), run(t('다음 중 짝수는?'))]),
          p('① 1\t② 2\t③ 3'),
          p([run(key(2, '①')), run(t('다음 중 홀수는?'))]),
          p('① 1\t② 2\t③ 4'),
          p('확률과 통계'),
          p([run(key(3, '③')), run(t('다음 중 가장 큰 수는?'))]),
          p('① 1\t② 2\t③ 3'),
          p('미적분'),
          p([run(key(3, '①')), run(t('다음 중 가장 작은 수는?'))]),
          p('① 1\t② 2\t③ 3'),
        ],
      ],
    });
    const parsed = parseHwpx(file);
    expect(questionsOf(parsed).map((q) => [q.stem, q.correct])).toEqual([
      ['다음 중 짝수는?', [1]],
      ['다음 중 홀수는?', [0]],
      ['다음 중 가장 큰 수는?', [2]],
      ['다음 중 가장 작은 수는?', [0]],
    ]);
    // The worked solution comes with its question; "1-2" in it is no entry of the key.
    const first = parsed.sections.flatMap((s) => s.questions)[0];
    expect(strip(first.solution ?? '')).toBe('x = 1-2 이므로 풀이 1');
    expect(parsed.problems.filter((p) => ['duplicateNumber', 'keyUnmatched', 'keyAnswerUnreadable'].includes(p.code))).toEqual([]);
  });
});
