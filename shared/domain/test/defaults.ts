import { DEFAULT_TEST_SETTINGS, type DefaultTestSettings } from '../testSettings';
import type { Marks, QuestionType, TestSettings } from './types';

/**
 * Default marks per question type, as spec section 9 writes them ("treat both as written"):
 * multiple_choice, true_false, fill_ups and integer positive 1 negative 4; comprehension
 * positive 4 negative 1. Negative marking itself starts switched off, so a new question costs
 * nothing when answered wrong until the tutor turns it on.
 */
export const DEFAULT_MARKS: Record<QuestionType, Marks> = {
  multiple_choice: { positive: 1, negative: 4, negativeUnattempted: 0 },
  true_false: { positive: 1, negative: 4, negativeUnattempted: 0 },
  fill_ups: { positive: 1, negative: 4, negativeUnattempted: 0 },
  integer: { positive: 1, negative: 4, negativeUnattempted: 0 },
  comprehension: { positive: 4, negative: 1, negativeUnattempted: 0 },
};

/** Spec section 5: a fill_ups question without options gets this one. */
export const FILL_UPS_DEFAULT_OPTION_NAME = 'Type your option';
export const FILL_UPS_DEFAULT_OPTION_MARKS = 0.25;

/** The two options a true_false question starts with. */
export const TRUE_FALSE_OPTION_NAMES = ['True', 'False'] as const;

/** The extra option of a GPSC-type multiple-choice question. */
export const GPSC_NOT_ATTEMPTED_OPTION = 'Not attempted';

/** -1: unlimited attempts. */
export const UNLIMITED_ATTEMPTS = -1;

/** Bounds the spec leaves open ("Other bounds: not shown"). */
export const LIMITS = {
  sectionsPerTest: 100,
  questionsPerTest: 2_000,
  questionsPerCall: 500,
  childrenPerComprehension: 50,
  optionsPerQuestion: 20,
  tagsPerQuestion: 20,
  grades: 20,
  fonts: 50,
  languages: 10,
  maxAttempts: 1_000,
  maxMarks: 1_000,
  /** Characters of one HTML field (question, option, solution, paragraph, instructions). */
  htmlLength: 100_000,
  /** A section or test lasts at most a week. */
  maxDurationMs: 7 * 24 * 3_600_000,
} as const;

/** Settings of a test that has none stored: the owner's default settings, the rest off. */
export function defaultTestSettings(defaults: Partial<DefaultTestSettings> = {}): TestSettings {
  const base = { ...DEFAULT_TEST_SETTINGS, ...defaults };
  return {
    ...base,
    isSectionalSubmit: false,
    generateRandomTest: false,
    settingsForRTG: {},
    shuffleQuestions: base.orderOfQuestions === 'shuffle_questions' || base.orderOfQuestions === 'shuffle_both',
    shuffleOptions: base.orderOfQuestions === 'shuffle_options' || base.orderOfQuestions === 'shuffle_both',
    isSolutionMultipleViewEnabled: base.revealAnswersTime === 'now',
    hasOptionalQuestions: false,
    fonts: { list: [], include: false },
  };
}
