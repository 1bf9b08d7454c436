import { buildDocx, omml, type Block, type Para, type Run } from '@tests/support/docx';
import { png } from '@tests/support/pictures';

/**
 * The Word parser benchmark's paper: `count` questions, the five types in turn (multiple choice,
 * true/false, fill in the blanks, integer, a comprehension passage with one question), an
 * equation in every question, a picture every 20 questions, a table inside every 100th, and
 * one group of five in ten each in Vietnamese, Korean and Hindi (Devanagari), with the field words of
 * that language where the parser has them. Written twice from the same content: as numbered
 * text (the text engine) and as one table per question (the table engine).
 */

type Lang = 'en' | 'vi' | 'ko' | 'hi';

interface Words {
  number: (n: number) => string;
  /** The tables engine's first-column label of a question. */
  questionLabel: string;
  answer: string;
  solution: string;
  passage: string;
  passageEnd: string;
  truth: string;
  mcq: (math: Run) => Run[];
  trueFalse: (math: Run) => Run[];
  fill: (math: Run) => Run[];
  integer: (math: Run) => Run[];
  passageText: (math: Run) => Run[][];
  child: string;
  because: string;
}

/** The field words in English; the Hindi paper uses them too, as the parser has no Hindi field words. */
const ENGLISH_FIELDS = {
  number: (n: number) => `${n}. `,
  questionLabel: 'Question',
  answer: 'Ans',
  solution: 'Solution',
  passage: 'Passage',
  passageEnd: 'End of passage',
  truth: 'True',
};

const WORDS: Record<Lang, Words> = {
  en: {
    ...ENGLISH_FIELDS,
    mcq: (m) => ['Simplify the expression ', m, ' for a positive whole number x.'],
    trueFalse: (m) => ['The value of ', m, ' is positive for every x > 0.'],
    fill: (m) => ['The value of ', m, ' at x = 1 is ____.'],
    integer: (m) => ['How many real roots has the equation ', m, ' = 0?'],
    passageText: (m) => [
      ['Read the passage and answer the question. A ball is thrown upwards with a speed of ', m, ' m/s.'],
      ['Take g = 10 m/s² and ignore air resistance.'],
    ],
    child: 'What is the greatest height the ball reaches?',
    because: 'Divide both sides by the common factor, then compare ',
  },
  vi: {
    number: (n) => `Câu ${n}. `,
    questionLabel: 'Câu hỏi',
    answer: 'Đáp án',
    solution: 'Lời giải',
    passage: 'Đoạn văn',
    passageEnd: 'Hết đoạn văn',
    truth: 'Đúng',
    mcq: (m) => ['Rút gọn biểu thức ', m, ' với x là số nguyên dương.'],
    trueFalse: (m) => ['Giá trị của ', m, ' luôn dương với mọi x > 0.'],
    fill: (m) => ['Giá trị của ', m, ' tại x = 1 là ____.'],
    integer: (m) => ['Phương trình ', m, ' = 0 có bao nhiêu nghiệm thực?'],
    passageText: (m) => [
      ['Đọc đoạn văn và trả lời câu hỏi. Một quả bóng được ném thẳng đứng lên trên với vận tốc ', m, ' m/s.'],
      ['Lấy g = 10 m/s² và bỏ qua sức cản của không khí.'],
    ],
    child: 'Độ cao lớn nhất mà quả bóng đạt được là bao nhiêu?',
    because: 'Chia cả hai vế cho thừa số chung rồi so sánh ',
  },
  ko: {
    number: (n) => `문제 ${n}. `,
    questionLabel: '문제',
    answer: '정답',
    solution: '해설',
    passage: '지문',
    passageEnd: '지문 끝',
    truth: 'O',
    mcq: (m) => ['다음 식을 간단히 하시오: ', m, ' (x는 자연수)'],
    trueFalse: (m) => ['모든 x > 0에 대하여 ', m, '의 값은 양수이다.'],
    fill: (m) => ['x = 1일 때 ', m, '의 값은 ____이다.'],
    integer: (m) => ['방정식 ', m, ' = 0의 실근은 몇 개인가?'],
    passageText: (m) => [['다음 글을 읽고 물음에 답하시오. 공을 ', m, ' m/s의 속력으로 위로 던졌다.'], ['중력 가속도는 10 m/s²로 하고 공기 저항은 무시한다.']],
    child: '공이 도달하는 최고 높이는 얼마인가?',
    because: '양변을 공통인수로 나눈 다음 비교하면 ',
  },
  hi: {
    ...ENGLISH_FIELDS,
    mcq: (m) => ['व्यंजक ', m, ' को सरल कीजिए, जहाँ x एक धनात्मक पूर्णांक है।'],
    trueFalse: (m) => ['प्रत्येक x > 0 के लिए ', m, ' का मान धनात्मक है।'],
    fill: (m) => ['x = 1 पर ', m, ' का मान ____ है।'],
    integer: (m) => ['समीकरण ', m, ' = 0 के कितने वास्तविक मूल हैं?'],
    passageText: (m) => [
      ['अनुच्छेद पढ़कर प्रश्न का उत्तर दीजिए। एक गेंद को ', m, ' m/s की चाल से ऊपर की ओर फेंका जाता है।'],
      ['g = 10 m/s² लीजिए और वायु प्रतिरोध की उपेक्षा कीजिए।'],
    ],
    child: 'गेंद द्वारा प्राप्त अधिकतम ऊँचाई कितनी है?',
    because: 'दोनों पक्षों को उभयनिष्ठ गुणनखंड से भाग देकर तुलना कीजिए ',
  },
};

