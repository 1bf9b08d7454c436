import { OBJECT } from '../content/inlines';

/**
 * How teachers write the parts of a question, in English, Vietnamese and Korean (docs/word-format.md).
 * Every pattern is matched at the start of a paragraph's line (see content/inlines.ts).
 */

/** The words that start a field line ("Ans: b", "Solution: ..."), each followed by ':' '.' '-' or '='. */
export type FieldKind = 'answer' | 'solution' | 'marks' | 'type' | 'difficulty' | 'tags' | 'section' | 'passage';

const SEPARATOR = String.raw`\s*[:：.\-–=]\s*`;
const FIELD_WORDS: [FieldKind, string][] = [
  ['answer', String.raw`ans(?:wer)?|correct\s+(?:answer|option)|right\s+answer|đáp\s*án(?:\s*đúng)?|정답|답|उत्तर|जवाब|જવાબ|ઉત્તર`],
  ['solution', String.raw`sol(?:ution)?|explanation|expl?|hint|lời\s*giải|giải\s*thích|hướng\s*dẫn(?:\s*giải)?|해설|풀이|हल|व्याख्या|ઉકેલ|સમજૂતી`],
  ['marks', String.raw`marks?|score|points?|điểm|배점|अंक|ગુણ`],
  ['type', String.raw`(?:question\s+)?type|loại(?:\s*câu\s*hỏi)?|유형`],
  ['difficulty', String.raw`difficulty(?:\s+level)?|level|độ\s*khó|난이도`],
  ['tags', String.raw`tags?|topics?|thẻ|chủ\s*đề|태그`],
];
const FIELD = new RegExp(String.raw`^\s*(${FIELD_WORDS.map(([, words]) => `(${words})`).join('|')})${SEPARATOR}`, 'i');
/** Section and passage lines need a colon: "Section: Physics", "Passage (Questions 5-7): ...". */
const SECTION = /^\s*(?:section|phần|섹션|영역|खंड|વિભાગ)\s*[:：]\s*/i;
const PASSAGE = /^\s*(?:passage|comprehension|paragraph|đoạn\s*văn|bài\s*đọc|지문|गद्यांश|ગદ્યાંશ)\s*(\([^)]*\))?\s*[:：]\s*/i;
const PASSAGE_END = /^\s*(?:end\s+(?:of\s+)?(?:the\s+)?(?:passage|comprehension)|hết\s*đoạn\s*văn|지문\s*끝)\s*[.:]?\s*$/i;
const ANSWER_KEY = /^\s*(?:(answer\s*(?:key|sheet)s?|answers|bảng\s*đáp\s*án|정답\s*표|정답지|उत्तर\s*कुंजी|उत्तरमाला|જવાબ\s*કી|ઉત્તરવહી)|đáp\s*án|정답)\s*[:：]?\s*/i;
/** "1. b", "2-c", "3(a)": an answer-key entry; "4.5" and "4 - 5" are one value, not entries. */
const KEY_ENTRY = /(?:^|[\s,;])\d{1,4}\s*(?:\.(?!\d)|[):\-–=]|(?=\())\s*\S/g;

export interface FieldMatch {
  kind: FieldKind;
  /** Where the value starts in the line. */
  end: number;
  /** The words as written ("Ans"), for messages. */
  label: string;
  /** For a passage: the question numbers it names, e.g. "(Questions 5-7)". */
  range?: [number, number];
}

export function fieldOf(line: string): FieldMatch | null {
  const section = SECTION.exec(line);
  if (section) return { kind: 'section', end: section[0].length, label: section[0].trim() };
  const passage = PASSAGE.exec(line);
  if (passage) {
    const numbers = /(\d+)\s*(?:-|–|to|~|đến)\s*(\d+)/i.exec(passage[1] ?? '');
    return { kind: 'passage', end: passage[0].length, label: passage[0].trim(), range: numbers ? [Number(numbers[1]), Number(numbers[2])] : undefined };
  }
  const field = FIELD.exec(line);
  if (!field) return null;
  const index = FIELD_WORDS.findIndex((_, i) => field[i + 2] !== undefined);
  return { kind: FIELD_WORDS[index][0], end: field[0].length, label: field[1] };
}

export const isPassageEnd = (line: string) => PASSAGE_END.test(line);

/** "Answer key", "Answers", "Đáp án", "정답" alone on a line (or followed by entries): the answer key starts. */
export function answerKeyStart(line: string): number | null {
  const match = ANSWER_KEY.exec(line);
  if (!match) return null;
  const rest = asciiDigits(line.slice(match[0].length));
  if (!rest.trim()) return match[0].length;
  // "Đáp án" and "정답" also start a question's own answer ("Đáp án: B", "정답: 4 - 5"): followed
  // by text, they start the key only when it holds entries for two questions or more.
  const entries = rest.match(KEY_ENTRY)?.length ?? 0;
  const explicit = match[1] !== undefined;
  return /^\s*\d/.test(rest) && entries >= (explicit ? 1 : 2) ? match[0].length : null;
}

