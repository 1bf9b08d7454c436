import type { DefaultTestSettings } from '../testSettings';

/**
 * The test model of spec section 3 (Test, Test settings, Font entry, Section, Question, Option,
 * Validation error entry): what the server stores in `tests.content` and answers, and what the
 * editor holds. Text fields (question, option, solution, paragraph, instructions) are HTML,
 * sanitised on the way into the server (see ./sanitize.ts).
 */

export const QUESTION_TYPES = ['multiple_choice', 'true_false', 'fill_ups', 'integer', 'comprehension'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** The types a comprehension may hold (a comprehension holds no comprehension). */
export const CHILD_QUESTION_TYPES = ['multiple_choice', 'true_false', 'fill_ups', 'integer'] as const;
export type ChildQuestionType = (typeof CHILD_QUESTION_TYPES)[number];

/** The spec leaves the values open (section 3): we use these three, or null for "not set". */
export const DIFFICULTY_LEVELS = ['easy', 'medium', 'hard'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** TB_TEST is a test that can be multilingual (spec section 3); CMS is every other test. */
export const TEST_TYPES = ['CMS', 'TB_TEST'] as const;
export type TestType = (typeof TEST_TYPES)[number];

export const FILL_UPS_OPTION_TYPES = ['constants', 'range'] as const;
export type FillUpsOptionType = (typeof FILL_UPS_OPTION_TYPES)[number];

export interface Marks {
  positive: number;
  negative: number;
  negativeUnattempted: number;
}

/** An option of a multiple_choice or true_false question. */
export interface ChoiceOption {
  id: string;
  /** HTML. */
  name: string;
  /** `name` as plain text (derived). */
  nameText: string;
  isCorrect: boolean;
  /** 1-based (derived). */
  order: number;
  /** HTML; may be empty. */
  solution: string;
  /** The GPSC 'Not attempted' option (derived from isGpscType; never correct). */
  isNotAttempted?: boolean;
}

/**
 * An accepted answer of a fill_ups question: a constant (`name`) or a numeric range
 * (`floor`..`cap`, both included). Answers with the same `optionId` are alternatives for one
 * blank; `optionId` defaults to the answer's own id (one blank per answer).
 */
export interface FillUpsOption {
  id: string;
  optionId: string;
  type: FillUpsOptionType;
  name: string;
  nameText: string;
  floor: number | null;
  cap: number | null;
  positiveMarks: number;
  order: number;
  solution: string;
}

/** One language's text of a question (multilingual tests, testType TB_TEST). */
export interface QuestionTranslation {
  name: string;
  solution: string;
  /** Comprehension only. */
  paragraph?: string;
  /** The options' text in this language, by option id. */
  options?: { id: string; name: string }[];
}

interface QuestionBase {
  _id: string;
  /** The question text, HTML. */
  name: string;
  /** HTML. An integer question keeps its answer here (an integer, as text). */
  solution: string;
  /** 1-based; a comprehension child's order is its place inside the comprehension (derived). */
  order: number;
  marks: Marks;
  /** Flat copies of `marks` (derived; spec section 3 holds both). */
  positiveMarks: number;
  negativeMarks: number;
  negativeUnattemptedMarks: number;
  isNegativeMarkingEnabled: boolean;
  isNegativeMarkingEnabledIfUnattempted: boolean;
  isPartialMarkingEnabled: boolean;
  isGpscType: boolean;
  difficultyLevel: DifficultyLevel | null;
  tags: string[];
  isDummyQuestion: boolean;
  /** Came in through import (never set by the client). */
  isImported: boolean;
  /** Came from the Global Library: cannot be edited in a My Library test (delete and re-mark only). */
  isGlobal: boolean;
  /** The question an imported question was copied from (for the import modal's "already imported"). */
  sourceQuestionId?: string;
  /** Language name -> that language's text; multilingual tests only. */
  translations: Record<string, QuestionTranslation>;
  /** Children only: the order of the comprehension holding them (derived). */
  parentQuestionOrder?: number;
}

export interface MultipleChoiceQuestion extends QuestionBase {
  type: 'multiple_choice';
  options: ChoiceOption[];
}
export interface TrueFalseQuestion extends QuestionBase {
  type: 'true_false';
  options: ChoiceOption[];
}
export interface FillUpsQuestion extends QuestionBase {
  type: 'fill_ups';
  options: FillUpsOption[];
}
export interface IntegerQuestion extends QuestionBase {
  type: 'integer';
}
export type ChildQuestion = MultipleChoiceQuestion | TrueFalseQuestion | FillUpsQuestion | IntegerQuestion;
export interface ComprehensionQuestion extends QuestionBase {
  type: 'comprehension';
  /** HTML. */
  paragraph: string;
  questions: ChildQuestion[];
}
export type Question = ChildQuestion | ComprehensionQuestion;

export interface Section {
  _id: string;
  name: string;
  /** 1-based (derived). */
  order: number;
  /** Milliseconds. */
  sectionDuration: number;
  /** `sectionDuration` split for the editor (derived). */
  sectionHours: number;
  sectionMinutes: number;
  /** Sum of the positive marks of the section's answerable questions (derived). */
  sectionMarks: number;
  /** Answerable questions: comprehension children count, the comprehension itself does not (derived). */
  numberOfQuestions: number;
  /** HTML. */
  instructions: string;
  hasOptionalQuestions: boolean;
  /**
   * "Attempt any N of M" (issue 17): with optional questions, a student answers at most this many
   * of the section's questions and the best this many count (shared/domain/scoring.ts
   * countedScores). null: every question may be answered and every one counts.
   */
  attemptAny: number | null;
  questions: Question[];
}

export interface FontEntry {
  face: string;
  supported: boolean;
}

export interface TestFonts {
  list: FontEntry[];
  include: boolean;
}

export type ShuffleChoice = 'none' | 'questions' | 'options' | 'both';

/** Test settings of spec section 3: the default settings plus the editor's own. */
export interface TestSettings extends DefaultTestSettings {
  isSectionalSubmit: boolean;
  generateRandomTest: boolean;
  /** Section id -> how many of its questions a random test draws. */
  settingsForRTG: Record<string, { totalQuestions: number }>;
  /** Kept in step with orderOfQuestions. */
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  isSolutionMultipleViewEnabled: boolean;
  hasOptionalQuestions: boolean;
  fonts: TestFonts;
}

/** A grade band of the result: `from`..`to` percent, both included. */
export interface Grade {
  name: string;
  from: number;
  to: number;
}

/** One language's test name and instructions (multilingual tests). */
export interface TestTranslation {
  name?: string;
  instructions?: string;
}

/** The parts of a test the editor changes, as stored in `tests.content` with its columns. */
export interface Test {
  _id: string;
  name: string;
  /** A Global Library test (its Global Library questions may be edited, by CLP editors). */
  isGlobal: boolean;
  /** Students have attempted it: questions and sections cannot be deleted. */
  isAttempted: boolean;
  /** HTML. */
  instructions: string;
  tags: string[];
  /** Milliseconds. */
  duration: number;
  testType: TestType;
  /** Language names ('English', ...); the first is the test's main language. */
  languages: string[];
  /** -1 is unlimited. */
  attempts: number;
  settings: TestSettings;
  grades: Grade[];
  translations: Record<string, TestTranslation>;
  isTemplateSelected: boolean;
  sections: Section[];
  /** Derived. */
  totalMarks: number;
  totalNumberOfQuestions: number;
}

export const VALIDATION_TYPES = [
  'NO_SECTION',
  'SECTION_ZERO_DURATION',
  'SECTION_DURATION_SUM',
  'EMPTY_SECTION',
  'EMPTY_COMP',
  'DUMMY_QUESTION',
  'MCQ_ONE_ANS',
  'EMPTY_QUESTION',
  /** Not in the spec's list (issue 14): a true/false question stored with both options correct. */
  'TF_ONE_ANS',
] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];

/** Validation error entry of spec section 3; the ids and orders are null where they do not apply. */
export interface ValidationError {
  msg: string;
  type: ValidationType;
  sectionOrder: number | null;
  sectionId: string | null;
  questionOrder: number | null;
  questionId: string | null;
  /** Set when the question is a comprehension child: the comprehension that holds it. */
  parentQuestionId?: string;
  parentQuestionOrder?: number;
}
