import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { buildDocx, type Block, type Para } from '@tests/support/docx';
import { png } from '@tests/support/pictures';
import { mtefWriter, oleFile } from './mtef/testing';
import { correctFlags as correct, parseBlocks as parse, questionsOf } from '@tests/support/parsedDocx';
import { parseDocx } from './parseDocx';
import { blocksUpload, type ParsedDocument, type ParsedQuestion } from './types';

/**
 * Issue 15: the layouts of teachers' own papers, which never read our guide. Each test is one
 * convention, written as teachers write it; the questions' text is our own.
 */
const names = (q: ParsedQuestion) => ('options' in q ? q.options.map((o) => o.name) : []);
const codes = (doc: ParsedDocument) => doc.problems.map((p) => p.code);

describe('the correct answer marked by how the option looks', () => {
  const paper = (mark: object, on: 'text' | 'label' = 'text') => [
    '1. Which gas do plants take in?',
    'A. Oxygen',
    on === 'label' ? { runs: [{ text: 'B.', ...mark }, ' Carbon dioxide'] } : { runs: [{ text: 'B. Carbon dioxide', ...mark }] },
    'C. Nitrogen',
    'D. Helium',
  ];
  it.each([
    ['bold', { bold: true }, 'text'],
    ['bold', { bold: true }, 'label'],
    ['underline', { underline: true }, 'text'],
    ['highlight', { highlight: 'yellow' }, 'text'],
    ['colour', { color: 'FF0000' }, 'text'],
  ] as const)('%s (%o on the %s)', (rule, mark, on) => {
    const doc = parse(paper(mark, on));
    const [q] = questionsOf(doc);
    expect(correct(q)).toEqual([false, true, false, false]);
    expect(q.answerFrom).toBe(rule);
    // The look that gave the answer away is not shown to students.
    expect(names(q)[1]).toBe('<p>Carbon dioxide</p>');
    expect(doc.problems).toEqual([]);
  });

  it('every option in one colour but the right one in another', () => {
    const doc = parse([
      '1. Pick the even number.',
      ...['3', '4', '5', '7'].map((n, i) => ({ runs: [{ text: `${'ABCD'[i]}. ${n}`, color: i === 1 ? 'FF0000' : '0000FF' }] })),
    ]);
    expect(correct(questionsOf(doc)[0])).toEqual([false, true, false, false]);
  });

  it('a tick or a star beside the option', () => {
    const doc = parse(['1. Largest planet?', 'A. Mars', 'B. Jupiter ✓', 'C. Venus', '2. Smallest?', 'A. Mercury ★', 'B. Earth']);
    expect(questionsOf(doc).map((q) => [correct(q), q.answerFrom])).toEqual([
      [[false, true, false], 'tick'],
      [[true, false], 'tick'],
    ]);
    expect(names(questionsOf(doc)[0])[1]).toBe('<p>Jupiter</p>');
    // "A*" is maths (the adjugate of A), not a mark: a trailing * counts only apart from the text.
    const maths = parse(['1. Which is the adjugate?', 'A. A*', { runs: [{ text: 'B. Aᵀ', bold: true }] }]);
    expect(questionsOf(maths).map((q) => [names(q), q.answerFrom])).toEqual([[['<p>A*</p>', '<p>Aᵀ</p>'], 'bold']]);
  });

  it('no option differs: uploaded with the answer unset, and the real cause named; two bold: ambiguous', () => {
    const doc = parse([
      '1. Capital of Peru?',
      'A. Lima',
      'B. Quito',
      '2. Pick one.',
      { runs: [{ text: 'A. One', bold: true }] },
      { runs: [{ text: 'B. Two', bold: true }] },
      'C. Three',
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, false],
      [false, false, false],
    ]);
    expect(doc.problems.map((p) => [p.severity, p.code, p.params.options ?? ''])).toEqual([
      ['warning', 'answerNotMarked', ''],
      ['warning', 'answerAmbiguous', '(a), (b)'],
    ]);
    expect(blocksUpload(doc)).toBe(false);
  });
});

