import type { QuestionInput } from '@shared/contract/editor';
import { WORD_SAMPLE_URL } from '@shared/parser/links';
import { TRIANGLE_HEIGHT, TRIANGLE_WIDTH } from './picture';

/**
 * The demo's sample test (issue 29): every question type (multiple choice with one answer and with
 * several, true/false, fill in the blanks with a word and with a range, integer, a comprehension
 * with its own questions), maths in LaTeX as the editor stores it (`\(...\)`, shared/render/math.ts),
 * a picture, negative and partial marks, and sections in English, Vietnamese and Korean.
 *
 * Each question carries how the demo's students do on it (`students`): how hard it is, and the
 * typed answers they give right and wrong (server/demo/students.ts). Drafts are what the editor
 * sends (shared/contract/editor.ts `question`), and go through the same schema.
 */

export const SAMPLE_TEST_NAME = 'Sample test: every question type';
export const FREE_TEST_NAME = 'Sample quiz: shared by link';
export const SAMPLE_TEST_DURATION_MS = 45 * 60_000;

/** How the demo's students answer a question. */
export interface StudentsOn {
  /** 0 (everyone right) to 1 (almost nobody). */
  difficulty: number;
  /** Typed answers counted right (fill in the blanks, integer): students write these. */
  right?: string[];
  /** Typed answers that are wrong. */
  wrong?: string[];
}

export interface SampleQuestion {
  draft: QuestionInput;
  students: StudentsOn;
}
export interface SampleComprehension {
  draft: QuestionInput & { type: 'comprehension' };
  children: SampleQuestion[];
}
export interface SampleSection {
  name: string;
  instructions: string;
  questions: (SampleQuestion | SampleComprehension)[];
}

const choice = (name: string, isCorrect = false) => ({ name: `<p>${name}</p>`, isCorrect });
const marks = (positive: number, negative = 0) => ({
  marks: { positive, negative, negativeUnattempted: 0 },
  isNegativeMarkingEnabled: negative > 0,
});

/** The test's instructions: what it shows, and where the sample Word document is. */
export const SAMPLE_TEST_INSTRUCTIONS =
  '<p>A sample test with every question type: multiple choice (one right answer, or several with partial marks), ' +
  'true or false, fill in the blanks, integer answers and a reading passage with its own questions; maths typed ' +
  'in LaTeX, a picture, negative marks, and questions in English, Vietnamese and Korean. Open a question to see ' +
  'how it is made, or preview the test as a student.</p>' +
  `<p>To add questions from Word, open <b>Bulk Upload</b> in the header, or <b>Upload word file</b> in the editor, ` +
  `and try the <a href="${WORD_SAMPLE_URL}">sample Word document</a>.</p>`;

export const FREE_TEST_INSTRUCTIONS =
  '<p>Answer as many questions as you can in 45 minutes. Some questions take marks away for a wrong answer; ' + 'a question left blank costs nothing.</p>';

