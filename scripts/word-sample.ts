import fs from 'node:fs';
import path from 'node:path';
import { buildDocx, omml, type DocxContent } from '@tests/support/docx';
import { pngOf } from '@tests/support/pictures';

/**
 * The sample document the product serves next to the teachers' guide (docs/word-format.md):
 * every kind of question in numbered text, with an equation, a picture, a table, a passage, a
 * section, Vietnamese, Korean and Hindi. `node --import tsx scripts/word-sample.ts` writes it to
 * portal/public/samples/; a unit test checks that it reads without a problem.
 */

/** A right triangle on white, 160 × 120, to show a picture keeping its place and size. */
const triangle = pngOf(160, 120, (x, y) => {
  const inside = x >= 20 && y <= 100 && y >= 20 && x - 20 <= ((y - 20) * 120) / 80;
  const edge = inside && (x - 20 < 3 || y > 97 || x - 20 > ((y - 20) * 120) / 80 - 4);
  return edge ? [30, 60, 160] : inside ? [210, 225, 250] : [255, 255, 255];
});

export const WORD_SAMPLE: DocxContent = {
  body: [
    { runs: [{ text: 'Class 10 practice test (sample for Testforge)', bold: true }], style: 'Heading1' },
    'Section: Mathematics',
    { runs: ['1. Simplify ', { math: omml.fraction('x²−1', 'x−1') }, ' for ', { text: 'x', italic: true }, ' ≠ 1.'] },
    '(a) x − 1',
    '(b) x + 1',
    '(c) x²',
    '(d) 1',
    'Ans: b',
    { runs: ['Solution: x² − 1 = (x − 1)(x + 1), so the fraction is x + 1.'] },
    'Marks: +4 -1',
    'Difficulty: Easy',
    'Tags: algebra, factorisation',
    '2. In the right triangle below, the two shorter sides are 3 cm and 4 cm. How long is the longest side, in cm?',
    { runs: [{ picture: triangle, widthPx: 160, heightPx: 120 }] },
    'Ans: 5',
    '3. Which of these numbers are prime?',
    '(a) 2    (b) 9    (c) 11    (d) 15',
    'Ans: a, c',
    '4. The square root of 2 is about ____ (two decimal places).',
    'Ans: 1.41 - 1.42',
    '5. Every square is a rhombus.',
    'Ans: True',
    'Section: Science',
    '1. Complete the table: which state is each at room temperature?',
    {
      table: [
        ['Substance', 'State'],
        ['Water', '?'],
        ['Oxygen', '?'],
      ],
    },
    'Type: Fill in the blanks',
    'Ans: liquid; gas',
    'Passage (Questions 2-3): Plants make their food by photosynthesis. They take in carbon dioxide and water and, using the energy of sunlight, make glucose and give out oxygen.',
    '2. Plants give out carbon dioxide during photosynthesis.',
    'Ans: False',
    '3. What gives plants the energy for photosynthesis?',
    '(a) Soil   *(b) Sunlight   (c) Water   (d) Oxygen',
    'Section: Languages',
    'Câu 4. Thủ đô của Việt Nam là thành phố nào?',
    'A. Hà Nội',
    'B. Huế',
    'C. Đà Nẵng',
    'Đáp án: A',
    '문제 5. 대한민국의 수도는 어디입니까?',
    '① 부산 ② 서울 ③ 대구 ④ 인천',
    '정답: ②',
    { runs: ['6. ', { text: 'भारत की राजधानी कौन सी है?', font: 'Nirmala UI', csFont: 'Nirmala UI', complexScript: true }] },
    { runs: ['(a) ', { text: 'मुंबई', csFont: 'Nirmala UI', complexScript: true }] },
    { runs: ['(b) ', { text: 'नई दिल्ली', csFont: 'Nirmala UI', complexScript: true }] },
    'Ans: b',
  ],
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const target = path.join(__dirname, '../portal/public/samples/testforge-word-sample.docx');
  fs.writeFileSync(target, buildDocx(WORD_SAMPLE));
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
