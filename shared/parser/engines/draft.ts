import { isBlankHtml, htmlText } from '../../domain/test/html';
import { LIMITS } from '../../domain/test/defaults';
import type { DifficultyLevel } from '../../domain/test/types';
import { paragraphsHtml } from '../content/inlines';
import type { Inline, Paragraph } from '../docx/document';
import { problemAt } from '../problems';
import type { AnswerRule, ParsedChildQuestion, ParsedComprehension, ParsedFillUpsQuestion, Problem } from '../types';
import { blankAnswers, choiceAnswer, integerAnswer, typedIntegerAnswer, marksOf, trueFalseAnswer, yesNoAnswer } from './answers';
import { CIRCLED, optionLetter, TRUE_FALSE_LABEL, endsAsking } from './patterns';
import { answerFromLooks, withoutLook, type OptionLook } from './formatMarks';

/**
 * A question as an engine collects it from the document (HTML pieces and field values with the
 * paragraphs they came from), and how it becomes a question of the test or problems. Both
 * engines share this, so a question means the same whichever layout it was written in.
 */

export interface FieldValue {
  text: string;
  paragraph: Paragraph;
}
export interface OptionDraft {
  index: number;
  html: string[];
  /** Marked correct where it stands: * before its letter, a tick beside it, a mark in a table's column, a circle drawn round it. */
  marked: boolean;
  markedBy?: 'asterisk' | 'tick' | 'tableMark' | 'circle' | 'sign' | 'answerColumn';
  /** How it looks (bold, colour...), when the engine read it from runs. */
  look?: OptionLook;
  paragraph: Paragraph;
  /** The label as written ("(a)"), to put it back into the text when it was not an option after all. */
  written: string;
}
export interface QuestionDraft {
  /** The number as written (or as Word's numbering shows it); null when unnumbered (table engine). */
  number: number | null;
  /** How messages name it: its number, or its place. */
  label: string;
  paragraph: Paragraph;
  /** The index of the last paragraph read into it (a paragraph that cannot be read leaves it out). */
  last: number;
  /** The number of the last numbered line read into its text as a list ("Consider the statements: 1. … 2. …"); 0: none. */
  statements: number;
  /** Items of Word lists (bullets, sub-levels) in its text: its options, when it has no lettered ones. */
  listItems: { at: number; paragraph: Paragraph; inlines: Paragraph['inlines']; written: string }[];
  stem: string[];
  /** The instruction or heading it stands under ("PHẦN II … chọn đúng hoặc sai"): what kind of part it is in. */
  context?: string;
  /** The last line of its text as read (inlines): option A may hide at its end when B–D follow as a list. */
  tail?: Inline[];
  options: OptionDraft[];
  answer: FieldValue | null;
  /** From the answer key at the end of the document. */
  keyAnswer: FieldValue | null;
  solution: string[];
  solutionParagraph: Paragraph | null;
  marks: FieldValue | null;
  type: FieldValue | null;
  difficulty: FieldValue | null;
  tags: string[];
}
export interface PassageDraft {
  paragraph: Paragraph;
  html: string[];
  /** "Passage (Questions 5-7):" names its questions; otherwise they run to "End of passage". */
  range: [number, number] | null;
  /**
   * Its first paragraph holds text to read (the questions' numbered blanks "(17) ______", or the
   * text after its range and a colon): a passage even when it is that one paragraph.
   */
  ownText?: boolean;
  children: QuestionDraft[];
  difficulty: FieldValue | null;
  tags: string[];
}

export function newQuestion(paragraph: Paragraph, number: number | null, label: string): QuestionDraft {
  return {
    number,
    label,
    paragraph,
    last: paragraph.index,
    statements: 0,
    listItems: [],
    stem: [],
    options: [],
    answer: null,
    keyAnswer: null,
    solution: [],
    solutionParagraph: null,
    marks: null,
    type: null,
    difficulty: null,
    tags: [],
  };
}
export function newPassage(paragraph: Paragraph, range: [number, number] | null): PassageDraft {
  return { paragraph, html: [], range, children: [], difficulty: null, tags: [] };
}