const FOLLOWS = `(?=[\\s${OBJECT}]|$)`;
/** "1." "1)" "Q1." "Q.1" "Question 1:" "Câu 1." "Bài 1:" "문제 1." "1번" at the start of a line. */
const QUESTION = new RegExp(
  String.raw`^\s*(?:(?:q(?:uestion|ues|n)?|câu|bài|문제|प्रश्न|પ્રશ્ન)\s*\.?\s*(\d{1,4})\s*[.):：\-–]?|(\d{1,4})\s*[.)]|(\d{1,4})\s*번\.?)${FOLLOWS}\s*`,
  'i',
);

/** Devanagari (०-९) and Gujarati (૦-૯) digits as ASCII ones, one for one, so offsets stay the same. */
export const asciiDigits = (text: string) => text.replace(/[\u0966-\u096f\u0ae6-\u0aef]/g, (d) => String((d.charCodeAt(0) - 0x0966) % 0x180));

export function questionNumberOf(line: string): { number: number; end: number } | null {
  const match = QUESTION.exec(asciiDigits(line));
  if (!match) return null;
  return { number: Number(match[1] ?? match[2] ?? match[3]), end: match[0].length };
}

export type OptionStyle = 'paren' | 'close' | 'dot' | 'circled';
export interface OptionLabel {
  /** 0-based: a = 0. */
  index: number;
  style: OptionStyle;
  /** Which alphabet the letters are in (LETTERS). */
  alphabet: number;
  /** Marked correct with a * before or after the label. */
  marked: boolean;
  start: number;
  end: number;
}

/** Option letters: Latin, Devanagari (Hindi papers: क ख ग घ), Gujarati (અ બ ક ડ), and circled numbers (Korean papers). */
export const LETTERS = ['abcdefgh', 'ABCDEFGH', 'कखगघङचछज', 'અબકડ', '①②③④⑤⑥⑦⑧⑨⑩'];
const CIRCLED = LETTERS[4];
const WRITTEN_LETTERS = LETTERS.slice(0, 4).join('');
const LABEL = new RegExp(String.raw`(\*?)[ \t]*(?:\(([${WRITTEN_LETTERS}])\)|([${WRITTEN_LETTERS}])([.)])|([${CIRCLED}]))[ \t]*(\*?)${FOLLOWS}\s*`, 'y');
const alphabetOf = (letter: string) => LETTERS.findIndex((set) => set.includes(letter));

function labelAt(line: string, at: number): OptionLabel | null {
  LABEL.lastIndex = at;
  const m = LABEL.exec(line);
  if (!m) return null;
  const letter = m[2] ?? m[3] ?? m[5];
  const alphabet = alphabetOf(letter);
  return {
    index: LETTERS[alphabet].indexOf(letter),
    style: m[5] ? 'circled' : m[2] ? 'paren' : m[4] === ')' ? 'close' : 'dot',
    alphabet,
    marked: m[1] === '*' || m[6] === '*',
    start: at,
    end: at + m[0].length,
  };
}

/**
 * The options a line starts with: "(a) 2   (b) 4" gives two. Only a line that starts with a label
 * holds options, and only the next letter in the same style splits it further, so "a. 5 m/s" or
 * a sentence with "(b)" in it stays one option.
 */
export function optionLabelsOf(line: string): OptionLabel[] {
  const leading = line.length - line.trimStart().length;
  const firstLabel = labelAt(line, leading);
  if (!firstLabel) return [];
  const labels = [firstLabel];
  for (let search = firstLabel.end; search < line.length; ) {
    const previous = labels[labels.length - 1];
    const found = nextLabel(line, search, previous);
    if (!found) break;
    labels.push(found);
    search = found.end;
  }
  return labels;
}

function nextLabel(line: string, from: number, previous: OptionLabel): OptionLabel | null {
  const index = previous.index + 1;
  const letter = LETTERS[previous.alphabet][index];
  if (!letter) return null;
  const written = previous.style === 'circled' ? letter : previous.style === 'paren' ? `(${letter})` : `${letter}${previous.style === 'close' ? ')' : '.'}`;
  for (let at = line.indexOf(written, from); at >= 0; at = line.indexOf(written, at + 1)) {
    // Must stand apart: after white space (a * may come first).
    const before = line.slice(0, at).replace(/\*$/, '');
    if (!/\s$/.test(before)) continue;
    const label = labelAt(line, before.length);
    if (label && label.index === index && label.style === previous.style && label.alphabet === previous.alphabet) return { ...label, start: before.trimEnd().length };
  }
  return null;
}

export const optionLetter = (index: number) => String.fromCharCode(97 + index);
