import { isBlankHtml, htmlText } from '../../domain/test/html';
import { LIMITS } from '../../domain/test/defaults';
import type { DifficultyLevel } from '../../domain/test/types';
import { paragraphsHtml } from '../content/inlines';
import type { Paragraph } from '../docx/document';
import { problemAt } from '../problems';
import type { ParsedChildQuestion, ParsedComprehension, ParsedFillUpsQuestion, Problem } from '../types';
import { blankAnswers, choiceAnswer, integerAnswer, typedIntegerAnswer, marksOf, trueFalseAnswer } from './answers';
import { optionLetter } from './patterns';

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
  marked: boolean;
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
  stem: string[];
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
  children: QuestionDraft[];
  difficulty: FieldValue | null;
  tags: string[];
}

export function newQuestion(paragraph: Paragraph, number: number | null, label: string): QuestionDraft {
  return { number, label, paragraph, stem: [], options: [], answer: null, keyAnswer: null, solution: [], solutionParagraph: null, marks: null, type: null, difficulty: null, tags: [] };
}
export function newPassage(paragraph: Paragraph, range: [number, number] | null): PassageDraft {
  return { paragraph, html: [], range, children: [], difficulty: null, tags: [] };
}

type TypeName = ParsedChildQuestion['type'] | 'comprehension';
const TYPE_NAMES: [TypeName, RegExp][] = [
  ['true_false', /^(true\s*[/\-]?\s*false|t\s*\/\s*f|tf|đúng\s*[/\-]?\s*sai|o\s*\/?\s*x|참\s*\/?\s*거짓)$/i],
  ['multiple_choice', /^(mcq|multiple[\s-]*choice|single[\s-]*choice|multiple[\s-]*correct|objective|trắc\s*nghiệm|객관식|선택형)$/i],
  ['fill_ups', /^(fill[\s-]*(in[\s-]*the[\s-]*)?(blanks?|ups?)|fill|blanks?|điền\s*khuyết|điền\s*vào\s*chỗ\s*trống|빈칸(\s*채우기)?|단답형)$/i],
  ['integer', /^(integer|numerical|number|số\s*nguyên|정수(형)?)$/i],
  ['comprehension', /^(comprehension|passage|đọc\s*hiểu|지문)$/i],
];
const DIFFICULTIES: [DifficultyLevel, RegExp][] = [
  ['easy', /^(easy|e|low|dễ|쉬움|하)$/i],
  ['medium', /^(medium|moderate|average|m|trung\s*bình|보통|중)$/i],
  ['hard', /^(hard|difficult|h|high|khó|어려움|상)$/i],
];
const named = <T>(table: [T, RegExp][], text: string): T | null => table.find(([, pattern]) => pattern.test(text.trim().replace(/[.。]$/, '')))?.[0] ?? null;

export const splitTags = (text: string) => text.split(/[,;，、]/).map((t) => t.trim()).filter(Boolean);

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

/** A question of the test, or null with the problems that stop it. */
export function buildQuestion(draft: QuestionDraft, problems: Problem[]): ParsedChildQuestion | null {
  const before = problems.filter((p) => p.severity === 'error').length;
  const q = draft.label;
  const error = (paragraph: Paragraph, code: Parameters<typeof problemAt>[1], params: Record<string, string | number> = {}) => problems.push(problemAt(paragraph, code, { question: q, ...params }));
  const name = paragraphsHtml(draft.stem);
  if (isBlankHtml(name)) error(draft.paragraph, 'emptyQuestion');
  let typeName: TypeName | null = null;
  if (draft.type) {
    typeName = named(TYPE_NAMES, draft.type.text);
    if (!typeName || typeName === 'comprehension') error(draft.type.paragraph, 'unknownTypeName', { value: draft.type.text.trim() });
  }
  const answer = draft.answer ?? draft.keyAnswer;
  const base = { name, solution: paragraphsHtml(draft.solution), ...common(draft, problems) } as ParsedChildQuestion;
  if (draft.marks) {
    const marks = marksOf(draft.marks.text);
    if (marks) Object.assign(base, { marks, isNegativeMarkingEnabled: marks.negative > 0 });
    else error(draft.marks.paragraph, 'marksUnreadable', { value: draft.marks.text.trim() });
  }

  let question: ParsedChildQuestion | null = null;
  if (draft.options.length > 0) {
    if (typeName === 'fill_ups' || typeName === 'integer') {
      error(draft.type!.paragraph, 'optionsNotAllowed', { type: draft.type!.text.trim() });
    } else {
      question = choiceQuestion(draft, base, typeName, answer, error);
    }
  } else if (typeName === 'multiple_choice') {
    error(draft.paragraph, 'tooFewOptions');
  } else if (!answer) {
    error(draft.paragraph, typeName ? 'noCorrectAnswer' : 'unknownType');
  } else {
    question = answeredQuestion(draft, base, typeName, answer, error, problems);
  }
  return problems.filter((p) => p.severity === 'error').length === before ? question : null;
}