type TypeName = ParsedChildQuestion['type'] | 'comprehension';
const TYPE_NAMES: [TypeName, RegExp][] = [
  ['true_false', /^(true\s*[/-]?\s*false|t\s*\/\s*f|tf|đúng\s*[/-]?\s*sai|o\s*\/?\s*x|참\s*\/?\s*거짓)$/i],
  ['multiple_choice', /^(mcq|multiple[\s-]*choice|single[\s-]*choice|multiple[\s-]*correct|objective|trắc\s*nghiệm|객관식|선택형)$/i],
  ['fill_ups', /^(fill[\s-]*(in[\s-]*the[\s-]*)?(blanks?|ups?)|fill|blanks?|điền\s*khuyết|điền\s*vào\s*chỗ\s*trống|빈칸(\s*채우기)?|단답형)$/i],
  ['integer', /^(integer|numerical|number|số\s*nguyên|정수(형)?)$/i],
  ['comprehension', /^(comprehension|passage|đọc\s*hiểu|지문)$/i],
];
const DIFFICULTIES: [DifficultyLevel, RegExp][] = [
  // Vietnamese papers tag questions by level: NB (nhận biết), TH (thông hiểu), VD (vận dụng), VDC (vận dụng cao).
  ['easy', /^(easy|e|low|dễ|쉬움|하|nb|nhận\s*biết|biết)$/i],
  ['medium', /^(medium|moderate|average|m|trung\s*bình|보통|중|th|thông\s*hiểu|hiểu)$/i],
  ['hard', /^(hard|difficult|h|high|khó|어려움|상|vd|vdc|vận\s*dụng(\s*cao)?)$/i],
];
const named = <T>(table: [T, RegExp][], text: string): T | null => table.find(([, pattern]) => pattern.test(text.trim().replace(/[.。]$/, '')))?.[0] ?? null;

