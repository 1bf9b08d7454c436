import type { StudentAttempt, StudentQuestion, StudentQuestionTranslation, StudentResult, StudentResultQuestion } from '@shared/api/students';
import { blanksOf, countedLimit, type Outcome, type StudentAnswer } from '@shared/domain/scoring';
import { htmlText, isBlankHtml } from '@shared/domain/test/html';
import { isMultilingual } from '@shared/domain/test/normalize';
import { questionTextIn } from '@shared/domain/test/translations';
import type { ChildQuestion, Question, Test } from '@shared/domain/test/types';
import { attemptAnyOf, attemptTotals, sectionAnswerableIds, type AttemptLayout, type LayoutQuestion, type SectionTiming } from './layout';

/** `{ [key]: value }` when there is a value, else nothing (the answer leaves the field out). */
const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The blanks of a fill-in-the-blanks question, numbered: one input each. */
const blankIds = (question: ChildQuestion) =>
  question.type === 'fill_ups' ? blanksOf(question.options).map((b, i) => ({ id: b.optionId, number: i + 1 })) : undefined;

/** Options in the attempt's order (the layout's, when shuffled). */
export function orderedOptions<T extends { id: string }>(options: T[], order: string[] | undefined): T[] {
  if (!order) return options;
  const byId = new Map(options.map((o) => [o.id, o]));
  return [...order.map((id) => byId.get(id)).filter((o): o is T => !!o), ...options.filter((o) => !order.includes(o.id))];
}

/** Walks a layout's questions with the test's current questions (a question deleted since is skipped), numbering answerable ones. */
export function walkLayout<S, Q>(
  test: Test,
  layout: AttemptLayout,
  byId: Map<string, Question>,
  section: (id: string, name: string, instructions: string, index: number, questions: Q[]) => S,
  question: (question: Question, placed: LayoutQuestion, number: number, children: Q[]) => Q,
): S[] {
  const sections = new Map(test.sections.map((s) => [s._id, s]));
  let number = 0;
  const one = (placed: LayoutQuestion): Q | null => {
    const found = byId.get(placed.id);
    if (!found) return null;
    if (found.type === 'comprehension') {
      const children = (placed.children ?? []).map(one).filter((q): q is Q => q !== null);
      return question(found, placed, 0, children);
    }
    return question(found, placed, ++number, []);
  };
  return layout.sections.map((placed, index) => {
    const own = sections.get(placed.id);
    return section(
      placed.id,
      own?.name ?? '',
      own?.instructions ?? '',
      index,
      placed.questions.map(one).filter((q): q is Q => q !== null),
    );
  });
}

/** The languages a student may switch between: a multilingual test's, when it has more than one. */
const languagesOf = (test: Test): string[] => (isMultilingual(test) && test.languages.length > 1 ? test.languages : []);

/**
 * A multilingual test's languages and its name and instructions in the languages after the first
 * (issue 17); nothing for a test in one language. Only text that is there is sent: the page shows
 * the first language's where a translation is missing.
 */
export function testLanguagesOf(test: Test): Pick<StudentAttempt, 'languages' | 'translations'> {
  const languages = languagesOf(test);
  if (!languages.length) return {};
  const translations: NonNullable<StudentAttempt['translations']> = {};
  for (const language of languages.slice(1)) {
    const own = test.translations[language] ?? {};
    const entry = {
      ...(own.name?.trim() ? { name: own.name } : {}),
      ...(own.instructions && !isBlankHtml(own.instructions) ? { instructions: own.instructions } : {}),
    };
    if (Object.keys(entry).length) translations[language] = entry;
  }
  return { languages, translations };
}

/**
 * A question's text in the test's other languages (issue 17), by language: its text, passage and
 * options (by id, so answers stay the same whatever the language), and its solution only where
 * the result reveals it. Undefined for a test in one language or a question not translated.
 */
export function questionTranslationsOf(test: Test, question: Question, withSolution = false): Record<string, StudentQuestionTranslation> | undefined {
  const languages = languagesOf(test);
  const translations: Record<string, StudentQuestionTranslation> = {};
  for (const language of languages.slice(1)) {
    const text = questionTextIn(question, language, languages[0]);
    const entry: StudentQuestionTranslation = {};
    if (!isBlankHtml(text.name)) entry.name = text.name;
    if (question.type === 'comprehension' && !isBlankHtml(text.paragraph)) entry.paragraph = text.paragraph;
    if (withSolution && question.type !== 'integer' && !isBlankHtml(text.solution)) entry.solution = text.solution;
    const options = Object.fromEntries([...text.options].filter(([, name]) => !isBlankHtml(name)));
    if ((question.type === 'multiple_choice' || question.type === 'true_false') && Object.keys(options).length) entry.options = options;
    if (Object.keys(entry).length) translations[language] = entry;
  }
  return Object.keys(translations).length ? translations : undefined;
}

