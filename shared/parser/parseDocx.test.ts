import { omml, type Block, type DocxContent } from '@tests/support/docx';
import { png } from '@tests/support/pictures';
import { linesOf } from '@tests/support/lines';
import { parseDocx, parseSource } from './parseDocx';
import { correctFlags as correct, parseBlocks, questionsOf } from '@tests/support/parsedDocx';
import { blocksUpload, type ParsedDocument } from './types';

const parse = (body: Block[], engine: 'text' | 'table' = 'text', extra: Omit<DocxContent, 'body'> = {}) => parseBlocks(body, extra, engine);
const errors = (doc: ParsedDocument) => doc.problems.filter((p) => p.severity === 'error').map((p) => [p.code, p.paragraph, p.message]);

describe('the numbered-text engine', () => {
  it('reads the five ways of numbering, the option styles, and every kind of answer', () => {
    const doc = parse([
      'Class 10 Physics: practice test',
      '1. What is the SI unit of force?',
      '(a) Joule',
      '(b) Newton',
      '(c) Watt',
      '(d) Pascal',
      'Ans: b',
      'Q2) Which are vectors?',
      'A. Velocity    B. Speed    C. Force    D. Mass',
      'Answer: A, C',
      'Solution: Velocity and force have a direction.',
      'Speed and mass do not.',
      'Q.3 Light travels faster than sound.',
      'Ans: True',
      'Question 4: How many legs does a spider have?',
      'Ans: 8',
      '5) The value of g, in m/s², is about ____.',
      'Ans: 9.7 - 9.9',
      '6. The capital of France is ____ and of Japan is ____.',
      'Ans: Paris; Tokyo | Tōkyō',
      '7. Pick the noble gas.',
      '(a) Oxygen  *(b) Neon  (c) Nitrogen  (d) Hydrogen',
    ]);
    expect(errors(doc)).toEqual([]);
    expect(doc.problems.map((p) => [p.code, p.paragraph])).toEqual([['textBeforeFirstQuestion', 1]]);
    const [q1, q2, q3, q4, q5, q6, q7] = questionsOf(doc);
    expect(q1).toMatchObject({ type: 'multiple_choice', name: '<p>What is the SI unit of force?</p>' });
    expect(q1.type === 'multiple_choice' && q1.options.map((o) => o.name)).toEqual(['<p>Joule</p>', '<p>Newton</p>', '<p>Watt</p>', '<p>Pascal</p>']);
    expect(correct(q1)).toEqual([false, true, false, false]);
    expect(correct(q2)).toEqual([true, false, true, false]);
    expect(q2.solution).toBe('<p>Velocity and force have a direction.</p><p>Speed and mass do not.</p>');
    expect(q3).toMatchObject({
      type: 'true_false',
      options: [
        { name: 'True', isCorrect: true },
        { name: 'False', isCorrect: false },
      ],
    });
    expect(q4).toMatchObject({ type: 'integer', solution: '8' });
    expect(q5).toMatchObject({ type: 'fill_ups', options: [{ type: 'range', floor: 9.7, cap: 9.9, optionId: 'blank-1' }] });
    expect(q6.type === 'fill_ups' && q6.options.map((o) => [o.optionId, o.name])).toEqual([
      ['blank-1', 'Paris'],
      ['blank-2', 'Tokyo'],
      ['blank-2', 'Tōkyō'],
    ]);
    expect(correct(q7)).toEqual([false, true, false, false]);
    expect(doc.questionCount).toBe(7);
    expect(doc.countsByType).toEqual({ multiple_choice: 3, true_false: 1, integer: 1, fill_ups: 2 });
  });

  it('keeps formatting, equations as LaTeX, pictures in place with their size, and tables inside a question', () => {
    const doc = parse([
      {
        runs: [
          '1. Simplify ',
          { math: omml.fraction('x', '2') },
          ' when ',
          { text: 'x', italic: true },
          ' is ',
          { text: 'even', bold: true },
          ': H',
          { text: '2', script: 'sub' },
          'O',
        ],
      },
      { runs: [{ picture: png(4, 2), widthPx: 200, heightPx: 100 }] },
      {
        table: [
          ['x', 'y'],
          ['1', { runs: [{ math: omml.sup('x', '2') }] }],
        ],
      },
      { runs: ['(a) ', { math: omml.sqrt('x') }] },
      '(b) x',
      'Ans: a',
    ]);
    expect(errors(doc)).toEqual([]);
    const [q] = questionsOf(doc);
    expect(q.name).toBe(
      '<p>Simplify $\\frac{x}{2}$ when <i>x</i> is <b>even</b>: H<sub>2</sub>O</p><p><img src="docx:word/media/image1.png" width="200" height="100"></p>' +
        '<table border="1"><tbody><tr><td>x</td><td>y</td></tr><tr><td>1</td><td>${x}^{2}$</td></tr></tbody></table>',
    );
    expect(q.type === 'multiple_choice' && q.options[0].name).toBe('<p>$\\sqrt{x}$</p>');
    expect(doc.pictures).toEqual(['word/media/image1.png']);
  });

  it("takes Word's automatic numbering for questions and options, from the list definitions", () => {
    const lists = [
      {
        id: 1,
        levels: [
          { format: 'decimal' as const, text: '%1.' },
          { format: 'lowerLetter' as const, text: '(%2)' },
        ],
      },
    ];
    const doc = parse(
      [
        { runs: ['Which planet is largest?'], list: { id: 1 } },
        { runs: ['Mars'], list: { id: 1, level: 1 } },
        { runs: ['Jupiter'], list: { id: 1, level: 1 } },
        'Ans: b',
        { runs: ['Which is a gas giant?'], list: { id: 1 } },
        { runs: ['Earth'], list: { id: 1, level: 1 } },
        { runs: ['*Saturn'], list: { id: 1, level: 1 } },
        'Answer key',
        { runs: ['b'], list: { id: 1 } },
      ],
      'text',
      { lists },
    );
    expect(errors(doc)).toEqual([]);
    const [q1, q2] = questionsOf(doc);
    expect(q1.name).toBe('<p>Which planet is largest?</p>');
    expect(correct(q1)).toEqual([false, true]);
    // The key's numbered line 3 answers nothing: the list went on counting (1, 2, then 3).
    expect(correct(q2)).toEqual([false, true]);
    expect(doc.problems.map((p) => p.code)).toEqual(['keyUnmatched']);
  });

  it('comprehension passages: by the questions they name, or up to "End of passage"', () => {
    const doc = parse([
      'Passage (Questions 1-2): The Nile is the longest river in Africa.',
      'It flows north into the Mediterranean.',
      '1. The Nile flows south. Ans: False',
      'Ans: False',
      '2. Into which sea does it flow?',
      '(a) Red Sea (b) Mediterranean',
      'Ans: b',
      '3. A question after the passage.',
      'Ans: 12',
      'Passage: Seoul is the capital of Korea.',
      '4. Seoul is a capital.',
      'Ans: True',
      'Tags: geography, Asia',
      'End of passage',
      '5. Another one.',
      'Ans: True',
    ]);
    expect(errors(doc)).toEqual([]);
    const [p1, q3, p2, q5] = questionsOf(doc);
    expect(p1).toMatchObject({
      type: 'comprehension',
      paragraph: '<p>The Nile is the longest river in Africa.</p><p>It flows north into the Mediterranean.</p>',
    });
    expect(p1.type === 'comprehension' && p1.questions.map((q) => q.type)).toEqual(['true_false', 'multiple_choice']);
    expect(q3).toMatchObject({ type: 'integer', solution: '12' });
    expect(p2.type === 'comprehension' && p2.questions[0]).toMatchObject({ type: 'true_false', tags: ['geography', 'Asia'] });
    expect(q5.type).toBe('true_false');
    expect(doc.questionCount).toBe(5);
  });

  it('marks, type, difficulty and tag lines; sections; an answer key as lines and as a table', () => {
    const doc = parse([
      'Section: Algebra',
      'Q1. 2 + 2 = ?',
      'Marks: +4 -1',
      'Difficulty: Easy',
      'Tags: arithmetic; basics',
      'Q2. Is 7 prime?',
      'Type: True/False',
      'Section: Geometry',
      'Q3. Angles in a triangle add up to?',
      'Type: Integer',
      'Q4. Which is a right angle?',
      '(a) 45°  (b) 90°  (c) 180°',
      'Q5. Pick the shapes with four sides.',
      '(a) Square (b) Triangle (c) Rhombus',
      'Answer Key',
      '1. 4   2. True',
      {
        table: [
          ['3', '4', '5'],
          ['180', 'b', 'a, c'],
        ],
      },
    ]);
    expect(errors(doc)).toEqual([]);
    expect(doc.sections.map((s) => [s.name, s.questions.length])).toEqual([
      ['Algebra', 2],
      ['Geometry', 3],
    ]);
    const [[q1, q2], [q3, q4, q5]] = doc.sections.map((s) => s.questions);
    expect(q1).toMatchObject({
      type: 'integer',
      solution: '4',
      marks: { positive: 4, negative: 1 },
      isNegativeMarkingEnabled: true,
      difficultyLevel: 'easy',
      tags: ['arithmetic', 'basics'],
    });
    expect(q2).toMatchObject({ type: 'true_false' });
    expect(correct(q2)).toEqual([true, false]);
    expect(q3).toMatchObject({ type: 'integer', solution: '180' });
    expect(correct(q4)).toEqual([false, true, false]);
    expect(correct(q5)).toEqual([true, false, true]);
  });

  it.each([
    {
      paper: 'Vietnamese papers: Câu, Đáp án, Lời giải',
      lines: [
        'Câu 1. Thủ đô của Việt Nam là?',
        'A. Hà Nội',
        'B. Huế',
        'Đáp án: A',
        'Lời giải: Hà Nội là thủ đô từ năm 1976.',
        'Câu 2: Nước sôi ở 100 °C.',
        'Đáp án: Đúng',
      ],
      key: [true, false],
      solution: '<p>Hà Nội là thủ đô từ năm 1976.</p>',
    },
    {
      paper: 'Korean papers: 문제, circled options, 정답, 해설',
      lines: ['문제 1. 대한민국의 수도는?', '① 부산 ② 서울 ③ 대구 ④ 인천', '정답: ②', '해설: 서울은 수도입니다.', '2. 물은 100도에서 끓는다.', '정답: O'],
      key: [false, true, false, false],
      solution: '<p>서울은 수도입니다.</p>',
    },
  ])('$paper', ({ lines, key, solution }) => {
    const doc = parse(lines);
    expect(errors(doc)).toEqual([]);
    expect(questionsOf(doc).map((q) => [q.type, correct(q)])).toEqual([
      ['multiple_choice', key],
      ['true_false', [true, false]],
    ]);
    expect(questionsOf(doc)[0].solution).toBe(solution);
  });

  it('a list of (a) (b) in the text followed by the real options; numbered steps inside a solution', () => {
    const doc = parse([
      '1. Match column I with column II.',
      '(a) Newton (b) Joule',
      '(p) energy (q) force',
      '(a) a-q, b-p',
      '(b) a-p, b-q',
      'Ans: a',
      'Solution: two steps.',
      '1) Newton measures force.',
      '1) Joule measures energy.',
      '2. Next question?',
      'Ans: 3',
    ]);
    expect(errors(doc)).toEqual([]);
    const [q1, q2] = questionsOf(doc);
    expect(q1.name).toBe('<p>Match column I with column II.</p><p>(a) Newton</p><p>(b) Joule</p><p>(p) energy (q) force</p>');
    expect(q1.type === 'multiple_choice' && q1.options.map((o) => o.name)).toEqual(['<p>a-q, b-p</p>', '<p>a-p, b-q</p>']);
    expect(q1.solution).toBe('<p>two steps.</p><p>1) Newton measures force.</p><p>1) Joule measures energy.</p>');
    expect(q2).toMatchObject({ type: 'integer', solution: '3' });
  });

  it('reports what a teacher must fix, each at its paragraph', () => {
    const doc = parse([
      '1. No answer here.',
      '(a) one',
      '(b) two',
      '2. Neither options nor answer.',
      '3. Answer outside the options.',
      '(a) x',
      '(b) y',
      'Ans: d',
      '4. Unreadable answer.',
      '(a) x',
      '(b) y',
      'Ans: maybe later',
      { runs: ['5. ', { text: 'ikuh dk rkieku', font: 'Kruti Dev 010' }] },
      'Ans: 1',
      { runs: ['6. Solve ', { legacyEquation: true }] },
      'Ans: 2',
      '7. Bad metadata.',
      'Ans: 3',
      'Difficulty: tricky',
      'Marks: lots',
      '8. Empty option.',
      '(a)',
      '(b) y',
      'Ans: b',
    ]);
    expect(doc.problems.map((p) => [p.severity, p.code, p.paragraph])).toEqual([
      ['warning', 'answerNotMarked', 1],
      ['error', 'unknownType', 4],
      ['error', 'answerNotAnOption', 8],
      ['error', 'answerUnreadable', 12],
      ['error', 'legacyFont', 13],
      ['warning', 'equationPicture', 15],
      ['warning', 'unknownDifficulty', 19],
      ['warning', 'marksUnreadable', 20],
      ['error', 'emptyOption', 22],
    ]);
    const byCode = Object.fromEntries(doc.problems.map((p) => [p.code, p]));
    expect(byCode.answerNotMarked.message).toMatch(
      /^Question 1: no correct answer found \(no answer line or key, and the options differ in none of bold, underline, colour or highlight\)\. It is uploaded with its answer unset/,
    );
    expect(byCode.legacyFont).toMatchObject({ params: { font: 'Kruti Dev 010' }, excerpt: '5. ikuh dk rkieku' });
    expect(byCode.answerNotAnOption.message).toBe('Question 3: the answer "d" is not one of its options.');
    // One bad question never sinks the rest (issue 15): 1 uploads with its answer unset, 6 with its
    // equation's picture, 7 without its unreadable difficulty and marks; 5, in a legacy font, is left
    // out with the others that have errors.
    expect(questionsOf(doc).map((q) => [q.type, q.docParagraph])).toEqual([
      ['multiple_choice', 1],
      ['integer', 15],
      ['integer', 17],
    ]);
    expect(blocksUpload(doc)).toBe(false);
  });

  it('a question typed Integer takes a decimal answer; untyped, a decimal stays fill in the blanks (issue 14)', () => {
    const doc = parse(['1. Half of five?', 'Type: Integer', 'Ans: 2.5', '2. Half of three?', 'Ans: 1.5']);
    expect(doc.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const [typed, untyped] = questionsOf(doc);
    expect(typed).toMatchObject({ type: 'integer', solution: '2.5' });
    expect(untyped.type).toBe('fill_ups');
  });

  it('a true/false question with both options marked correct is an error at its answer (issue 14)', () => {
    const doc = parse([
      '1. Water boils at 100 °C at sea level.',
      'Type: True/False',
      '(a) True',
      '(b) False',
      'Ans: a, b',
      '2. Ice is colder than steam.',
      '*(a) True',
      '*(b) False',
    ]);
    expect(errors(doc)).toEqual([
      // Nothing readable is left, so the document says so first (issue 15).
      ['noQuestions', null, 'No questions were found. Write them as the guide shows, or choose the other engine (Tables).'],
      ['trueFalseOneAnswer', 5, 'Question 1 is true/false: mark exactly one of its two options correct.'],
      ['trueFalseOneAnswer', 6, 'Question 2 is true/false: mark exactly one of its two options correct.'],
    ]);
    expect(questionsOf(doc)).toEqual([]);
  });

  it('a file that cannot be read is one problem, naming why', () => {
    const empty = parseDocx(new Uint8Array(0));
    expect(empty.problems).toMatchObject([{ severity: 'error', code: 'file', params: { reason: 'empty' }, message: 'The file is empty.', paragraph: null }]);
    const pdf = parseDocx(Buffer.from('%PDF-1.7 ...'));
    expect(pdf.problems[0].params.reason).toBe('pdf');
    const nothing = parse(['Just a title', 'and a line of text.']);
    expect(nothing.problems.map((p) => [p.code, p.message])).toEqual([
      ['noQuestions', 'No questions were found. Write them as the guide shows, or choose the other engine (Tables).'],
    ]);
  });
});

describe('the tables engine', () => {
  it('one table per question: a row per part, a third column marking correct options', () => {
    const doc = parse(
      [
        'Unit test',
        {
          table: [
            ['Question', 'What is 3 × 3?'],
            ['(a)', '6'],
            ['(b)', '9', '✓'],
            ['Solution', 'Three threes.'],
            ['Marks', '2'],
            ['Difficulty', 'Medium'],
          ],
        },
        {
          table: [
            ['Question', 'Water boils at 100 °C at sea level.'],
            ['Answer', 'True'],
          ],
        },
        { table: [['Passage', 'Penguins live in the southern hemisphere.']] },
        {
          table: [
            ['Q', 'Penguins can fly.'],
            ['Type', 'True/False'],
            ['Answer', 'False'],
          ],
        },
        'End of passage',
        {
          table: [
            ['Question', 'How many continents are there?'],
            ['Answer', '7'],
            ['Tags', 'geography'],
          ],
        },
        { table: [['Note', 'not a question']] },
      ],
      'table',
    );
    expect(doc.problems.map((p) => [p.code, p.paragraph, p.cell])).toEqual([['tableWithoutQuestion', 34, { table: 6, row: 1, column: 1 }]]);
    const [q1, q2, passage, q4] = questionsOf(doc);
    expect(q1).toMatchObject({ type: 'multiple_choice', solution: '<p>Three threes.</p>', marks: { positive: 2, negative: 0 }, difficultyLevel: 'medium' });
    expect(correct(q1)).toEqual([false, true]);
    expect(q2).toMatchObject({ type: 'true_false' });
    expect(passage).toMatchObject({ type: 'comprehension', paragraph: '<p>Penguins live in the southern hemisphere.</p>' });
    expect(passage.type === 'comprehension' && correct(passage.questions[0])).toEqual([false, true]);
    expect(q4).toMatchObject({ type: 'integer', solution: '7', tags: ['geography'] });
  });

  it('a problem in a table names its cell', () => {
    const doc = parse(
      [
        {
          table: [
            ['Question', 'Pick one.'],
            ['(a)', 'x'],
            ['(b)', 'y'],
            ['Answer', 'e'],
          ],
        },
      ],
      'table',
    );
    expect(doc.problems.map((p) => [p.code, p.paragraph, p.cell])).toEqual([
      ['noQuestions', null, null],
      ['answerNotAnOption', 8, { table: 1, row: 4, column: 2 }],
    ]);
  });
});

describe('a paragraph the reader could not follow', () => {
  it('leaves its own question out with a note, and reads every other one', () => {
    const paragraphs = linesOf(
      '1. Which is red?',
      'A. Sky',
      'B. Blood',
      'Answer: B',
      '2. Which is green?',
      'A. Grass',
      'B. Snow',
      'Answer: A',
      '3. Which is white?',
      'A. Snow',
      'B. Coal',
      'Answer: A',
    );
    paragraphs[5] = { ...paragraphs[5], unreadable: true };
    const parsed = parseSource({ paragraphs, labels: new Map(), bytes: () => null, problems: [] }, 'text');
    expect(questionsOf(parsed).map((q) => q.name)).toEqual(['<p>Which is red?</p>', '<p>Which is white?</p>']);
    expect(parsed.problems.map((p) => [p.code, p.severity, p.paragraph])).toContainEqual(['paragraphUnreadable', 'error', 6]);
  });
});