export const splitTags = (text: string) =>
  text
    .split(/[,;，、]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** Difficulty and tags, shared by questions and passages. */
function common(draft: Pick<QuestionDraft, 'difficulty' | 'tags' | 'label'>, problems: Problem[]) {
  const out: { difficultyLevel?: DifficultyLevel; tags?: string[] } = {};
  if (draft.difficulty) {
    const level = named(DIFFICULTIES, draft.difficulty.text);
    if (level) out.difficultyLevel = level;
    else problems.push(problemAt(draft.difficulty.paragraph, 'unknownDifficulty', { question: draft.label, value: draft.difficulty.text.trim() }));
  }
  if (draft.tags.length) out.tags = [...new Set(draft.tags)].slice(0, LIMITS.tagsPerQuestion);
  return out;
}

/** A stem that asks for more than one answer: then several marked options are its answers, not a doubt. */
const SEVERAL =
  /\b(?:choose|select|pick|mark|circle|tick)\s+(?:all|two|three|2|3)\b|all that apply|which two|which three|more than one|chọn\s+(?:\d|hai|ba|các)|nhiều\s+(?:đáp án|phương án)|모두\s*고르|두\s*개|세\s*개/i;
const asksForSeveral = (stemHtml: string) => SEVERAL.test(htmlText(stemHtml));

/** A question of the test, or null with the problems that stop it. */
/**
 * An answer as written, with the words teachers put before it dropped ("Chọn B", "Đáp án đúng là C",
 * "Correct answer is (b)"); a blank for students to fill ("Answer: ______") is no answer at all.
 */
function answerOf(draft: QuestionDraft): FieldValue | null {
  const written = draft.answer ?? draft.keyAnswer;
  if (!written) return null;
  let text = written.text;
  for (let i = 0; i < 3; i++)
    // Whole words only: "Isaac", "làm", "Answering" keep their letters.
    text = text.replace(
      /^\s*(?:chọn|đáp\s*án(?:\s*đúng)?|answer|ans|correct\s+(?:answer|option)|the\s+answer|정답|답|là|is)(?![\p{L}\p{N}])\s*[:：.\-–]?\s*/iu,
      '',
    );
  // A line left for the pupil ("______", "________ cm") is no answer.
  if (/[_…]{3}|\.{4}/.test(text) && !/\d/.test(text.replace(/[_.…]{3,}/g, '')) && text.replace(/[_.…]{3,}/g, '').trim().length <= 8)
    return draft.answer && draft.keyAnswer ? answerOf({ ...draft, answer: null }) : null;
  const value = { ...written, text };
  if (written === draft.answer) draft.answer = value;
  else draft.keyAnswer = value;
  return value;
}

export function buildQuestion(
  draft: QuestionDraft,
  problems: Problem[],
  unreadable: ReadonlySet<number> = new Set(),
  paperMark: AnswerRule | null = null,
): ParsedChildQuestion | null {
  // A paragraph that cannot be read (a legacy font) leaves its question out; the problem is at that paragraph.
  for (let i = draft.paragraph.index; i <= draft.last; i++) if (unreadable.has(i)) return null;
  const before = problems.filter((p) => p.severity === 'error').length;
  const q = draft.label;
  const error = (paragraph: Paragraph, code: Parameters<typeof problemAt>[1], params: Record<string, string | number> = {}) =>
    problems.push(problemAt(paragraph, code, { question: q, ...params }));
  const name = paragraphsHtml(draft.stem);
  if (isBlankHtml(name)) error(draft.paragraph, 'emptyQuestion');
  let typeName: TypeName | null = null;
  if (draft.type) {
    typeName = named(TYPE_NAMES, draft.type.text);
    if (!typeName || typeName === 'comprehension') error(draft.type.paragraph, 'unknownTypeName', { value: draft.type.text.trim() });
  }
  // "A. 11" alone under a question of a short-answer part, as paper-shuffling tools ask for it: its one option is its answer.
  const written = answerOf(draft);
  const lone = typeName === null && draft.options.length === 1 && !written && SHORT_ANSWER_PART.test(draft.context ?? '') ? draft.options.pop()! : null;
  const answer = lone ? { text: htmlText(paragraphsHtml(lone.html)), paragraph: lone.paragraph } : written;
  const base = { name, docParagraph: draft.paragraph.index + 1, solution: paragraphsHtml(draft.solution), ...common(draft, problems) } as ParsedChildQuestion;
  if (draft.marks) {
    const marks = marksOf(draft.marks.text);
    if (marks) Object.assign(base, { marks, isNegativeMarkingEnabled: marks.negative > 0 });
    else error(draft.marks.paragraph, 'marksUnreadable', { value: draft.marks.text.trim() });
  }

  let question: ParsedChildQuestion | null = null;
  // "Which underlined part is wrong? … ① naq … ② …": marks inside the question's text are its options.
  if (draft.options.length === 0 && (typeName === null || typeName === 'multiple_choice')) draft.options = marksInText(draft, htmlText(name));
  if (draft.options.length > 0) {
    if (typeName === 'fill_ups' || typeName === 'integer') {
      error(draft.type!.paragraph, 'optionsNotAllowed', { type: draft.type!.text.trim() });
    } else {
      question = choiceQuestion(draft, base, typeName, answer, error, problems, paperMark);
    }
  } else if (typeName === 'multiple_choice') {
    error(draft.paragraph, 'tooFewOptions');
  } else if (!answer && typeName === null && (TRUE_FALSE_LABEL.test(htmlText(name)) || asksTrueFalseOf(draft.context ?? '', draft.number))) {
    // "True or False?: The Sun is a star." with no answer: a true/false question whose answer is still to be marked.
    problems.push(problemAt(draft.paragraph, 'answerNotMarked', { question: q }));
    question = {
      ...base,
      answerFrom: 'none',
      type: 'true_false',
      options: [
        { name: 'True', isCorrect: false },
        { name: 'False', isCorrect: false },
      ],
    } as ParsedChildQuestion;
  } else if (!answer && (typeName === null || typeName === 'fill_ups' || typeName === 'integer') && SHORT_ANSWER_PART.test(unspaced(draft.context ?? ''))) {
    // A short answer in a part that says so ("단답형", "Short answer"), its answer not given: uploaded with the answer unset;
    // a number to find in a maths question ("…의 값을 구하시오" over equations) is an integer question.
    problems.push(problemAt(draft.paragraph, 'answerNotGiven', { question: q }));
    const integer = typeName === 'integer' || (typeName === null && /\$[^$]+\$/.test(htmlText(name)));
    question = (
      integer ? { ...base, answerFrom: 'none', type: 'integer', solution: '' } : { ...base, answerFrom: 'none', type: 'fill_ups', options: [] }
    ) as ParsedChildQuestion;
  } else if (!answer) {
    error(draft.paragraph, typeName ? 'noCorrectAnswer' : 'unknownType');
  } else {
    question = answeredQuestion(draft, base, typeName, answer, error, problems);
  }
  return problems.filter((p) => p.severity === 'error').length === before ? question : null;
}

/**
 * The look a paper marks its answers with (highlight, bold, colour…): the one that alone marks a
 * single option in three questions or more, and in most of the questions a look marks at all.
 */
export function paperMarkOf(drafts: QuestionDraft[]): AnswerRule | null {
  const counts = new Map<AnswerRule, number>();
  let marked = 0;
  for (const draft of drafts) {
    if (draft.answer || draft.options.length < 2 || !draft.options.every((o) => o.look)) continue;
    const looks = answerFromLooks(draft.options.map((o) => o.look!));
    if (!looks || looks.ambiguous) continue;
    marked += 1;
    counts.set(looks.rule, (counts.get(looks.rule) ?? 0) + 1);
  }
  const [rule, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return rule !== null && count >= 3 && count * 2 > marked ? rule : null;
}

type Report = (paragraph: Paragraph, code: Parameters<typeof problemAt>[1], params?: Record<string, string | number>) => void;

function choiceQuestion(
  draft: QuestionDraft,
  base: ParsedChildQuestion,
  typeName: TypeName | null,
  answer: FieldValue | null,
  error: Report,
  problems: Problem[],
  paperMark: AnswerRule | null = null,
): ParsedChildQuestion | null {
  // A circle on a line of several options cannot tell which of them it is round: it marks none.
  const shared = (o: OptionDraft) => draft.options.some((other) => other !== o && other.paragraph === o.paragraph);
  const options = draft.options.map((o) => ({
    ...o,
    ...(o.markedBy === 'circle' && shared(o) ? { marked: false, markedBy: undefined } : {}),
    name: paragraphsHtml(o.html),
  }));
  // Labels left empty below the last option with words ("e)" with nothing after it), unmarked, two options or more before them: left out, noted.
  while (options.length > 2 && isBlankHtml(options.at(-1)!.name) && !options.at(-1)!.marked && options.slice(0, -1).some((o) => !isBlankHtml(o.name))) {
    const dropped = options.pop()!;
    if (options.every((o) => !isBlankHtml(o.name)))
      problems.push(problemAt(dropped.paragraph, 'emptyOptionDropped', { question: draft.label, option: optionLetter(dropped.index) }));
  }
  for (const o of options) if (isBlankHtml(o.name)) error(o.paragraph, 'emptyOption', { option: optionLetter(o.index) });
  // Two options True and False make a true/false question; Yes and No do when the stem states something (a "…?" asks, and stays a choice).
  const truthOptions = options.length === 2 && options.every((o) => trueFalseAnswer(htmlText(o.name)) !== null);
  const yesNo = options.length === 2 && options.every((o) => yesNoAnswer(htmlText(o.name)) !== null) && !endsAsking(htmlText(base.name).trim());
  const trueFalse = typeName === 'true_false' || (typeName === null && (truthOptions || yesNo));
  const max = trueFalse ? 2 : LIMITS.optionsPerQuestion;
  if (options.length > max) error(draft.paragraph, 'tooManyOptions', { count: options.length, max });
  else if (options.length < 2) error(draft.paragraph, 'tooFewOptions');
  let correct: number[] | null = null;
  let answerFrom: AnswerRule = 'none';
  // Whether a note already says the key names nothing for this question (one note per question, not two).
  let keyNoted = false;
  if (answer) {
    // "Ans - a pokrpnolxyut": the words of one option, said in full, name it before any reading of a leading letter does.
    const said = normalText(answer.text);
    const same = options.map((o, i) => (normalText(htmlText(o.name)) === said ? i : -1)).filter((i) => i >= 0);
    // A bare number still names an option by its place ("정답 3" is ③ even when ② reads "3").
    correct = same.length === 1 && !/^\s*\(?\d\)?\s*$/.test(answer.text) ? same : choiceAnswer(answer.text);
    // "정답: 3" for ③, "Ans: 2" for the second option: a number no larger than the options' count.
    if (!correct && /^\s*\(?\d\)?(?:\s*[,&]\s*\(?\d\)?)*\s*$/.test(answer.text)) {
      const numbers = answer.text.match(/\d/g)!.map(Number);
      if (numbers.every((n) => n >= 1 && n <= options.length)) correct = [...new Set(numbers.map((n) => n - 1))].sort((a, b) => a - b);
    }
    // "Ans: dolphin": the answer written out as one option's text.
    if (!correct) {
      const said = normalText(answer.text);
      const same = options.map((o, i) => (normalText(htmlText(o.name)) === said ? i : -1)).filter((i) => i >= 0);
      if (same.length === 1) correct = same;
    }
    // "The correct answers are: ls /bin | head, ls /bin > x": several options' texts, a comma between, each naming one option.
    if (!correct && answer.text.includes(', '))
      correct = optionsNamed(
        answer.text,
        options.map((o) => normalText(htmlText(o.name))),
      );
    if (!correct && trueFalse) {
      const value = trueFalseAnswer(answer.text);
      if (value !== null) correct = [options.findIndex((o) => trueFalseAnswer(htmlText(o.name)) === value)].filter((i) => i >= 0);
    }
    // A key entry that names nothing ("1. S02_01", a field a template left) is no key for this question: it uploads with its answer unset.
    if (!correct && answer !== draft.answer) {
      problems.push(problemAt(answer.paragraph, 'keyAnswerUnreadable', { question: draft.label, answer: answer.text.trim() }));
      keyNoted = true;
    } else if (!correct) {
      error(answer.paragraph, 'answerUnreadable', { answer: answer.text.trim() });
      return null;
    }
    const outside = correct?.find((i) => i >= options.length);
    if (outside !== undefined) {
      error(answer.paragraph, 'answerNotAnOption', { answer: answer.text.trim() });
      return null;
    }
    if (correct) answerFrom = answer === draft.answer ? 'answerLine' : 'answerKey';
  }
  const marked = options.map((o, i) => (o.marked ? i : -1)).filter((i) => i >= 0);
  if (correct && marked.length && marked.join() !== correct.join()) error(answer!.paragraph, 'answerConflict');
  if (!correct && marked.length) {
    correct = marked;
    answerFrom = options[marked[0]].markedBy ?? 'asterisk';
  }
  if (!correct) {
    // No answer written anywhere: the option that looks different, else the answer is left for the teacher to set.
    const looks = options.every((o) => o.look) ? answerFromLooks(options.map((o) => o.look!)) : null;
    // Several options marked alike answer a question that asks for several ("Choose all that apply", "Which two…"), or
    // any question of a paper that marks its answers so throughout (each correct option highlighted).
    if (looks && (!looks.ambiguous || asksForSeveral(base.name) || looks.rule === paperMark)) {
      correct = looks.correct;
      answerFrom = looks.rule;
      for (const i of correct) options[i].name = withoutLook(options[i].name, looks.rule);
    } else {
      correct = [];
      const params: Record<string, string> = looks
        ? { question: draft.label, options: looks.correct.map((i) => `(${optionLetter(options[i].index)})`).join(', '), rule: looks.rule }
        : { question: draft.label };
      if (looks || !keyNoted) problems.push(problemAt(draft.paragraph, looks ? 'answerAmbiguous' : 'answerNotMarked', params));
    }
  }
  // True or false, never both (issue 14): the same rule as the editor and the API.
  if (trueFalse && correct.length > 1) error(answer?.paragraph ?? draft.paragraph, 'trueFalseOneAnswer');
  const answers = correct;
  return {
    ...base,
    answerFrom,
    type: trueFalse ? 'true_false' : 'multiple_choice',
    options: options.map((o, i) => ({ name: o.name, isCorrect: answers.includes(i) })),
  };
}

function answeredQuestion(
  draft: QuestionDraft,
  base: ParsedChildQuestion,
  typeName: TypeName | null,
  answer: FieldValue,
  error: Report,
  problems: Problem[],
): ParsedChildQuestion | null {
  const unreadable = () => (error(answer.paragraph, 'answerUnreadable', { answer: answer.text.trim() }), null);
  // "--- yes": an answer of yes or no answers a statement as true or false.
  const truth = trueFalseAnswer(answer.text) ?? yesNoAnswer(answer.text);
  if (typeName === 'true_false' || (typeName === null && truth !== null)) {
    if (truth === null) return unreadable();
    return {
      ...base,
      answerFrom: answerRule(draft, answer),
      type: 'true_false',
      options: [
        { name: 'True', isCorrect: truth },
        { name: 'False', isCorrect: !truth },
      ],
    };
  }
  const whole = integerAnswer(answer.text);
  if (typeName === 'integer' || (typeName === null && whole !== null)) {
    // Typed integer, the answer may be a decimal too (issue 14); untyped, only a whole number makes one.
    const value = typeName === 'integer' ? typedIntegerAnswer(answer.text) : whole;
    if (value === null) return unreadable();
    if (!isBlankHtml(base.solution)) problems.push(problemAt(draft.solutionParagraph ?? draft.paragraph, 'integerSolutionDropped', { question: draft.label }));
    return { ...base, answerFrom: answerRule(draft, answer), type: 'integer', solution: String(value) };
  }
  const blanks = blankAnswers(answer.text);
  if (blanks.length === 0) return unreadable();
  const options: ParsedFillUpsQuestion['options'] = blanks.flatMap((alternatives, blank) =>
    alternatives.map((a) => ({ ...a, optionId: `blank-${blank + 1}` })),
  );
  return { ...base, answerFrom: answerRule(draft, answer), type: 'fill_ups', options };
}

/**
 * Options written as marks inside the question's own text (a passage with ① … ⑤ at its
 * underlined words, as Korean English papers ask "which is wrong?"): four marks or more, each
 * once and in order, none starting a line. The options are the marks themselves.
 */
function marksInText(draft: QuestionDraft, text: string): OptionDraft[] {
  const found = [...text.matchAll(/(?<=\S[^\S\n]*)[①-⑧]/gu)].map((m) => m[0]);
  if (found.length < 4 || found.some((mark, i) => mark !== CIRCLED[i])) return [];
  return found.map((mark, index) => ({ index, html: [mark], marked: false, paragraph: draft.paragraph, written: mark }));
}

const normalText = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s.。]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

const answerRule = (draft: QuestionDraft, answer: FieldValue): AnswerRule => (answer === draft.answer ? 'answerLine' : 'answerKey');

/** A comprehension of the passage and its questions, or null with the problems that stop it. */
export function buildPassage(passage: PassageDraft, children: ParsedChildQuestion[], problems: Problem[]): ParsedComprehension | null {
  const paragraph = paragraphsHtml(passage.html);
  if (isBlankHtml(paragraph) || passage.children.length === 0) {
    problems.push(problemAt(passage.paragraph, 'emptyPassage'));
    return null;
  }
  if (passage.children.length > LIMITS.childrenPerComprehension) {
    problems.push(problemAt(passage.paragraph, 'tooManyChildren', { count: passage.children.length, max: LIMITS.childrenPerComprehension }));
    return null;
  }
  return { type: 'comprehension', name: '', solution: '', paragraph, questions: children, ...common({ ...passage, label: '' }, problems) };
}

/**
 * Vietnamese 2025 true/false groups ("PHẦN II"): a stem with statements a) b) c) d), each true or
 * false, keyed "a-Đ, b-S, c-Đ, d-S" (or "ĐSĐS"). One question of four true/false parts: a
 * comprehension whose passage is the stem and whose questions are the statements.
 */
const STATEMENT_KEY = /^\s*(?:\(?([a-h])\)?\s*[-:.)=]?\s*(đúng|sai|đ|s|true|false|t|f)\s*[,;]?\s*){2,}$/iu;
/** "ĐSĐS", or "DSSD" typed without Vietnamese letters (D for Đúng). */
const COMPACT_KEY = /^\s*[ĐDSđs]{2,8}\s*$/u;
/** A part of short answers: its questions are written answers, not choices (read without spaces: a banner spaces its letters, "단 답 형"). */
const SHORT_ANSWER_PART = /단답형|서답형|주관식|short[\s-]*answers?|tự\s*luận\s*ngắn|trả\s*lời\s*ngắn/iu;
const unspaced = (text: string) => text.replace(/\s+/g, '');
/** A part's heading that asks for true or false on each statement ("PHẦN II … chọn đúng hoặc sai", "True or false"). */
const TRUE_FALSE_PART = /đúng\b.{0,12}\bsai|true\b.{0,8}\bfalse|\bĐ\s*\/\s*S\b/iu;
/** "the statements from 23 to 26 are True or False": numbers, then within a few words the words for true or false. */
const RANGE_THEN_TRUE_FALSE = /(\d{1,4})\s*(?:-|–|to|đến|~)\s*(\d{1,4})\D{0,30}?(?:đúng\b.{0,12}\bsai|true\b.{0,8}\bfalse)/iu;
/**
 * Whether the directions a question stands under ask true or false of it: of every statement when
 * they name no range ("Decide whether each statement is true or false"), else of the range they
 * name before those words ("… the statements from 23 to 26 are True or False and choose …").
 */