/** The sections, with the picture's address when it was stored (without it the question gives the sides in words). */
export function sampleSections(pictureSrc: string | null): SampleSection[] {
  const triangle = pictureSrc
    ? '<p>Look at the right-angled triangle in the picture.</p>' +
      `<p><img src="${pictureSrc}" alt="A right-angled triangle" width="${TRIANGLE_WIDTH}" height="${TRIANGLE_HEIGHT}"></p>` +
      '<p>How long is its longest side?</p>'
    : '<p>A right-angled triangle has shorter sides of 3 cm and 4 cm. How long is its longest side?</p>';
  return [
    {
      name: 'Mathematics',
      instructions: '<p>Maths is typed in LaTeX and shown typeset. A wrong answer costs marks where the question says so.</p>',
      questions: [
        {
          draft: {
            type: 'multiple_choice',
            name: '<p>Solve \\(2x + 3 = 11\\). What is \\(x\\)?</p>',
            options: [choice('\\(x = 3\\)'), choice('\\(x = 4\\)', true), choice('\\(x = 5\\)'), choice('\\(x = 7\\)')],
            solution: '<p>Take 3 from both sides: \\(2x = 8\\), so \\(x = 4\\).</p>',
            ...marks(2, 0.5),
            difficultyLevel: 'easy',
            tags: ['algebra'],
          },
          students: { difficulty: 0.2 },
        },
        {
          draft: {
            type: 'multiple_choice',
            name: '<p>Which of these numbers are prime? Choose every right answer.</p>',
            options: [choice('2', true), choice('9'), choice('11', true), choice('15'), choice('17', true)],
            solution: '<p>\\(9 = 3 \\times 3\\) and \\(15 = 3 \\times 5\\); 2, 11 and 17 can only be divided by 1 and themselves.</p>',
            ...marks(3, 1),
            isPartialMarkingEnabled: true,
            difficultyLevel: 'medium',
            tags: ['number'],
          },
          students: { difficulty: 0.55 },
        },
        {
          draft: {
            type: 'integer',
            name: '<p>What is \\(\\sqrt{144} + 3^2\\)?</p>',
            // An integer question keeps its answer in its solution.
            solution: '21',
            ...marks(2),
            difficultyLevel: 'medium',
            tags: ['number'],
          },
          students: { difficulty: 0.45, right: ['21'], wrong: ['15', '18', '24', '153'] },
        },
        {
          draft: {
            type: 'fill_ups',
            name: '<p>Give \\(\\sqrt{2}\\) to two decimal places: ______</p>',
            options: [{ type: 'range', name: '1.41', floor: 1.41, cap: 1.42, positiveMarks: 2 }],
            solution: '<p>\\(\\sqrt{2} = 1.41421\\ldots\\), so 1.41 (any answer from 1.41 to 1.42 is accepted).</p>',
            ...marks(2),
            difficultyLevel: 'hard',
            tags: ['number'],
          },
          students: { difficulty: 0.7, right: ['1.41', '1.414', '1,41'], wrong: ['1.4', '1.44', '1.5', '2'] },
        },
        {
          draft: {
            type: 'multiple_choice',
            name: triangle,
            options: [choice('5 cm', true), choice('6 cm'), choice('7 cm'), choice('12 cm')],
            solution: '<p>By Pythagoras: \\(\\sqrt{3^2 + 4^2} = \\sqrt{25} = 5\\) cm.</p>',
            ...marks(2, 0.5),
            difficultyLevel: 'medium',
            tags: ['geometry'],
          },
          students: { difficulty: 0.35 },
        },
        {
          draft: {
            type: 'true_false',
            name: '<p>True or false: \\(\\frac{1}{2} + \\frac{1}{3} = \\frac{2}{5}\\)</p>',
            options: [choice('True'), choice('False', true)],
            solution: '<p>\\(\\frac{1}{2} + \\frac{1}{3} = \\frac{3}{6} + \\frac{2}{6} = \\frac{5}{6}\\)</p>',
            ...marks(1, 1),
            difficultyLevel: 'medium',
            tags: ['fractions'],
          },
          students: { difficulty: 0.5 },
        },
      ],
    },
    {
      name: 'Reading: the water cycle',
      instructions: '<p>Read the passage, then answer its questions.</p>',
      questions: [
        {
          draft: {
            type: 'comprehension',
            name: '<p>The water cycle</p>',
            paragraph:
              '<p>The Sun warms the water of seas, rivers and lakes, and some of it turns into water vapour: this is ' +
              '<b>evaporation</b>. Plants give off water vapour through their leaves too. As the warm, moist air rises it ' +
              'cools, and the vapour turns back into tiny drops of liquid water that make clouds: this is <b>condensation</b>. ' +
              'When the drops join and grow heavy, they fall as rain, snow or hail: <b>precipitation</b>. The water runs into ' +
              'rivers or soaks into the ground, and the cycle starts again.</p>',
          },
          children: [
            {
              draft: {
                type: 'multiple_choice',
                name: '<p>What turns water vapour into the drops that make clouds?</p>',
                options: [choice('Evaporation'), choice('Condensation', true), choice('Precipitation'), choice('Melting')],
                ...marks(2),
              },
              students: { difficulty: 0.35 },
            },
            {
              draft: { type: 'true_false', name: '<p>Hail is a kind of precipitation.</p>', options: [choice('True', true), choice('False')], ...marks(1) },
              students: { difficulty: 0.2 },
            },
            {
              draft: {
                type: 'fill_ups',
                name: '<p>Water turns into vapour through ______.</p>',
                options: [{ type: 'constants', name: 'evaporation', positiveMarks: 1 }],
                ...marks(1),
              },
              students: { difficulty: 0.4, right: ['evaporation', 'Evaporation'], wrong: ['condensation', 'boiling', 'heat'] },
            },
          ],
        },
      ],
    },
    {
      name: 'Tiếng Việt',
      instructions: '<p>Các câu hỏi trong phần này được viết bằng tiếng Việt.</p>',
      questions: [
        {
          draft: {
            type: 'multiple_choice',
            name: '<p>Thủ đô của Việt Nam là thành phố nào?</p>',
            options: [choice('Hà Nội', true), choice('Huế'), choice('Đà Nẵng'), choice('Thành phố Hồ Chí Minh')],
            ...marks(1),
            difficultyLevel: 'easy',
          },
          students: { difficulty: 0.1 },
        },
        {
          draft: {
            type: 'fill_ups',
            name: '<p>Từ trái nghĩa với “nóng” là ______.</p>',
            options: [{ type: 'constants', name: 'lạnh', positiveMarks: 1 }],
            solution: '<p>“Lạnh” (viết có dấu).</p>',
            ...marks(1),
          },
          students: { difficulty: 0.35, right: ['lạnh', 'Lạnh'], wrong: ['lanh', 'mát', 'ấm'] },
        },
        {
          draft: {
            type: 'true_false',
            name: '<p>Ở áp suất tiêu chuẩn, nước sôi ở \\(100^\\circ\\mathrm{C}\\).</p>',
            options: [choice('Đúng', true), choice('Sai')],
            ...marks(1),
          },
          students: { difficulty: 0.3 },
        },
      ],
    },
    {
      name: '한국어',
      instructions: '<p>이 부분의 문제는 한국어로 되어 있습니다.</p>',
      questions: [
        {
          draft: {
            type: 'multiple_choice',
            name: '<p>대한민국의 수도는 어디입니까?</p>',
            options: [choice('서울', true), choice('부산'), choice('인천'), choice('대구')],
            ...marks(1),
            difficultyLevel: 'easy',
          },
          students: { difficulty: 0.1 },
        },
        {
          draft: { type: 'integer', name: '<p>\\(7 \\times 8\\)의 값은 얼마입니까?</p>', solution: '56', ...marks(1) },
          students: { difficulty: 0.25, right: ['56'], wrong: ['54', '48', '63'] },
        },
        {
          draft: { type: 'true_false', name: '<p>지구는 태양 주위를 돈다.</p>', options: [choice('참', true), choice('거짓')], ...marks(1) },
          students: { difficulty: 0.15 },
        },
      ],
    },
  ];
}

export const isComprehension = (item: SampleQuestion | SampleComprehension): item is SampleComprehension => 'children' in item;

/** How students do on each answerable question, in the test's order (a comprehension gives its children). */
export const studentsOn = (sections: SampleSection[]): StudentsOn[] =>
  sections.flatMap((s) => s.questions.flatMap((q) => (isComprehension(q) ? q.children.map((c) => c.students) : [q.students])));