/** A question as the student sees it while taking the test: no correct answers, no solutions. */
function studentQuestion(
  test: Test,
  question: Question,
  placed: LayoutQuestion,
  number: number,
  children: StudentQuestion[],
  isOptional: boolean,
): StudentQuestion {
  const marks = {
    positive: question.marks.positive,
    negative: question.isNegativeMarkingEnabled ? question.marks.negative : 0,
    negativeUnattempted: question.isNegativeMarkingEnabledIfUnattempted ? question.marks.negativeUnattempted : 0,
  };
  const translations = questionTranslationsOf(test, question);
  const base = { id: question._id, type: question.type, number, name: question.name, marks, isOptional, ...(translations ? { translations } : {}) };
  switch (question.type) {
    case 'comprehension':
      return { ...base, paragraph: question.paragraph, children };
    case 'multiple_choice':
    case 'true_false':
      return {
        ...base,
        options: orderedOptions(question.options, placed.options).map((o) => ({ id: o.id, name: o.name })),
        isMultiSelect: question.options.filter((o) => o.isCorrect).length > 1,
      };
    case 'fill_ups':
      return { ...base, blanks: blankIds(question) };
    case 'integer':
      return base;
  }
}

export interface AttemptState {
  attemptId: string;
  sharedTestId: string;
  studentName: string;
  startedAt: number;
  deadline: number | null;
  submittedAt: number | null;
  now: number;
  graceMs: number;
  timings: SectionTiming[];
  answers: Record<string, StudentAnswer>;
  /** The highest sequence number of the saved answers. */
  lastSeq?: number;
  isPreview?: boolean;
}

/** The attempt being taken (spec: decisions section 5). */
export function presentAttempt(test: Test, layout: AttemptLayout, byId: Map<string, Question>, state: AttemptState): StudentAttempt {
  const optional = new Map(test.sections.map((s) => [s._id, test.settings.hasOptionalQuestions && s.hasOptionalQuestions]));
  const attemptAny = attemptAnyOf(test);
  const timeUp = (deadline: number | null) => deadline !== null && state.now > deadline + state.graceMs;
  const sections = walkLayout<StudentAttempt['sections'][number], StudentQuestion>(
    test,
    layout,
    byId,
    (id, name, instructions, index, questions) => {
      const timing = state.timings[index];
      const isOpen =
        state.submittedAt === null &&
        !timeUp(state.deadline) &&
        timing.submittedAt === null &&
        timing.opensAt !== null &&
        timing.opensAt <= state.now &&
        !timeUp(timing.deadline);
      const limit = countedLimit(attemptAny.get(id) ?? null, sectionAnswerableIds(layout.sections[index]).length);
      return {
        id,
        name,
        instructions,
        deadlineAt: iso(timing.deadline),
        submittedAt: iso(timing.submittedAt),
        isOpen,
        attemptAny: limit,
        questions: questions.map((q) => ({
          ...q,
          isOptional: optional.get(id) ?? false,
          children: q.children?.map((c) => ({ ...c, isOptional: optional.get(id) ?? false })),
        })),
      };
    },
    (question, placed, number, children) => studentQuestion(test, question, placed, number, children, false),
  );
  return {
    attemptId: state.attemptId,
    sharedTestId: state.sharedTestId,
    testName: test.name,
    instructions: test.instructions,
    duration: test.duration,
    studentName: state.studentName,
    startedAt: new Date(state.startedAt).toISOString(),
    deadlineAt: iso(state.deadline),
    submittedAt: iso(state.submittedAt),
    serverNow: new Date(state.now).toISOString(),
    graceMs: state.graceMs,
    isSectionSwitchingEnabled: test.settings.isSectionSwitchingEnabled,
    isSectionalSubmit: test.settings.isSectionalSubmit,
    sections,
    answers: state.answers,
    lastSeq: state.lastSeq ?? 0,
    ...(state.isPreview ? { isPreview: true } : {}),
    ...testLanguagesOf(test),
  };
}

export interface ScoredRow {
  answer: StudentAnswer | null;
  score: number;
  outcome: Outcome;
}