function asksTrueFalseOf(context: string, number: number | null): boolean {
  if (!TRUE_FALSE_PART.test(context)) return false;
  const range = RANGE_THEN_TRUE_FALSE.exec(context);
  if (range) return number !== null && number >= Number(range[1]) && number <= Number(range[2]);
  return !/\d/.test(context.replace(/\(\s*\d+(?:[.,]\d+)?\s*(?:pts?|points?|marks?|điểm|hc)\s*\)/giu, ''));
}
/** Statements a) b) c) d) with no key, under a part that asks true or false of each one. */
const unkeyedStatements = (draft: QuestionDraft, part: string) =>
  !(draft.answer ?? draft.keyAnswer) &&
  draft.options.length >= 2 &&
  draft.options.every((o, i) => new RegExp(`^\\(?${String.fromCharCode(97 + i)}\\)`).test(o.written)) &&
  TRUE_FALSE_PART.test(part);

/**
 * In a part that marks its true statements (another question's, by a sign or a look), a question
 * of unkeyed statements with none marked has every one false; null otherwise.
 */
export function unmarkedStatements(draft: QuestionDraft, part: string): boolean[] | null {
  return unkeyedStatements(draft, part) && draft.options.every((o) => !o.marked) ? draft.options.map(() => false) : null;
}