describe('answer keys as teachers write them', () => {
  it('answer lines with an explanation after them; "정답 ③" without a colon', () => {
    const doc = parse([
      'Câu 1. 2 + 2 = ?',
      'A. 3',
      'B. 4',
      'Đáp án: B',
      'Vì hai cộng hai bằng bốn.',
      '문제 2. 가장 큰 수는?',
      '① 1   ② 2   ③ 9   ④ 3',
      '정답 ③',
    ]);
    const [q1, q2] = questionsOf(doc);
    expect(correct(q1)).toEqual([false, true]);
    expect(q1.solution).toBe('<p>Vì hai cộng hai bằng bốn.</p>');
    expect(correct(q2)).toEqual([false, false, true, false]);
  });

  it('a key line with no heading ("1-A 2-C 3-B"), and a grid of numbers and answers in pairs', () => {
    const body: Block[] = [];
    for (let n = 1; n <= 3; n++) body.push(`${n}. Question ${n}?`, 'A. one', 'B. two', 'C. three');
    const line = parse([...body, '1-A 2-C 3-B']);
    expect(questionsOf(line).map(correct)).toEqual([
      [true, false, false],
      [false, false, true],
      [false, true, false],
    ]);
    const grid = parse([...body, 'ANSWER KEY', { table: [['1', 'B', '2', 'A', '3', 'C']] }]);
    expect(questionsOf(grid).map((q) => q.answerFrom)).toEqual(['answerKey', 'answerKey', 'answerKey']);
  });
});