export interface ResultState {
  attemptId: string;
  studentName: string;
  submittedAt: number;
  score: number;
  maxScore: number;
  originalScore: number | null;
  /** The answers may be revealed now (revealAnswersTime now, or the free test has closed). */
  timeReached: boolean;
  revealAt: string | null;
  rows: Map<string, ScoredRow>;
  isPreview?: boolean;
}

/**
 * The result (decisions section 5). The student's own answers, score and outcome per question are
 * always shown; the correct answers when showAnswers is on and the reveal time has come
 * (revealAnswersTime now, or later: once the free test has closed), for every question or only
 * for those not answered right (revealCorrectAnswers); solutions (showSolutions) under the same time
 * and the same choice of questions.
 */
export function presentResult(test: Test, layout: AttemptLayout, byId: Map<string, Question>, state: ResultState): StudentResult {
  const { settings } = test;
  const answersRevealed = settings.showAnswers && state.timeReached;
  const solutionsRevealed = settings.showSolutions && state.timeReached;
  const counts: Record<Outcome, number> = { correct: 0, partial: 0, wrong: 0, unattempted: 0 };
  const forThis = (outcome: Outcome) => settings.revealCorrectAnswers === 'all_questions' || outcome !== 'correct';
  const unattempted = { answer: null, score: 0, outcome: 'unattempted' as Outcome };
  const { notCounted } = attemptTotals(test, layout, byId, (id) => state.rows.get(id) ?? unattempted);
  const sections = walkLayout<StudentResult['sections'][number], StudentResultQuestion>(
    test,
    layout,
    byId,
    (id, name, _instructions, _index, questions) => ({ id, name, questions }),
    (question, placed, number, children) => {
      if (question.type === 'comprehension') {
        const sum = (pick: (q: StudentResultQuestion) => number) => children.reduce((total, c) => total + pick(c), 0);
        return {
          id: question._id,
          number: 0,
          type: 'comprehension',
          name: question.name,
          paragraph: question.paragraph,
          answer: null,
          outcome: 'unattempted',
          score: sum((c) => c.score),
          maxScore: sum((c) => c.maxScore),
          answersRevealed: false,
          ...optional('translations', questionTranslationsOf(test, question)),
          children,
        } as StudentResultQuestion;
      }
      const row = state.rows.get(question._id) ?? { answer: null, score: 0, outcome: 'unattempted' as Outcome };
      counts[row.outcome] += 1;
      const reveal = answersRevealed && forThis(row.outcome);
      const result: StudentResultQuestion = {
        id: question._id,
        number,
        type: question.type,
        name: question.name,
        answer: row.answer,
        outcome: row.outcome,
        score: row.score,
        maxScore: question.marks.positive,
        answersRevealed: reveal,
        ...(notCounted.has(question._id) ? { counted: false } : {}),
        ...optional('translations', questionTranslationsOf(test, question, solutionsRevealed && forThis(row.outcome))),
      };
      if (question.type === 'multiple_choice' || question.type === 'true_false') {
        result.options = orderedOptions(question.options, placed.options).map((o) => ({
          id: o.id,
          name: o.name,
          ...(reveal ? { isCorrect: o.isCorrect } : {}),
        }));
        result.isMultiSelect = question.options.filter((o) => o.isCorrect).length > 1;
      }
      if (question.type === 'fill_ups') {
        const accepted = new Map<string, string[]>();
        for (const o of question.options)
          accepted.set(o.optionId, [...(accepted.get(o.optionId) ?? []), o.type === 'range' ? `${o.floor} – ${o.cap}` : o.nameText || htmlText(o.name)]);
        result.blanks = blankIds(question)!.map((b) => ({ ...b, ...(reveal ? { accepted: accepted.get(b.id) ?? [] } : {}) }));
      }
      if (question.type === 'integer') {
        if (reveal) result.correctValue = htmlText(question.solution).trim();
      } else if (solutionsRevealed && forThis(row.outcome) && htmlText(question.solution).trim()) {
        result.solution = question.solution;
      }
      return result;
    },
  );
  return {
    attemptId: state.attemptId,
    testName: test.name,
    studentName: state.studentName,
    submittedAt: new Date(state.submittedAt).toISOString(),
    score: state.score,
    maxScore: state.maxScore,
    counts,
    scoreChanged: state.originalScore !== null,
    originalScore: state.originalScore,
    answersRevealed,
    revealAt: state.timeReached ? null : state.revealAt,
    solutionsRevealed,
    sections,
    ...(state.isPreview ? { isPreview: true } : {}),
    ...testLanguagesOf(test),
  };
}