export function statementsOf(draft: QuestionDraft, part = ''): boolean[] | null {
  const answer = draft.answer ?? draft.keyAnswer;
  if (unkeyedStatements(draft, part)) {
    // No key: the statements marked (*, a tick) are the true ones…
    if (draft.options.some((o) => o.marked)) return draft.options.map((o) => o.marked);
    // …or those whose letter or words have a look the others lack (the true ones underlined, as a paper-shuffling tool asks).
    const looks = draft.options.every((o) => o.look) ? answerFromLooks(draft.options.map((o) => o.look!)) : null;
    if (looks) return draft.options.map((_, i) => looks.correct.includes(i));
  }
  if (!answer || draft.options.length < 2) return null;
  const text = answer.text.trim();
  if (COMPACT_KEY.test(text)) return text.length === draft.options.length ? [...text].map((c) => /[ĐđD]/.test(c)) : null;
  if (!STATEMENT_KEY.test(text)) return null;
  const values: boolean[] = [];
  for (const m of text.matchAll(/\(?([a-h])\)?\s*[-:.)=]?\s*(đúng|sai|đ|s|true|false|t|f)(?![\p{L}])/giu))
    values[m[1].toLowerCase().charCodeAt(0) - 97] = /^(đúng|đ|true|t)$/i.test(m[2]);
  return values.length === draft.options.length && !values.includes(undefined as unknown as boolean) ? values : null;
}