describe('option layouts', () => {
  it('labels against the text, options on Shift+Enter lines, A/ B/ labels', () => {
    const doc = parse([
      '1. 2 × 3 = ?',
      '(a)5 (b)6 (c)7',
      'Ans: b',
      { runs: ['2. Thủ đô của Pháp?\nA/ Paris\nB/ Rome\nC/ Madrid'] },
      'Đáp án: A',
      '3. A.5 or B.6?',
      'A.5',
      'B.6',
      'Answer: B',
    ]);
    expect(questionsOf(doc).map((q) => [names(q).length, correct(q)])).toEqual([
      [3, [false, true, false]],
      [3, [true, false, false]],
      [2, [false, true]],
    ]);
    expect(names(questionsOf(doc)[1])[0]).toBe('<p>Paris</p>');
  });

  it('a question bank table (STT | Nội dung | Phương án trả lời | Đáp án): options as Word lettering in one cell, a row cut by a page break into the next table', () => {
    const lettered = (text: string): Para => ({ runs: [text], list: { id: 7 } });
    const doc = parse(
      [
        {
          table: [
            ['STT', 'Nội dung', 'Phương án trả lời', 'Đáp án'],
            ['1', 'Thủ đô của Nhật Bản là?', [lettered('Kyoto'), lettered('Tokyo'), lettered('Osaka'), lettered('Nagoya')], 'B'],
            ['2', ['Số nguyên tố nhỏ', 'nhất là?'], ['A.1 B.2', 'C.3 D.5'], 'B'],
            ['3', 'Nước sôi ở bao nhiêu độ C', [lettered('90'), lettered('100')], ''],
          ],
        },
        {
          table: [
            ['', 'ở áp suất thường?', [lettered('110'), lettered('120')], 'B'],
            ['4', 'Màu của lá cây?', [lettered('Đỏ'), lettered('Xanh lục'), 'khi còn non'], 'B'],
          ],
        },
      ],
      { lists: [{ id: 7, levels: [{ format: 'upperLetter', text: '%1.' }] }] },
    );
    expect(doc.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(questionsOf(doc).map((q) => [q.name, names(q), correct(q)])).toEqual([
      ['<p>Thủ đô của Nhật Bản là?</p>', ['<p>Kyoto</p>', '<p>Tokyo</p>', '<p>Osaka</p>', '<p>Nagoya</p>'], [false, true, false, false]],
      ['<p>Số nguyên tố nhỏ</p><p>nhất là?</p>', ['<p>1</p>', '<p>2</p>', '<p>3</p>', '<p>5</p>'], [false, true, false, false]],
      ['<p>Nước sôi ở bao nhiêu độ C</p><p>ở áp suất thường?</p>', ['<p>90</p>', '<p>100</p>', '<p>110</p>', '<p>120</p>'], [false, true, false, false]],
      ['<p>Màu của lá cây?</p>', ['<p>Đỏ</p>', '<p>Xanh lục</p><p>khi còn non</p>'], [false, true]],
    ]);
  });

  it('a bank table without a header: an answer a row lower, blank rows, a number shifted into the second cell', () => {
    const lettered = (text: string): Para => ({ runs: [text], list: { id: 8 } });
    const doc = parse(
      [
        {
          table: [
            ['1', 'Ba cộng hai?', [lettered('4'), lettered('5')], 'B'],
            ['2', 'Hai nhân hai?', [lettered('4'), lettered('6')], ''],
            ['', '', '', 'A'],
            ['', '', '', ''],
            ['', ['3', 'Mười chia hai?'], [lettered('5'), lettered('2')], 'A'],
          ],
        },
      ],
      { lists: [{ id: 8, levels: [{ format: 'upperLetter', text: '%1.' }] }] },
    );
    expect(questionsOf(doc).map((q) => [q.name, correct(q)])).toEqual([
      ['<p>Ba cộng hai?</p>', [false, true]],
      ['<p>Hai nhân hai?</p>', [true, false]],
      ['<p>Mười chia hai?</p>', [true, false]],
    ]);
  });

  it('options in a table with the letters in a column of their own, a tick in a third', () => {
    const doc = parse([
      '1. Which is a noble gas?',
      {
        table: [
          ['A.', 'Oxygen', ''],
          ['B.', 'Neon', '✓'],
          ['C.', 'Iron', ''],
        ],
      },
    ]);
    expect(questionsOf(doc).map((q) => [names(q), correct(q)])).toEqual([
      [
        ['<p>Oxygen</p>', '<p>Neon</p>', '<p>Iron</p>'],
        [false, true, false],
      ],
    ]);
  });

  it('options in a 2×2 table, as a bulleted list, and (i)…(iv)', () => {
    const doc = parse(
      [
        '1. Which is a mammal?',
        {
          table: [
            ['A. Shark', 'B. Whale'],
            ['C. Trout', 'D. Eel'],
          ],
        },
        'Answer: B',
        '2. Which is a metal?',
        { runs: ['Wood'], list: { id: 1 } },
        { runs: ['Iron'], list: { id: 1 } },
        { runs: ['Glass'], list: { id: 1 } },
        'Answer: B',
        '3. Pick the prime.',
        '(i) 4 (ii) 6 (iii) 7 (iv) 8',
        'Ans: (iii)',
      ],
      { lists: [{ id: 1, levels: [{ format: 'bullet', text: '•' }] }] },
    );
    expect(questionsOf(doc).map((q) => [names(q), correct(q)])).toEqual([
      [
        ['<p>Shark</p>', '<p>Whale</p>', '<p>Trout</p>', '<p>Eel</p>'],
        [false, true, false, false],
      ],
      [
        ['<p>Wood</p>', '<p>Iron</p>', '<p>Glass</p>'],
        [false, true, false],
      ],
      [
        ['<p>4</p>', '<p>6</p>', '<p>7</p>', '<p>8</p>'],
        [false, false, true, false],
      ],
    ]);
  });
});

describe('numbering, statements and things between questions', () => {
  it('"11.Which", "2:", statements numbered inside a stem, a number going backwards', () => {
    const doc = parse([
      '11.Which is larger?',
      'A. 1   B. 2',
      'Ans: B',
      '12: Consider the following statements:',
      '1. The Sun is a star.',
      '2. The Moon is a planet.',
      'Which of the above is/are correct?',
      'A. 1 only   B. 2 only',
      'Ans: A',
      '5. Out of order?',
      'A. yes   B. no',
      'Ans: A',
    ]);
    const qs = questionsOf(doc);
    expect(qs).toHaveLength(3);
    expect(qs[1].name).toBe(
      '<p>Consider the following statements:</p><p>1. The Sun is a star.</p><p>2. The Moon is a planet.</p><p>Which of the above is/are correct?</p>',
    );
    expect(doc.problems.map((p) => [p.code, p.params.question])).toEqual([['numberOutOfOrder', 5]]);
  });

  it('headings start sections, instructions are noted and never stick to an option; tags before a stem', () => {
    const doc = parse([
      'PART I – VOCABULARY',
      'Mark the letter A, B, C, or D to indicate the correct answer to each of the following questions.',
      '1. [Easy] (CLO3) Pick the noun.',
      'A. run   B. table',
      'Ans: B',
      'Choose the word that best completes each of the following sentences.',
      'Section B',
      '1. Pick the verb.',
      'A. jump   B. chair',
      'Ans: A',
    ]);
    expect(doc.sections.map((s) => [s.name, s.questions.length])).toEqual([
      ['PART I – VOCABULARY', 1],
      ['Section B', 1],
    ]);
    const [q1] = questionsOf(doc);
    expect(q1).toMatchObject({ name: '<p>Pick the noun.</p>', difficultyLevel: 'easy', tags: ['CLO3'] });
    expect(codes(doc)).toEqual(['textBeforeFirstQuestion', 'instruction']);
    expect(q1.solution).toBe('');
  });

  it("a name in brackets glued to the next word is the question's subject, no tag", () => {
    const doc = parse([
      "1. [Rule]'s scope: which case does it cover?",
      'A. one   B. two',
      '2. [규칙]을 사례에 적용한 것은?',
      '① 가   ② 나',
      '3. [Hard] Which is prime?',
      'A. 4   B. 5',
    ]);
    expect(questionsOf(doc).map((q) => [q.name, q.difficultyLevel ?? null])).toEqual([
      ["<p>[Rule]'s scope: which case does it cover?</p>", null],
      ['<p>[규칙]을 사례에 적용한 것은?</p>', null],
      ['<p>Which is prime?</p>', 'hard'],
    ]);
  });

  it('questions with no number at all', () => {
    const doc = parse(['What colour is the sky?', 'A. Blue', 'B. Green', 'Answer: A', 'Which animal barks?', 'A. Cat', 'B. Dog', 'Answer: B']);
    expect(questionsOf(doc).map((q) => [q.name, correct(q)])).toEqual([
      ['<p>What colour is the sky?</p>', [true, false]],
      ['<p>Which animal barks?</p>', [false, true]],
    ]);
  });
});

describe('passages, tables of questions, Vietnamese true/false groups', () => {
  it('"Directions (Q. 1-2)" and "Đọc đoạn văn … từ 3 đến 4" passages hold exactly their questions', () => {
    const doc = parse([
      'Directions (Q. 1-2): Read the passage and answer the questions.',
      'Bees make honey from nectar.',
      '1. What do bees make?',
      'A. Milk   B. Honey',
      'Ans: B',
      '2. From what?',
      'A. Nectar   B. Water',
      'Ans: A',
      'Đọc đoạn văn sau và trả lời các câu hỏi từ 3 đến 4.',
      'Hà Nội là thủ đô.',
      '3. Thủ đô là?',
      'A. Hà Nội   B. Huế',
      'Đáp án: A',
      '4. Đúng hay sai: Huế là thủ đô.',
      'Đáp án: Sai',
      '5. After the passages?',
      'Ans: 5',
    ]);
    const qs = questionsOf(doc);
    expect(qs.map((q) => [q.type, q.type === 'comprehension' ? q.questions.length : 0])).toEqual([
      ['comprehension', 2],
      ['comprehension', 2],
      ['integer', 0],
    ]);
  });

  it('a table with one question per row, and a Question | Answer table', () => {
    const doc = parse([
      {
        table: [
          ['No.', 'Question', 'A', 'B', 'C', 'Answer'],
          ['1', 'Red + blue?', 'Purple', 'Green', 'Orange', 'A'],
          ['2', 'Red + yellow?', 'Purple', 'Green', 'Orange', 'C'],
        ],
      },
      {
        table: [
          ['Question', 'Answer'],
          ['Capital of Italy?', 'Rome'],
          ['Days in a week?', '7'],
        ],
      },
    ]);
    expect(questionsOf(doc).map((q) => [q.type, correct(q)])).toEqual([
      ['multiple_choice', [true, false, false]],
      ['multiple_choice', [false, false, true]],
      ['fill_ups', null],
      ['integer', null],
    ]);
  });

  it('PHẦN II: statements a) b) c) d), each Đúng or Sai, become one question of four true/false parts', () => {
    const doc = parse([
      'Câu 1. Cho hàm số y = x². Xét các mệnh đề:',
      'a) Hàm số đồng biến trên ℝ.',
      'b) Đồ thị đi qua gốc tọa độ.',
      'c) y(2) = 4.',
      'd) Hàm số là hàm lẻ.',
      'Đáp án: a-S, b-Đ, c-Đ, d-S',
    ]);
    const [q] = questionsOf(doc);
    expect(q.type).toBe('comprehension');
    expect(q.type === 'comprehension' && q.questions.map((c) => [c.name, correct(c)])).toEqual([
      ['<p>Hàm số đồng biến trên ℝ.</p>', [false, true]],
      ['<p>Đồ thị đi qua gốc tọa độ.</p>', [true, false]],
      ['<p>y(2) = 4.</p>', [true, false]],
      ['<p>Hàm số là hàm lẻ.</p>', [false, true]],
    ]);
  });
});

describe('more of what teachers write', () => {
  it('options on the question\'s own line; "[정답] 3" for ③; "Câu 1 (NB):" levels', () => {
    const doc = parse([
      '1. What is 2 + 2? A. 3   B. 4   C. 5   D. 6',
      'Answer: B',
      '2. 다음 중 짝수는? ① 1 ② 3 ③ 4 ④ 5',
      '[정답] 3',
      'Câu 3 (NB): Thủ đô của Việt Nam là',
      'A. Huế   B. Hà Nội   C. Đà Nẵng',
      'Đáp án: B',
    ]);
    expect(doc.problems).toEqual([]);
    expect(questionsOf(doc).map((q) => [q.name, names(q).length, correct(q)])).toEqual([
      ['<p>What is 2 + 2?</p>', 4, [false, true, false, false]],
      ['<p>다음 중 짝수는?</p>', 4, [false, false, true, false]],
      ['<p>Thủ đô của Việt Nam là</p>', 3, [false, true, false]],
    ]);
    expect(questionsOf(doc)[2].difficultyLevel).toBe('easy');
  });

  it('a passage named "from 31 to 32", and one that names no range, hold their questions', () => {
    const doc = parse([
      'Read the following passage and mark the letter A, B, C, or D to indicate the correct answer to each of the questions from 31 to 32.',
      'Owls hunt at night. Their eyes see well in the dark.',
      'Question 31: When do owls hunt?',
      'A. At night   B. At noon',
      'Question 32: What sees well in the dark?',
      'A. Their ears   B. Their eyes',
      'Question 33: Not about owls: 3 + 3 = ?',
      'A. 6   B. 7',
      'Read the text below.',
      'Cats sleep a lot.',
      'Question 34: What do cats do a lot?',
      'A. Sleep   B. Swim',
      'ANSWER KEY',
      '31.A 32.B 33.A 34.A',
    ]);
    expect(questionsOf(doc).map((q) => (q.type === 'comprehension' ? q.questions.length : q.type))).toEqual([2, 'multiple_choice', 1]);
    expect(
      questionsOf(doc)
        .flatMap((q) => (q.type === 'comprehension' ? q.questions : [q]))
        .map(correct),
    ).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [true, false],
    ]);
  });

  it('a key in a table with a header column ("Câu | 1 | 2", "Đáp án | B | A")', () => {
    const doc = parse([
      'Câu 1. 1 + 1 = ?',
      'A. 1   B. 2',
      'Câu 2. 2 - 2 = ?',
      'A. 0   B. 1',
      'BẢNG ĐÁP ÁN',
      {
        table: [
          ['Câu', '1', '2'],
          ['Đáp án', 'B', 'A'],
        ],
      },
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('a worksheet\'s "Answer: ______" is no answer; a key with explanations ("Câu 1: Chọn B. Vì …") keeps its first answer', () => {
    const doc = parse([
      'Câu 1. 2 × 5 = ?',
      'A. 7   B. 10   C. 25',
      'Answer: ________',
      'Câu 2. 9 : 3 = ?',
      'A. 3   B. 6   C. 27',
      'HƯỚNG DẪN GIẢI',
      'Câu 1: Chọn B. Vì 2 × 5 = 10.',
      'Câu 2: Đáp án đúng là A.',
      'Bước 1: 3 × 3 = 9.',
    ]);
    expect(questionsOf(doc).map((q) => [correct(q), q.answerFrom])).toEqual([
      [[false, true, false], 'answerKey'],
      [[true, false, false], 'answerKey'],
    ]);
  });

  it('"A. TRẮC NGHIỆM" and "B. TỰ LUẬN" between questions are headings, not options; "1-A 2-B" ending a short quiz is its key', () => {
    const doc = parse([
      'A. TRẮC NGHIỆM',
      'Câu 1. 1 + 1 = ?',
      'A. 1   B. 2   C. 3',
      'Câu 2. 2 + 2 = ?',
      'A. 4   B. 5   C. 6',
      'B. TỰ LUẬN',
      'Câu 3. 3 + 3 = ?',
      'Đáp án: 6',
      '1-B 2-A',
    ]);
    expect(doc.sections.map((s) => [s.name, s.questions.length])).toEqual([
      ['A. TRẮC NGHIỆM', 2],
      ['B. TỰ LUẬN', 1],
    ]);
    expect(questionsOf(doc).map(correct)).toEqual([[false, true, false], [true, false, false], null]);
  });

  it('options numbered (1) (2) (3) (4), answered "Ans. (3)", as Indian entrance papers write them', () => {
    const doc = parse([
      'Q.1 A body falls from rest. Its speed after 2 s is (g = 10 m/s²)',
      '(1) 5 m/s   (2) 10 m/s   (3) 20 m/s   (4) 40 m/s',
      'Ans. (3)',
      'Q.2 Which is a vector? (1) Mass (2) Speed (3) Force (4) Time',
      'Ans. 3',
    ]);
    expect(questionsOf(doc).map((q) => [names(q).length, correct(q)])).toEqual([
      [4, [false, false, true, false]],
      [4, [false, false, true, false]],
    ]);
  });

  it('a key table in parts: "PHẦN I" rows across it, "Câu 1 | B", then Đ/S statements a row each under a merged number', () => {
    const doc = parse([
      'PHẦN I. TRẮC NGHIỆM',
      'Câu 1. 2 + 3 = ?',
      'A. 4   B. 5',
      'PHẦN II. ĐÚNG SAI',
      'Câu 1. Xét số 6:',
      'a) 6 là số chẵn.',
      'b) 6 là số nguyên tố.',
      {
        table: [
          [{ cell: 'PHẦN I', span: 3 }],
          ['Câu 1', { cell: 'B', span: 2 }],
          [{ cell: 'PHẦN II', span: 3 }],
          ['Câu', 'Ý', 'Đáp án'],
          [{ cell: '1', vMerge: 'restart' }, 'a)', 'Đ'],
          [{ cell: '', vMerge: 'continue' }, 'b)', 'S'],
        ],
      },
    ]);
    const [mcq, group] = questionsOf(doc);
    expect(correct(mcq)).toEqual([false, true]);
    expect(group.type === 'comprehension' && group.questions.map(correct)).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('answers after an arrow: "→ Hồ Chí Minh" on a line of its own, "… → Sai (Đáp án đúng: …)" at the end of the question', () => {
    const doc = parse(['1. Ai đọc Tuyên ngôn Độc lập năm 1945?', '→ Hồ Chí Minh', '2. Đúng / Sai: Hà Nội ở miền Nam. → Sai (Đáp án đúng: miền Bắc.)']);
    const [who, truth] = questionsOf(doc);
    expect(who).toMatchObject({ type: 'fill_ups', answerFrom: 'answerLine' });
    expect(who.type === 'fill_ups' && who.options[0].name).toBe('Hồ Chí Minh');
    expect(truth).toMatchObject({ type: 'true_false', name: '<p>Đúng / Sai: Hà Nội ở miền Nam.</p>', solution: '<p>Đáp án đúng: miền Bắc.</p>' });
    expect(correct(truth)).toEqual([false, true]);
  });

  it("a key between two parts ends where the next part's questions begin", () => {
    const doc = parse(['1. Red or blue: the sky?', 'A. Red   B. Blue', 'Answers: 1-B', '2. Hot or cold: ice?', 'A. Hot   B. Cold', 'Answer: B']);
    expect(questionsOf(doc).map(correct)).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  it('a paper of question tables read with the default engine (the other engine is tried when the chosen one finds nothing)', () => {
    const doc = parse([
      {
        table: [
          ['Question', 'Pick the odd one.'],
          ['(a)', 'cat'],
          ['(b)', 'car'],
          ['Answer', 'b'],
        ],
      },
    ]);
    expect(doc.engine).toBe('table');
    expect(correct(questionsOf(doc)[0])).toEqual([false, true]);
  });
});

describe("Word's own structures", () => {
  it('questions numbered by a paragraph style ("Question" style with its own list)', () => {
    const bytes = buildDocx({
      body: [
        { runs: ['Which is a fruit?'], style: 'Question' },
        'A. Apple   B. Brick',
        'Answer: A',
        { runs: ['Which is blue?'], style: 'Question' },
        'A. Sky   B. Grass',
        'Answer: A',
      ],
      styles: { Question: 'Calibri' },
      lists: [{ id: 1, levels: [{ format: 'decimal', text: '%1.' }] }],
    });
    // Word keeps a style's numbering in styles.xml: the paragraphs name only their style.
    const files = unzipSync(bytes);
    const styles = strFromU8(files['word/styles.xml']).replace(
      '<w:basedOn w:val="Normal"/><w:rPr><w:rFonts w:ascii="Calibri"',
      '<w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr><w:rPr><w:rFonts w:ascii="Calibri"',
    );
    const doc = parseDocx(zipSync({ ...files, 'word/styles.xml': strToU8(styles) }), 'text');
    expect(questionsOf(doc).map((q) => [q.name, correct(q)])).toEqual([
      ['<p>Which is a fruit?</p>', [true, false]],
      ['<p>Which is blue?</p>', [true, false]],
    ]);
  });

  it('a paper set in two columns of a layout table, and "(0,5 điểm)" marks before a stem', () => {
    const left: Para = { runs: ['Câu 1 (0,5 điểm): Số nào chẵn?\nA. 3\nB. 4\nĐáp án: B'] };
    const right: Para = { runs: ['Câu 2 (1 điểm): Số nào lẻ?\nA. 5\nB. 6\nĐáp án: A'] };
    const doc = parse([{ table: [[left, right]] }]);
    expect(questionsOf(doc).map((q) => [q.name, correct(q), q.marks?.positive])).toEqual([
      ['<p>Số nào chẵn?</p>', [false, true], 0.5],
      ['<p>Số nào lẻ?</p>', [true, false], 1],
    ]);
  });
});

describe('pictures wherever Word keeps them, money, and a bad question among good ones', () => {
  it('pictures in mc:AlternateContent, a drawing canvas, and a text box keep their place', () => {
    const picture = (wrap: 'anchor' | 'alternateContent' | 'canvas') => ({ picture: png(20, 10), widthPx: 20, heightPx: 10, wrap });
    const doc = parse([
      { runs: ['1. Look: ', picture('alternateContent')] },
      { runs: ['A. ', picture('canvas')] },
      { runs: ['B. ', picture('anchor')] },
      'Ans: A',
      { runs: ['2. Read the box: ', { textbox: ['Water boils at 100 °C.'] }] },
      'Ans: True',
    ]);
    const [q1, q2] = questionsOf(doc);
    expect(q1.name).toMatch(/^<p>Look: <img src="docx:word\/media\/image1\.png" width="20" height="10"><\/p>$/);
    expect(names(q1).every((n) => n.includes('<img'))).toBe(true);
    expect(q2.name).toBe('<p>Read the box:</p><p>Water boils at 100 °C.</p>');
    expect(doc.pictures).toHaveLength(3);
  });

  it('MathType objects become LaTeX in their place; one that cannot be read keeps its picture, with a note', () => {
    const v5 = mtefWriter(5);
    const half = oleFile(v5.equation(v5.line(v5.tmpl(11, 0, v5.line(v5.char('1')), v5.line(v5.char('2'))))));
    const doc = parse([
      { runs: ['Câu 1. Tính ', { legacyEquation: true, progId: 'Equation.DSMT4', ole: half }, ' + 1.'] },
      'A. 1,5   B. 2',
      'Đáp án: A',
      { runs: ['Câu 2. Giá trị của ', { legacyEquation: true, progId: 'Equation.DSMT4', ole: new Uint8Array(64) }, '?'] },
      'Đáp án: 4',
    ]);
    const [q1, q2] = questionsOf(doc);
    expect(q1.name).toBe('<p>Tính $\\frac{1}{2}$ + 1.</p>');
    expect(q2.name).toMatch(/^<p>Giá trị của <img src="docx:word\/media\/image2\.png"[^>]*>\?<\/p>$/);
    expect(doc.problems.map((p) => [p.severity, p.code, p.params.progId])).toEqual([['warning', 'equationPicture', 'Equation.DSMT4']]);
  });

  it('60 questions, 3 unreadable: the 57 upload, the 3 are listed where they stand', () => {
    const body: Block[] = [];
    for (let n = 1; n <= 60; n++) {
      body.push(`${n}. Question number ${n}?`);
      if (n % 20 === 0) body.push('(a) yes', '(b) no', 'Ans: e');
      else body.push('(a) yes', '(b) no', 'Ans: a');
    }
    const doc = parse(body);
    expect(doc.questionCount).toBe(57);
    expect(doc.problems.map((p) => [p.code, p.params.question])).toEqual([
      ['answerNotAnOption', '20'],
      ['answerNotAnOption', '40'],
      ['answerNotAnOption', '60'],
    ]);
    expect(blocksUpload(doc)).toBe(false);
  });
});
