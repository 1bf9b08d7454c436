import { OBJECT } from '../content/inlines';

/**
 * How teachers write the parts of a question, in English, Vietnamese and Korean (docs/word-format.md).
 * Every pattern is matched at the start of a paragraph's line (see content/inlines.ts).
 */

/** The words that start a field line ("Ans: b", "Solution: ..."), each followed by ':' '.' '-' or '='. */
export type FieldKind = 'answer' | 'solution' | 'marks' | 'type' | 'difficulty' | 'tags' | 'section' | 'passage';

const SEPARATOR = String.raw`\s*[:：.\-–=]\s*`;
const FIELD_WORDS: [FieldKind, string][] = [
  [
    'answer',
    String.raw`ans(?:wer)?|correct\s+(?:answer|option)|right\s+answer|đáp\s*án(?:\s*đúng)?|정답|답|उत्तर|जवाब|જવાબ|ઉત્તર|参考答案|正确答案(?:是|为)?|答案(?:是|为)?|正解|respuesta(?:\s+correcta)?|r\.(?=\s*[-–])|(?:r|rpta\.?|rta\.?|resp\.?)(?=\s*[:：])|réponse(?:\s+correcte)?|resposta(?:\s+correta)?|jawaban|kunci(?:\s+jawaban)?|ответ|правильный\s+ответ|відповідь|правильна\s+відповідь|cevap|doğru\s+cevap|antwort|lösung|to['’ʻ‘]?g['’ʻ‘]?ri\s+javob|javob|válasz|helyes\s+válasz|odpověď|odpowiedź|răspuns`,
  ],
  [
    'solution',
    String.raw`sol(?:ution)?|explanation|expl?|hint|lời\s*giải|giải\s*thích|hướng\s*dẫn(?:\s*giải)?|해설|풀이|हल|व्याख्या|ઉકેલ|સમજૂતી|解析|解答|解説|explicación|explication|explicação|pembahasan|объяснение|açıklama|erklärung`,
  ],
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
const ANSWER_KEY =
  /^\s*(?:(answer\s*(?:key|sheet)s?|answers|key(?=\s*[:：]?\s*$)|bảng\s*đáp\s*án|정답\s*표|정답지|उत्तर\s*कुंजी|उत्तरमाला|જવાબ\s*કી|ઉત્તરવહી|kunci\s*jawaban|respuestas|réponses|ответы|відповіді|cevap\s*anahtarı|lösungen|risposte|respostas|gabarito|odpowiedzi|antwoorden|javoblar|жауаптар)|đáp\s*án|정답|参考答案|正确答案|答案|解答)\s*[:：]?\s*/i;
/** "1. b", "2-c", "3(a)": an answer-key entry; "4.5" and "4 - 5" are one value, not entries. */
const KEY_ENTRY = /(?:^|[\s,;])\d{1,4}\s*(?:\.(?!\d)|[):\-–=、]|(?=\()|(?=[A-Ha-h①-⑩](?![\p{L}\d])))\s*\S/gu;

export interface FieldMatch {
  kind: FieldKind;
  /** Where the value starts in the line. */
  end: number;
  /** The words as written ("Ans"), for messages. */
  label: string;
  /** For a passage: the question numbers it names, e.g. "(Questions 5-7)". */
  range?: [number, number];
}

/** "정답 ③", "Answer B", "Đáp án C": an answer word and one option, with no colon between; "정답④" (a circled number needs no space). */
const BARE_ANSWER = /^\s*(정답|đáp\s*án|answer|ans\.?)(?:\s+(?=\(?(?:[A-Ha-h①-⑩]|-?\d{1,6}(?:[.,]\d{1,4})?|[ĐDSđs]{2,8})\)?\.?\s*$)|\s*(?=[①-⑩]\s*$))/iu;

/** "[정답] ③", "<Đáp án> B", "【해설】…": an answer or solution word in brackets, the separator optional. */
const BRACKETED =
  /^\s*[[<(【〈《]\s*(정답|답|đáp\s*án|answer|ans|key|해설|풀이|lời\s*giải|hướng\s*dẫn(?:\s*giải)?|solution|explanation)\s*[\]>)】〉》]\s*[:：.\-–=]?\s*/i;

/** "→ Hồ Chí Minh", "=> B": an answer given after an arrow. */
const ARROW_ANSWER = /^\s*(?:→|⇒|=>|->)\s*/;

/**
 * What teachers put before a field's word to make it stand out: emoji, bullets, dashes, stars
 * ("✅ Answer: C", "--정답 2", "• Ans: b"). Arrows are not decoration: an arrow gives an answer.
 */
const DECORATION = /^(?:[\s\p{Extended_Pictographic}\u2022\u25A0-\u25FF\u2600-\u26FF\u2700-\u27BF*\-–—>»]|\uFE0F)+(?=\p{L}|[[<(【〈《])/u;

/** "3 points", "2 marks", "0.5 điểm" alone on a line (as a learning platform's export writes each question's score): its marks. */
const MARKS_ALONE = /^\s*\d{1,3}(?:[.,]\d{1,2})?\s*(?:points?|pts?\.?|marks?|điểm|점)\s*$/i;

export function fieldOf(line: string): FieldMatch | null {
  if (MARKS_ALONE.test(line)) return { kind: 'marks', end: 0, label: '' };
  const decoration = DECORATION.exec(line);
  if (decoration && !ARROW_ANSWER.test(line)) {
    const inner = fieldOf(line.slice(decoration[0].length));
    if (inner && inner.kind !== 'section' && inner.kind !== 'passage') return { ...inner, end: inner.end + decoration[0].length };
  }
  const arrow = ARROW_ANSWER.exec(line);
  if (arrow && line.slice(arrow[0].length).trim()) {
    // "=> Đáp án đúng: A", "→ Answer: C": the field after the arrow is what the line is.
    const inner = fieldOf(line.slice(arrow[0].length));
    if (inner && (inner.kind === 'answer' || inner.kind === 'solution') && !ARROW_ANSWER.test(inner.label))
      return { ...inner, end: inner.end + arrow[0].length };
    return { kind: 'answer', end: arrow[0].length, label: arrow[0].trim() };
  }
  const bare = BARE_ANSWER.exec(line);
  if (bare) return { kind: 'answer', end: bare[0].length, label: bare[1] };
  const bracketed = BRACKETED.exec(line);
  if (bracketed)
    return { kind: /^(정답|답|đáp|answer|ans|key)/i.test(bracketed[1]) ? 'answer' : 'solution', end: bracketed[0].length, label: bracketed[0].trim() };
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

/** "Lời giải", "Solution:", "解析" alone on a line: the heading of a question's worked solution. */
const SOLUTION_HEADING =
  /^\s*(?:solution|explanation|lời\s*giải(?:\s*chi\s*tiết)?|giải\s*thích|hướng\s*dẫn\s*giải|해설|풀이|解析|解説|explicación|explication|explicação|pembahasan|объяснение|решение|açıklama|çözüm|erklärung)\s*[:：.]?\s*$/i;
export const isSolutionHeading = (line: string) => SOLUTION_HEADING.test(line);

/** "Answer key", "Answers", "Đáp án", "정답" alone on a line (or followed by entries): the answer key starts. */
export function answerKeyStart(line: string): number | null {
  const match = ANSWER_KEY.exec(line);
  if (!match) return null;
  const rest = withoutQuestionWords(asciiDigits(line.slice(match[0].length)));
  if (!rest.trim()) return match[0].length;
  // "Đáp án" and "정답" also start a question's own answer ("Đáp án: B", "정답: 4 - 5"): followed
  // by text, they start the key only when it holds entries for two questions or more.
  const entries = rest.match(KEY_ENTRY)?.length ?? 0;
  const explicit = match[1] !== undefined;
  // "Answer Key (for teachers)", "Answers – Part A": a key heading with words of its own.
  if (explicit && /^\s*[([–—-]/.test(rest) && !/\d/.test(rest)) return line.length;
  return /^\s*\d/.test(rest) && entries >= (explicit ? 1 : 2) ? match[0].length : null;
}

const FOLLOWS = `(?=[\\s${OBJECT}]|$)`;
const QUESTION_WORDS = String.raw`q(?:uestion|ues|n)?|câu\s*hỏi|câu|bài|문제|문항|प्रश्न|પ્રશ્ન`;
/** "1." "1)" "2:" "1.-" "[1]" "Q1." "Q.1" "Question 1:" "Câu 1." "Bài 1:" "문제 1." "1번" at the start of a line. */
const QUESTION = new RegExp(
  String.raw`^\s*(?:(?:${QUESTION_WORDS})\s*\.?\s*(?:\d{1,2}\.(?=\d{1,3}(?![\d.,]\d)))?(\d{1,4})\s*[.):：\-–]{0,2}|(\d{1,4})\s*(?:\.\s*[-–]|\.{1,3}|[.]?[):]|、)|(\d{1,4})\s*번\.?|\[(\d{1,4})\])${FOLLOWS}\s*`,
  'i',
);
/** The same written tight against the text: "11.Which", "Câu 3:Tìm", "2)Find", "30.[A]의", "16.「법」상", "19.（ ____ ）是" (a letter, a bracketed label, an opening quote or a blank in brackets follows, so "3.5" stays a number). */
const QUESTION_TIGHT = new RegExp(
  String.raw`^\s*(?:(?:${QUESTION_WORDS})\s*\.?\s*)?(\d{1,4})(?:\.\s*[-–]|[.):：]|\s*、)(?=\p{L}|\[\p{L}{1,2}\]|[「『“‘《〈¿¡][\p{L}\p{N}]|[（(]\s*(?:[_…]|[A-H]\s*[)）]))`,
  'iu',
);

/**
 * A tick box before an option; the checked kinds mark the correct one. Not a box before another:
 * "□□중학교", as "○○", is a name left out of the text, not a tick box.
 */
export const TICK_BOX = /^\s*([☐□◻▢❏❑☑☒■✅](?![☐□◻▢❏❑☑☒■])|\(\s*[✓✔xX]?\s*\)|\[\s*[✓✔xX]?\s*\])\s*/u;
/** A tick box before an option, or a typed bullet ("• Paris"), perhaps starred ("*• Paris"): an option without a letter. */
export const BOX_OR_BULLET = /^\s*\*?\s*([•☐□◻▢❏❑☑☒■✅](?![☐□◻▢❏❑☑☒■])|\(\s*[✓✔xX]?\s*\)|\[\s*[✓✔xX]?\s*\])\s*/u;

/** Options written on the question's own line after its text: a first label after a space, then at least two more in order. */
export function inlineOptions(line: string): OptionLabel[] | null {
  // A blank's options typed as numbers in the line's columns, with no words before them ("1) whose \t\t2) whom \t3) which").
  const first = /^\s*1([.)])[ \u00a0]*(?=\S)/.exec(line);
  const columns = first ? spreadNumbersOf(line, 0, first[1]) : [];
  if (first && columns.length >= 2)
    return [
      { index: 0, style: first[1] === ')' ? 'close' : 'dot', alphabet: -1, marked: false, start: first[0].indexOf('1'), end: first[0].length },
      ...columns,
    ];
  // At the start too: "Question 1: A. house  B. country …" has no words of its own (its block's instruction is its text).
  for (const m of line.matchAll(/(?<=^\s*|\s)[*✓✔✅☑★]?(?:\([aA1]\)|[aA][.)/]|①)/gu)) {
    const labels = optionLabelsOf(line.slice(m.index!), 0).map((l) => ({ ...l, start: l.start + m.index!, end: l.end + m.index! }));
    // Two are enough right after the question asks ("…？ A. yes  B. no"): the question mark or colon ends its text.
    if (labels.length >= 3 || (labels.length === 2 && /[?？؟:：]\s*$/.test(line.slice(0, m.index)))) return labels;
  }
  return null;
}

/** A line that asks, then its options on the same line ("Q: Which…？ A. yes  B. no"). */
export function asksOverInlineOptions(line: string): boolean {
  const inline = inlineOptions(line);
  return !!inline && /[?？؟:：]\s*$/.test(line.slice(0, inline[0].start));
}

/** A line that asks: it ends in a question mark, in any script's form (?, ？, Arabic ؟). */
export const endsAsking = (text: string) => /[?？؟]\s*$/.test(text);

/** A line that asks before its brackets: "… 것은? (단, …) [3점]", "… 않은 것은? (2과)". */
export const asksBeforeBrackets = (text: string) => endsAsking(text.replace(/(?:\s*(?:\([^()]*\)|\[[^[\]]*\]))+\s*$/u, ''));

/** "Q1 – (a), Câu 2: B" in a key: the words before the numbers dropped, so entries read as "1 – (a), 2: B". */
export const withoutQuestionWords = (text: string) => text.replace(/(?<![\p{L}])(?:q(?:uestion|n)?\.?|câu(?:\s*hỏi)?|문제|문항)\s*(?=\d)/giu, '');

/** Devanagari (०-९) and Gujarati (૦-૯) digits as ASCII ones, one for one, so offsets stay the same. */
export const asciiDigits = (text: string) => text.replace(/[\u0966-\u096f\u0ae6-\u0aef]/g, (d) => String((d.charCodeAt(0) - 0x0966) % 0x180));

/** Full-width stops and brackets as ASCII ones ("1．", "A）", "（B）" in Chinese papers), one for one, so offsets stay the same. */
export const asciiPunctuation = (text: string) => text.replace(/[．（）]/g, (c) => ({ '．': '.', '（': '(', '）': ')' })[c]!);

/** The word a question's number stands after ("Bài 2:" gives "bài", "Câu hỏi 1." "câu hỏi"), lower-cased; "" for a number alone. */
export function questionWordOf(line: string): string {
  return new RegExp(String.raw`^\s*(${QUESTION_WORDS})\s*\.?\s*\d`, 'i').exec(line)?.[1].toLowerCase().replace(/\s+/g, ' ') ?? '';
}

export function questionNumberOf(line: string): { number: number; end: number } | null {
  const digits = asciiPunctuation(asciiDigits(line));
  const match = QUESTION.exec(digits);
  if (match) return { number: Number(match[1] ?? match[2] ?? match[3] ?? match[4]), end: match[0].length };
  const tight = QUESTION_TIGHT.exec(digits);
  return tight ? { number: Number(tight[1]), end: tight[0].length } : null;
}

export type OptionStyle = 'paren' | 'close' | 'dot' | 'slash' | 'dash' | 'circled' | 'roman';
export interface OptionLabel {
  /** 0-based: a = 0. */
  index: number;
  style: OptionStyle;
  /** Which alphabet the letters are in (LETTERS; ROMAN for (i) (ii)...). */
  alphabet: number;
  /** Marked correct with a * (or a tick: `tick`) before or after the label. */
  marked: boolean;
  tick?: boolean;
  start: number;
  end: number;
}

/** Option letters: Latin, Devanagari (Hindi papers: क ख ग घ), Gujarati (અ બ ક ડ), circled numbers, ㄱ ㄴ ㄷ (Korean papers) and Cyrillic (а б в г). */
export const LETTERS = ['abcdefgh', 'ABCDEFGH', 'कखगघङचछज', 'અબકડ', '①②③④⑤⑥⑦⑧⑨⑩', 'ㄱㄴㄷㄹㅁㅂㅅㅇ', 'абвгдежз', 'АБВГДЕЖЗ'];
/** (i) (ii) (iii) (iv): an alphabet of its own, after LETTERS. */
export const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii'];
const ROMAN_ALPHABET = LETTERS.length;
const NUMBERED_ALPHABET = LETTERS.length + 1;
/** The circled numbers ①–⑩, as an alphabet of option labels. */
export const CIRCLED = LETTERS[4];
/** ⓵–⓾, the double-circled numbers some papers label options with: the same labels as ①–⑩. */
export const DOUBLE_CIRCLED = '⓵⓶⓷⓸⓹⓺⓻⓼⓽⓾';
/** A double-circled number as its circled one (one UTF-16 unit for one, offsets stay). */
export const asCircled = (text: string) => text.replace(/[⓵-⓾]/gu, (c) => CIRCLED[DOUBLE_CIRCLED.indexOf(c)]);
/** List formats that label options: letters, and the circled numbers of Korean papers (①②③, in Word and in Hangul). */
export const LETTER_FORMATS = new Set(['lowerLetter', 'upperLetter', 'decimalEnclosedCircle']);
const WRITTEN_LETTERS = [...LETTERS.slice(0, 4), ...LETTERS.slice(5)].join('');
const ROMAN_WRITTEN = String.raw`viii|vii|vi|iv|v|iii|ii|i`;
const labelPattern = (follows: string) =>
  new RegExp(
    String.raw`([*✓✔✅☑★]?)[ \t]*(?:\(([${WRITTEN_LETTERS}])\)|([${WRITTEN_LETTERS}])(\)\.?|[./]|[ \t]?[-–](?=[ \t]))|([${CIRCLED}${DOUBLE_CIRCLED}])|\((${ROMAN_WRITTEN})\)|(${ROMAN_WRITTEN})([.)])|\(([1-8])\))[ \t]*([*✓✔✅☑★]?)${follows}\s*`,
    'y',
  );
const LABEL = labelPattern(FOLLOWS);
/** A label written against its text: "(a)3", "A.5" (only where the next option's letter is expected). */
const LABEL_TIGHT = labelPattern(`(?=[^\\s.,)/])`);
const alphabetOf = (letter: string) => LETTERS.findIndex((set) => set.includes(letter));

function labelAt(line: string, at: number, tight = false): OptionLabel | null {
  const pattern = tight ? LABEL_TIGHT : LABEL;
  pattern.lastIndex = at;
  const m = pattern.exec(line);
  if (!m) return null;
  const marked = !!(m[1] || m[10]);
  // Where the label stands and how it is marked, whatever its style.
  const place = { marked, tick: marked && m[1] !== '*' && m[10] !== '*', start: at, end: at + m[0].length };
  // (1) (2) (3) (4): options numbered in brackets, as Indian entrance papers write them.
  if (m[9]) return { index: Number(m[9]) - 1, style: 'paren', alphabet: NUMBERED_ALPHABET, ...place };
  const roman = m[6] ?? m[7];
  if (roman) return { index: ROMAN.indexOf(roman), style: 'roman', alphabet: ROMAN_ALPHABET, ...place };
  const letter = m[2] ?? m[3] ?? (m[5] && asCircled(m[5]));
  const alphabet = alphabetOf(letter);
  const close = m[4];
  return {
    index: LETTERS[alphabet].indexOf(letter),
    style: m[5] ? 'circled' : m[2] ? 'paren' : close?.startsWith(')') ? 'close' : close === '/' ? 'slash' : /[-–]/.test(close ?? '') ? 'dash' : 'dot',
    alphabet,
    ...place,
  };
}

/**
 * The options a line starts with: "(a) 2   (b) 4" gives two. Only a line that starts with a label
 * holds options, and only the next letter in the same style splits it further, so "a. 5 m/s" or
 * a sentence with "(b)" in it stays one option. `expected` is the index of the option that would
 * come next: a label written tight against its text ("A.5") counts only when it is that one.
 */
export function optionLabelsOf(written: string, expected: number | null = null): OptionLabel[] {
  const line = asciiPunctuation(written);
  const leading = line.length - line.trimStart().length;
  let firstLabel = labelAt(line, leading);
  if (!firstLabel) {
    const tight = labelAt(line, leading, true);
    if (tight && (tight.style === 'paren' || tight.style === 'circled' || tight.index === expected || tight.index === 0)) firstLabel = tight;
  }
  if (!firstLabel) return [];
  const labels = [firstLabel];
  for (let search = firstLabel.end; search < line.length;) {
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
  const roman = previous.alphabet === ROMAN_ALPHABET;
  const letter = roman
    ? ROMAN[index]
    : previous.alphabet === NUMBERED_ALPHABET
      ? index < 8
        ? String(index + 1)
        : undefined
      : LETTERS[previous.alphabet][index];
  if (!letter) return null;
  // Roman numerals keep the closing the first one had: "i. Truth  ii. Evidence", "i) … ii) …".
  const romanClosing = roman && line.slice(previous.start, previous.end).includes('.') ? '.' : ')';
  const closing = { paren: '', close: ')', dot: '.', slash: '/', dash: ' -', circled: '', roman: romanClosing }[previous.style];
  const written =
    previous.style === 'circled' ? letter : previous.style === 'paren' || (roman && line.includes(`(${letter})`, from)) ? `(${letter})` : `${letter}${closing}`;
  // A circled label may be written double-circled (⓶), as the paper's first was or not.
  const searched = previous.style === 'circled' ? asCircled(line) : line;
  for (let at = searched.indexOf(written, from); at >= 0; at = searched.indexOf(written, at + 1)) {
    // Must stand apart: after white space (a * may come first); a circled number is a label wherever it stands ("ㄱ, ㄴ② ㄱ, ㄷ").
    const before = line.slice(0, at).replace(/[*✓✔✅☑★]$/u, '');
    if (!/\s$/.test(before) && previous.style !== 'circled') continue;
    const label = labelAt(line, before.length) ?? labelAt(line, before.length, true);
    if (label && label.index === index && label.style === previous.style && label.alphabet === previous.alphabet)
      return { ...label, start: before.trimEnd().length };
  }
  return null;
}

export const optionLetter = (index: number) => String.fromCharCode(97 + index);

/**
 * Options set in columns ("a. Lemah\t\tc. Janji\t\te. Tegas" over "b. Jujur\t\td. Sabar"): labels
 * standing after a tab or a wide gap further along the line, their letters rising (not always by
 * one), in one alphabet and style. The question puts its options back in order when it closes.
 */
export function spreadLabelsOf(line: string, from: number, previous: number, alphabet?: number, style?: OptionStyle): OptionLabel[] {
  const found: OptionLabel[] = [];
  // Each gap is taken whole (no look-ahead): a line of 40,000 blanks is one match, not 40,000 tries.
  for (const gap of line.matchAll(/[\t \u00a0]+/g)) {
    const at = gap.index! + gap[0].length;
    // A single space is a word's end, not a column's; a gap at the end of the line starts nothing.
    if (at <= from || at >= line.length || !/\t|[ \u00a0]{2}/.test(gap[0])) continue;
    const label = labelAt(line, at);
    if (!label || label.index <= (found.at(-1)?.index ?? previous)) continue;
    // Latin letters count in either case: "a. … b. … c. … D. …" is a typing slip, not another list.
    const sameAlphabet = alphabet === undefined || label.alphabet === alphabet || (alphabet <= 1 && label.alphabet <= 1);
    if (!sameAlphabet || (style !== undefined && label.style !== style)) continue;
    found.push(label);
  }
  return found;
}

/**
 * Numbers typed in the columns of a line after an option Word numbers ("1) yes\t2) no\t3) maybe"): the next
 * options, each after a tab or two blanks, counting on from `previous` (0-based) with the same closing.
 */
export function spreadNumbersOf(line: string, previous: number, closing: string): OptionLabel[] {
  const found: OptionLabel[] = [];
  for (const gap of line.matchAll(/(?:\t|[ \u00a0]{2})[\t \u00a0]*(\d{1,2})([.)])[ \u00a0]*/g)) {
    if (Number(gap[1]) !== (found.at(-1)?.index ?? previous) + 2 || gap[2] !== closing) continue;
    const start = gap.index! + gap[0].search(/\d/);
    found.push({ index: Number(gap[1]) - 1, style: closing === ')' ? 'close' : 'dot', alphabet: -1, marked: false, start, end: gap.index! + gap[0].length });
  }
  return found;
}

/**
 * The labels that carry on a list after a first option whose label is not typed (Word's own "A."):
 * "ぃゅね B. ねぬもす C. ぁよぬろ D. ゑへひやく" holds B, C and D after one space each.
 */
export function followingLabelsOf(line: string, previous: Pick<OptionLabel, 'index' | 'alphabet' | 'style'>): OptionLabel[] {
  const found: OptionLabel[] = [];
  let last: OptionLabel = { ...previous, marked: false, start: 0, end: 0 };
  for (let next = nextLabel(line, 0, last); next; next = nextLabel(line, last.end, last)) {
    found.push(next);
    last = next;
  }
  return found;
}

/** A statement led by the words "True or False" in one of the paper's languages ("True or False?:", "Đúng / Sai:", "Vrai ou faux :"): its type. */
export const TRUE_FALSE_LABEL =
  /^\s*(?:true\s*(?:or|\/|-)\s*false|t\s*\/\s*f|đúng\s*(?:hay|hoặc|\/|-)\s*sai|vrai\s*ou\s*faux|verdadero\s*(?:o|\/)\s*falso|richtig\s*oder\s*falsch|верно\s*или\s*неверно|правда\s*или\s*ложь|benar\s*(?:atau|\/)\s*salah|doğru\s*(?:mu|\/|-|veya)\s*yanlış|참\s*\/?\s*거짓|判断题?|正误)\s*[?？؟]?\s*[:：.)\]]/i;