type Report = (paragraph: Paragraph, code: Parameters<typeof problemAt>[1], params?: Record<string, string | number>) => void;

function choiceQuestion(draft: QuestionDraft, base: ParsedChildQuestion, typeName: TypeName | null, answer: FieldValue | null, error: Report): ParsedChildQuestion | null {
  const options = draft.options.map((o) => ({ ...o, name: paragraphsHtml(o.html) }));
  for (const o of options) if (isBlankHtml(o.name)) error(o.paragraph, 'emptyOption', { option: optionLetter(o.index) });
  const trueFalse = typeName === 'true_false' || (typeName === null && options.length === 2 && options.every((o) => trueFalseAnswer(htmlText(o.name)) !== null));
  const max = trueFalse ? 2 : LIMITS.optionsPerQuestion;
  if (options.length > max) error(draft.paragraph, 'tooManyOptions', { count: options.length, max });
  else if (options.length < 2) error(draft.paragraph, 'tooFewOptions');
  let correct: number[] | null = null;
  if (answer) {
    correct = choiceAnswer(answer.text);
    if (!correct && trueFalse) {
      const value = trueFalseAnswer(answer.text);
      if (value !== null) correct = [options.findIndex((o) => trueFalseAnswer(htmlText(o.name)) === value)].filter((i) => i >= 0);
    }
    if (!correct) {
      error(answer.paragraph, 'answerUnreadable', { answer: answer.text.trim() });
      return null;
    }
    const outside = correct.find((i) => i >= options.length);
    if (outside !== undefined) {
      error(answer.paragraph, 'answerNotAnOption', { answer: answer.text.trim() });
      return null;
    }
  }
  const marked = options.map((o, i) => (o.marked ? i : -1)).filter((i) => i >= 0);
  if (correct && marked.length && marked.join() !== correct.join()) error(answer!.paragraph, 'answerConflict');
  correct ??= marked;
  if (correct.length === 0) error(draft.paragraph, 'noCorrectAnswer');
  // True or false, never both (issue 14): the same rule as the editor and the API.
  if (trueFalse && correct.length > 1) error(answer?.paragraph ?? draft.paragraph, 'trueFalseOneAnswer');
  return { ...base, type: trueFalse ? 'true_false' : 'multiple_choice', options: options.map((o, i) => ({ name: o.name, isCorrect: correct.includes(i) })) };
}

function answeredQuestion(draft: QuestionDraft, base: ParsedChildQuestion, typeName: TypeName | null, answer: FieldValue, error: Report, problems: Problem[]): ParsedChildQuestion | null {
  const unreadable = () => (error(answer.paragraph, 'answerUnreadable', { answer: answer.text.trim() }), null);
  const truth = trueFalseAnswer(answer.text);
  if (typeName === 'true_false' || (typeName === null && truth !== null)) {
    if (truth === null) return unreadable();
    return { ...base, type: 'true_false', options: [{ name: 'True', isCorrect: truth }, { name: 'False', isCorrect: !truth }] };
  }
  const whole = integerAnswer(answer.text);
  if (typeName === 'integer' || (typeName === null && whole !== null)) {
    // Typed integer, the answer may be a decimal too (issue 14); untyped, only a whole number makes one.
    const value = typeName === 'integer' ? typedIntegerAnswer(answer.text) : whole;
    if (value === null) return unreadable();
    if (!isBlankHtml(base.solution)) problems.push(problemAt(draft.solutionParagraph ?? draft.paragraph, 'integerSolutionDropped', { question: draft.label }));
    return { ...base, type: 'integer', solution: String(value) };
  }
  const blanks = blankAnswers(answer.text);
  if (blanks.length === 0) return unreadable();
  const options: ParsedFillUpsQuestion['options'] = blanks.flatMap((alternatives, blank) => alternatives.map((a) => ({ ...a, optionId: `blank-${blank + 1}` })));
  return { ...base, type: 'fill_ups', options };
}

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