const CIRCLED = '①②③④';

/** One question of the paper, before it is written as text or as a table. */
interface Question {
  n: number;
  words: Words;
  lang: Lang;
  passage: Run[][] | null;
  stem: Run[];
  /** Extra paragraphs of the question: a picture, a table (text engine only: tables do not nest). */
  picture: Run | null;
  table: Block | null;
  options: Run[][];
  answer: string;
  /** A "Type:" line in the question's language, or none. */
  type: [string, string] | null;
  solution: Run[];
  tags: string | null;
}

/** Five questions (the five types) at a time in one language: one group in ten each in Vietnamese, Korean and Hindi. */
const LANG_BY_GROUP: Lang[] = ['en', 'en', 'en', 'vi', 'en', 'en', 'ko', 'en', 'en', 'hi'];
const langOf = (n: number): Lang => LANG_BY_GROUP[Math.floor((n - 1) / 5) % 10];

function questionOf(n: number): Question {
  const lang = langOf(n);
  const words = WORDS[lang];
  const fraction: Run = { math: omml.fraction(`${n}x`, `${(n % 7) + 2}x`) };
  const power: Run = { math: omml.sup('x', `${(n % 4) + 2}`) };
  const root: Run = { math: omml.sqrt(`${n}`) };
  const choice = (i: number): Run[] => (i === 1 ? [root] : [`${((n + i) % 9) + 1}/${(n % 7) + 2}`]);
  const base = {
    n,
    words,
    lang,
    passage: null,
    picture: n % 20 === 1 ? ({ picture: png(32 + (n % 40), 24, [n % 256, 90, 160]), widthPx: 320, heightPx: 240 } as Run) : null,
    table:
      n % 100 === 33
        ? {
            table: [
              ['x', '1', '2', '3'],
              ['f(x)', { runs: [{ math: omml.sup('1', '2') }] }, '4', '9'],
            ],
          }
        : null,
    solution: [words.because, { math: omml.fraction(`${n}`, `${(n % 7) + 2}`) }, '.'],
    tags: n % 7 === 0 ? 'algebra, revision' : null,
    type: null,
  };
  switch ((n - 1) % 5) {
    case 0:
      return { ...base, stem: words.mcq(fraction), options: [0, 1, 2, 3].map(choice), answer: lang === 'ko' ? '②' : 'b' };
    case 1:
      return { ...base, stem: words.trueFalse(power), options: [], answer: words.truth };
    case 2:
      // A range ("4 - 5") in English and Hindi; one value and a "Type:" line after "Đáp án:" / "정답:",
      // where a number followed by "-" reads as the first entry of an answer key (docs/benchmarks.md).
      return {
        ...base,
        stem: words.fill(root),
        options: [],
        ...(lang === 'vi' || lang === 'ko'
          ? { answer: String(n), type: lang === 'vi' ? ['Loại', 'Điền khuyết'] : ['유형', '빈칸'] }
          : { answer: `${Math.floor(Math.sqrt(n))} - ${Math.ceil(Math.sqrt(n))}` }),
      };
    case 3:
      // An integer question keeps only its answer: no solution (the parser warns that it drops one).
      return { ...base, stem: words.integer(power), options: [], answer: String((n % 4) + 2), solution: [] };
    default:
      return { ...base, passage: words.passageText(root), stem: [words.child], options: [0, 1, 2, 3].map(choice), answer: lang === 'ko' ? '②' : 'b' };
  }
}

