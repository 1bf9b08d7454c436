import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@shared/i18n/languages';
import { wordSampleUrl } from '@shared/parser/links';
import { buildDocx, omml, type Block, type DocxContent } from '@tests/support/docx';
import { pngOf } from '@tests/support/pictures';

/**
 * The sample documents the product serves next to the teachers' guide (docs/word-format.md and
 * its Vietnamese and Korean versions), one per language, each written with that language's
 * keywords (Câu 1. / Đáp án:, 문제 1. / 정답:): every kind of question in numbered text, with an
 * equation, a picture, a table, a passage, sections and questions in other languages.
 * `node --import tsx scripts/word-sample.ts` writes them to portal/public/samples/; a unit test
 * (shared/parser/guide.test.ts) reads each fully.
 */

/** A right triangle on white, 160 × 120, to show a picture keeping its place and size. */
const triangle = pngOf(160, 120, (x, y) => {
  const inside = x >= 20 && y <= 100 && y >= 20 && x - 20 <= ((y - 20) * 120) / 80;
  const edge = inside && (x - 20 < 3 || y > 97 || x - 20 > ((y - 20) * 120) / 80 - 4);
  return edge ? [30, 60, 160] : inside ? [210, 225, 250] : [255, 255, 255];
});

/**
 * The questions of each paper's last section, in other languages than the paper's: each written
 * with its own language's keywords, numbered where the paper puts it.
 */
const inEnglish = (n: number) => [`Question ${n}. What is the capital of Australia?`, 'A. Sydney', 'B. Canberra', 'C. Melbourne', 'Answer: B'];
const inVietnamese = (n: number) => [`Câu ${n}. Thủ đô của Việt Nam là thành phố nào?`, 'A. Hà Nội', 'B. Huế', 'C. Đà Nẵng', 'Đáp án: A'];
const inKorean = (n: number) => [`문제 ${n}. 대한민국의 수도는 어디입니까?`, '① 부산 ② 서울 ③ 대구 ④ 인천', '정답: ②'];
/** The Hindi question (in Nirmala UI) keeps the paper's own number, option labels and answer line. */
const inHindi = (number: string, [a, b]: [string, string], answer: string): Block[] => [
  { runs: [number, { text: 'भारत की राजधानी कौन सी है?', font: 'Nirmala UI', csFont: 'Nirmala UI', complexScript: true }] },
  { runs: [a, { text: 'मुंबई', csFont: 'Nirmala UI', complexScript: true }] },
  { runs: [b, { text: 'नई दिल्ली', csFont: 'Nirmala UI', complexScript: true }] },
  answer,
];

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
    ...inVietnamese(4),
    ...inKorean(5),
    ...inHindi('6. ', ['(a) ', '(b) '], 'Ans: b'),
  ],
};

/** The same paper in Vietnamese, with the Vietnamese keywords. */
export const WORD_SAMPLE_VI: DocxContent = {
  body: [
    { runs: [{ text: 'Đề luyện tập lớp 10 (tài liệu mẫu của Testforge)', bold: true }], style: 'Heading1' },
    'Phần: Toán học',
    { runs: ['Câu 1. Rút gọn ', { math: omml.fraction('x²−1', 'x−1') }, ' với ', { text: 'x', italic: true }, ' ≠ 1.'] },
    'A. x − 1',
    'B. x + 1',
    'C. x²',
    'D. 1',
    'Đáp án: B',
    'Lời giải: x² − 1 = (x − 1)(x + 1), nên phân thức bằng x + 1.',
    'Điểm: +4 -1',
    'Độ khó: Dễ',
    'Thẻ: đại số, phân tích đa thức',
    'Câu 2. Trong tam giác vuông dưới đây, hai cạnh góc vuông dài 3 cm và 4 cm. Cạnh huyền dài bao nhiêu xentimét?',
    { runs: [{ picture: triangle, widthPx: 160, heightPx: 120 }] },
    'Đáp án: 5',
    'Câu 3. Những số nào sau đây là số nguyên tố?',
    'A. 2    B. 9    C. 11    D. 15',
    'Đáp án: A, C',
    'Câu 4. Căn bậc hai của 2 xấp xỉ bằng ____ (làm tròn đến hai chữ số thập phân).',
    'Đáp án: 1.41 - 1.42',
    'Câu 5. Mọi hình vuông đều là hình thoi.',
    'Đáp án: Đúng',
    'Phần: Khoa học',
    'Câu 1. Hoàn thành bảng: ở nhiệt độ phòng, mỗi chất ở thể nào?',
    {
      table: [
        ['Chất', 'Thể'],
        ['Nước', '?'],
        ['Khí oxi', '?'],
      ],
    },
    'Loại: Điền khuyết',
    'Đáp án: lỏng; khí',
    'Đoạn văn (Câu 2-3): Cây xanh tự tạo ra chất dinh dưỡng nhờ quang hợp. Cây lấy khí cacbonic và nước, dùng năng lượng ánh sáng mặt trời để tạo ra glucozơ và thải ra khí oxi.',
    'Câu 2. Trong quá trình quang hợp, cây thải ra khí cacbonic.',
    'Đáp án: Sai',
    'Câu 3. Năng lượng cho quá trình quang hợp lấy từ đâu?',
    'A. Đất   *B. Ánh sáng mặt trời   C. Nước   D. Khí oxi',
    'Phần: Ngôn ngữ',
    ...inEnglish(4),
    ...inKorean(5),
    ...inHindi('Câu 6. ', ['A. ', 'B. '], 'Đáp án: B'),
  ],
};

