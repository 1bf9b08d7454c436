/**
 * Spec section 9's default test settings, written from the spec rather than imported from
 * shared/domain, so that the tests of the constant and of the server's answers check against the spec.
 */
export const SPEC_TEST_SETTINGS = {
  orderOfQuestions: 'do_nothing',
  revealCorrectAnswers: 'all_questions',
  showSolutions: true,
  isSectionSwitchingEnabled: true,
  revealAnswersTime: 'now',
  showAnswers: true,
};