const optionLabel = (q: Question, i: number) => (q.lang === 'ko' ? `${CIRCLED[i]} ` : `(${'abcd'[i]}) `);
const para = (runs: Run[]): Para => ({ runs });

/** The numbered-text layout: "1. ..." lines, options, "Ans:", "Solution:", "Passage:" ... "End of passage". */
function asText(q: Question): Block[] {
  const blocks: Block[] = [];
  if (q.passage) blocks.push(para([`${q.words.passage}: `, ...q.passage[0]]), ...q.passage.slice(1).map(para));
  blocks.push(para([q.words.number(q.n), ...q.stem]));
  if (q.picture) blocks.push(para([q.picture]));
  if (q.table) blocks.push(q.table);
  blocks.push(...q.options.map((runs, i) => para([optionLabel(q, i), ...runs])));
  if (q.type) blocks.push(`${q.type[0]}: ${q.type[1]}`);
  blocks.push(`${q.words.answer}: ${q.answer}`);
  if (q.solution.length) blocks.push(para([`${q.words.solution}: `, ...q.solution]));
  if (q.tags) blocks.push(`Tags: ${q.tags}`);
  if (q.passage) blocks.push(q.words.passageEnd);
  return blocks;
}

/** The tables layout: a "Passage" table, then one table per question with a row per part. */
function asTable(q: Question): Block[] {
  const blocks: Block[] = [];
  if (q.passage) blocks.push({ table: [[q.words.passage, para(q.passage.flat())]] });
  const rows: (string | Para)[][] = [[q.words.questionLabel, para([...q.stem, ...(q.picture ? [q.picture] : [])])]];
  rows.push(...q.options.map((runs, i) => [optionLabel(q, i).trim(), para(runs)]));
  if (q.type) rows.push(q.type);
  rows.push([q.words.answer, q.answer]);
  if (q.solution.length) rows.push([q.words.solution, para(q.solution)]);
  if (q.tags) rows.push(['Tags', q.tags]);
  blocks.push({ table: rows });
  if (q.passage) blocks.push(q.words.passageEnd);
  return blocks;
}

export interface Paper {
  text: Uint8Array;
  table: Uint8Array;
  /** What the parser should find (questionCount and countsByType). */
  expected: { questionCount: number; countsByType: Record<string, number> };
  pictures: number;
  tables: number;
  languages: Record<Lang, number>;
}

export function wordPaper(count: number): Paper {
  const questions = Array.from({ length: count }, (_, i) => questionOf(i + 1));
  const title = 'Mathematics and physics: practice paper';
  const countsByType: Record<string, number> = {};
  const types = ['multiple_choice', 'true_false', 'fill_ups', 'integer', 'comprehension'];
  for (const q of questions) {
    const type = types[(q.n - 1) % 5];
    countsByType[type] = (countsByType[type] ?? 0) + 1;
    if (type === 'comprehension') countsByType.multiple_choice = (countsByType.multiple_choice ?? 0) + 1;
  }
  const languages = { en: 0, vi: 0, ko: 0, hi: 0 };
  for (const q of questions) languages[q.lang] += 1;
  return {
    text: buildDocx({ body: [title, ...questions.flatMap(asText)] }),
    table: buildDocx({ body: [title, ...questions.flatMap(asTable)] }),
    expected: { questionCount: count, countsByType },
    pictures: questions.filter((q) => q.picture).length,
    tables: questions.filter((q) => q.table).length,
    languages,
  };
}