/** The same paper in Korean, with the Korean keywords. */
export const WORD_SAMPLE_KO: DocxContent = {
  body: [
    { runs: [{ text: '고1 연습 시험 (Testforge 예시 문서)', bold: true }], style: 'Heading1' },
    '섹션: 수학',
    { runs: ['문제 1. ', { text: 'x', italic: true }, ' ≠ 1일 때 ', { math: omml.fraction('x²−1', 'x−1') }, '을 간단히 하시오.'] },
    '① x − 1',
    '② x + 1',
    '③ x²',
    '④ 1',
    '정답: ②',
    '해설: x² − 1 = (x − 1)(x + 1)이므로 분수는 x + 1입니다.',
    '배점: +4 -1',
    '난이도: 쉬움',
    '태그: 대수, 인수분해',
    '문제 2. 아래 직각삼각형에서 짧은 두 변의 길이는 3 cm와 4 cm입니다. 가장 긴 변의 길이는 몇 cm입니까?',
    { runs: [{ picture: triangle, widthPx: 160, heightPx: 120 }] },
    '정답: 5',
    '문제 3. 다음 중 소수를 모두 고르시오.',
    '① 2    ② 9    ③ 11    ④ 15',
    '정답: ①, ③',
    '문제 4. 2의 제곱근은 약 ____이다 (소수 둘째 자리까지).',
    '정답: 1.41 - 1.42',
    '문제 5. 모든 정사각형은 마름모이다.',
    '정답: 참',
    '섹션: 과학',
    '문제 1. 표를 완성하시오. 실온에서 각 물질의 상태는 무엇인가?',
    {
      table: [
        ['물질', '상태'],
        ['물', '?'],
        ['산소', '?'],
      ],
    },
    '유형: 빈칸 채우기',
    '정답: 액체; 기체',
    '지문 (2~3번): 식물은 광합성으로 양분을 만든다. 이산화 탄소와 물을 흡수하고, 햇빛의 에너지를 이용해 포도당을 만들며 산소를 내보낸다.',
    '문제 2. 식물은 광합성을 할 때 이산화 탄소를 내보낸다.',
    '정답: 거짓',
    '문제 3. 식물이 광합성에 쓰는 에너지는 어디에서 오는가?',
    '① 흙   *② 햇빛   ③ 물   ④ 산소',
    '섹션: 언어',
    ...inEnglish(4),
    ...inVietnamese(5),
    ...inHindi('문제 6. ', ['① ', '② '], '정답: ②'),
  ],
};

export const WORD_SAMPLES: Record<Language, DocxContent> = { en: WORD_SAMPLE, vi: WORD_SAMPLE_VI, ko: WORD_SAMPLE_KO };

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  for (const [language, content] of Object.entries(WORD_SAMPLES)) {
    const target = path.join(__dirname, '../portal/public', wordSampleUrl(language));
    fs.writeFileSync(target, buildDocx(content));
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  }
}
