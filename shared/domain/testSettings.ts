/**
 * The default test settings a user starts new tests with (spec section 9): questions in order,
 * reveal correct answers for all questions, solutions enabled, section switching allowed,
 * reveal immediately after completion.
 */
export const QUESTION_ORDERS = ['do_nothing', 'shuffle_questions', 'shuffle_options', 'shuffle_both'] as const;
export const REVEAL_CORRECT_ANSWERS = ['all_questions', 'incorrect_questions'] as const;
export const REVEAL_ANSWERS_TIMES = ['now', 'later'] as const;

export interface DefaultTestSettings {
  orderOfQuestions: (typeof QUESTION_ORDERS)[number];
  revealCorrectAnswers: (typeof REVEAL_CORRECT_ANSWERS)[number];
  showSolutions: boolean;
  isSectionSwitchingEnabled: boolean;
  revealAnswersTime: (typeof REVEAL_ANSWERS_TIMES)[number];
  showAnswers: boolean;
}

export const DEFAULT_TEST_SETTINGS: DefaultTestSettings = {
  orderOfQuestions: 'do_nothing',
  revealCorrectAnswers: 'all_questions',
  showSolutions: true,
  isSectionSwitchingEnabled: true,
  revealAnswersTime: 'now',
  showAnswers: true,
};

/** The default-settings part of a test's settings (what "start my new tests with these" keeps). */
export const pickDefaultSettings = (settings: DefaultTestSettings): DefaultTestSettings => ({
  orderOfQuestions: settings.orderOfQuestions,
  revealCorrectAnswers: settings.revealCorrectAnswers,
  showSolutions: settings.showSolutions,
  isSectionSwitchingEnabled: settings.isSectionSwitchingEnabled,
  revealAnswersTime: settings.revealAnswersTime,
  showAnswers: settings.showAnswers,
});