export function buildStatementGroup(draft: QuestionDraft, values: boolean[], problems: Problem[]): ParsedComprehension | null {
  const name = paragraphsHtml(draft.stem);
  if (isBlankHtml(name)) {
    problems.push(problemAt(draft.paragraph, 'emptyQuestion', { question: draft.label }));
    return null;
  }
  const questions: ParsedChildQuestion[] = draft.options.map((o, i) => ({
    type: 'true_false',
    name: paragraphsHtml(o.html),
    solution: '',
    answerFrom: 'statements',
    options: [
      { name: 'True', isCorrect: values[i] },
      { name: 'False', isCorrect: !values[i] },
    ],
  }));
  return {
    type: 'comprehension',
    name: '',
    solution: paragraphsHtml(draft.solution),
    paragraph: name,
    docParagraph: draft.paragraph.index + 1,
    answerFrom: 'statements',
    questions,
    ...common(draft, problems),
  };
}

/**
 * Options named by their texts, a comma and a space between them: the cut points are tried so that
 * every piece is one option's whole text (an option's own commas stay inside it). Null unless
 * the whole answer is so cut into two options or more.
 */
export function optionsNamed(answer: string, texts: string[]): number[] | null {
  const pieces = answer.split(', ');
  const found = (from: number): number[] | null => {
    if (from === pieces.length) return [];
    for (let to = from + 1; to <= pieces.length; to++) {
      const index = texts.indexOf(normalText(pieces.slice(from, to).join(', ')));
      const rest = index >= 0 ? found(to) : null;
      if (rest) return [index, ...rest];
    }
    return null;
  };
  const named = pieces.length <= 16 ? found(0) : null;
  return named && named.length >= 2 && new Set(named).size === named.length ? named.sort((a, b) => a - b) : null;
}
