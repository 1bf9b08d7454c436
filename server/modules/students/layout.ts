import crypto from 'node:crypto';
import { countedScores, type Outcome, type ScoredSection } from '@shared/domain/scoring';
import type { ChildQuestion, Question, Test } from '@shared/domain/test/types';

/**
 * An attempt's layout (attempts.layout, migration 007), fixed when the attempt starts: the
 * sections, the questions drawn in each (random test generation) in the order the student sees
 * them, and each multiple-choice question's option order. Shuffles and draws come from a
 * generator seeded with the attempt's id: the same attempt always has the same layout, two
 * attempts differ. Sections submitted on their own (sectional submit) are stamped here.
 */
export interface LayoutQuestion {
  id: string;
  /** Multiple choice only, when options are shuffled. */
  options?: string[];
  /** Comprehension: its questions (in the test's order; their options may be shuffled). */
  children?: LayoutQuestion[];
}
export interface LayoutSection {
  id: string;
  questions: LayoutQuestion[];
  /** ISO, when the student submitted this section on its own. */
  submittedAt?: string | null;
}
export interface AttemptLayout {
  version: 1;
  sections: LayoutSection[];
}

/** A small seeded generator (mulberry32 over the first 4 bytes of SHA-256 of the seed). */
export function seededRandom(seed: string): () => number {
  let state = crypto.createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * The layout of a new attempt of `test`:
 * - random test generation: each section draws `settingsForRTG[section].totalQuestions` of its
 *   questions (a comprehension counts as one, with all its questions), kept in the test's order
 *   unless questions are shuffled; a section without an entry, or asking for more than it has,
 *   gives all of them;
 * - shuffled questions: each section's questions in a random order (a comprehension's own
 *   questions stay in order under their passage);
 * - shuffled options: each multiple-choice question's options in a random order, a GPSC
 *   'Not attempted' option kept last; true/false keeps True before False.
 */
export function buildLayout(test: Test, seed: string): AttemptLayout {
  const random = seededRandom(seed);
  const { settings } = test;
  const optionsOf = (question: ChildQuestion): string[] | undefined => {
    if (!settings.shuffleOptions || question.type !== 'multiple_choice') return undefined;
    const notAttempted = question.options.filter((o) => o.isNotAttempted).map((o) => o.id);
    return [
      ...shuffled(
        question.options.filter((o) => !o.isNotAttempted).map((o) => o.id),
        random,
      ),
      ...notAttempted,
    ];
  };
  const place = (question: Question): LayoutQuestion =>
    question.type === 'comprehension'
      ? { id: question._id, children: question.questions.map((child) => ({ id: child._id, options: optionsOf(child) })) }
      : { id: question._id, options: optionsOf(question) };
  return {
    version: 1,
    sections: test.sections.map((section) => {
      let questions = section.questions;
      const wanted = settings.generateRandomTest ? settings.settingsForRTG[section._id]?.totalQuestions : undefined;
      if (wanted !== undefined && wanted >= 0 && wanted < questions.length) {
        const drawn = new Set(shuffled(questions, random).slice(0, wanted));
        questions = questions.filter((q) => drawn.has(q));
      }
      if (settings.shuffleQuestions) questions = shuffled(questions, random);
      return { id: section._id, questions: questions.map(place), submittedAt: null };
    }),
  };
}

/** Every answerable question id of a layout (comprehension children, not the comprehension). */
export function answerableIds(layout: AttemptLayout): string[] {
  return layout.sections.flatMap((section) => section.questions.flatMap((q) => (q.children ? q.children.map((c) => c.id) : [q.id])));
}

/** Each section's "attempt any N" as it holds for students: only while the test has optional questions (issue 17). */
export function attemptAnyOf(test: Test): Map<string, number | null> {
  return new Map(test.sections.map((s) => [s._id, test.settings.hasOptionalQuestions && s.hasOptionalQuestions ? s.attemptAny : null]));
}

/** The answerable question ids of one section of a layout. */
export const sectionAnswerableIds = (section: LayoutSection): string[] => section.questions.flatMap((q) => (q.children ? q.children.map((c) => c.id) : [q.id]));

/**
 * An attempt's score and maximum from its questions' scores (`scoreOf`: a question's score and
 * outcome, by id), the best N counting in sections of "attempt any N" (countedScores). A question
 * deleted since the attempt started counts nothing.
 */
export function attemptTotals(
  test: Test,
  layout: AttemptLayout,
  byId: Map<string, Question>,
  scoreOf: (questionId: string) => { score: number; outcome: Outcome },
) {
  const limits = attemptAnyOf(test);
  const sections: ScoredSection[] = layout.sections.map((section) => ({
    attemptAny: limits.get(section.id) ?? null,
    questions: sectionAnswerableIds(section).map((id) => ({ id, ...scoreOf(id), positive: (byId.get(id) as ChildQuestion | undefined)?.marks.positive ?? 0 })),
  }));
  return countedScores(sections);
}

/** Every question id of a layout, comprehensions included (what a student may report). */
export function allIds(layout: AttemptLayout): string[] {
  return layout.sections.flatMap((section) => section.questions.flatMap((q) => [q.id, ...(q.children ?? []).map((c) => c.id)]));
}

/** The section of the layout holding a question (answerable or comprehension). */
export function sectionOfQuestion(layout: AttemptLayout, questionId: string): LayoutSection | undefined {
  return layout.sections.find((section) => section.questions.some((q) => q.id === questionId || q.children?.some((c) => c.id === questionId)));
}

/** The test's questions by id (comprehensions and their questions). */
export function questionsById(test: Test): Map<string, Question> {
  const byId = new Map<string, Question>();
  for (const section of test.sections) {
    for (const question of section.questions) {
      byId.set(question._id, question);
      if (question.type === 'comprehension') for (const child of question.questions) byId.set(child._id, child);
    }
  }
  return byId;
}

export interface SectionTiming {
  id: string;
  /** ms since epoch; null: no section deadline (the attempt's own applies). */
  deadline: number | null;
  /** ms since epoch the section opened; null: not yet (an earlier section is still open). */
  opensAt: number | null;
  submittedAt: number | null;
}

/**
 * When sections open and close. Sections go in order when section switching is off: the first
 * opens at the start, each next one when the one before is submitted or runs out of its time.
 * A section has its own deadline when sections go in order and every section has a duration
 * (they then add up to the test's duration, spec section 5: SECTION_DURATION_SUM).
 */
export function sectionTimings(test: Test, layout: AttemptLayout, startedAt: number, now: number): SectionTiming[] {
  const durations = new Map(test.sections.map((s) => [s._id, s.sectionDuration]));
  const inOrder = !test.settings.isSectionSwitchingEnabled;
  const timed = inOrder && layout.sections.length > 0 && layout.sections.every((s) => (durations.get(s.id) ?? 0) > 0);
  let opensAt: number | null = startedAt;
  return layout.sections.map((section) => {
    const submittedAt = section.submittedAt ? Date.parse(section.submittedAt) : null;
    const opened = inOrder ? opensAt : startedAt;
    const deadline = timed && opened !== null ? opened + (durations.get(section.id) ?? 0) : null;
    if (inOrder) {
      const closedAt = submittedAt !== null && (deadline === null || submittedAt < deadline) ? submittedAt : deadline;
      opensAt = opened === null ? null : closedAt !== null && closedAt <= now ? closedAt : null;
    }
    return { id: section.id, deadline, opensAt: opened, submittedAt };
  });
}
