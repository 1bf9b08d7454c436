import { serverMessage, type ServerMessageKey } from '../../i18n/serverMessages';
import type { Language } from '../../i18n/languages';
import { numericAnswer } from '../numbers';
import { FILL_UPS_DEFAULT_OPTION_NAME } from './defaults';
import { isBlankHtml } from './html';
import { isMultilingual } from './normalize';
import { VALIDATION_TYPES, type Question, type Test, type ValidationError, type ValidationType } from './types';

/** The message of each validation error (spec section 5), in shared/i18n/serverMessages.ts. */
export const VALIDATION_MESSAGE_KEYS: Record<ValidationType, ServerMessageKey> = {
  NO_SECTION: 'validationNoSection',
  SECTION_ZERO_DURATION: 'validationSectionZeroDuration',
  SECTION_DURATION_SUM: 'validationSectionDurationSum',
  EMPTY_SECTION: 'validationEmptySection',
  EMPTY_COMP: 'validationEmptyComp',
  DUMMY_QUESTION: 'validationDummyQuestion',
  MCQ_ONE_ANS: 'validationMcqOneAns',
  EMPTY_QUESTION: 'validationEmptyQuestion',
  TF_ONE_ANS: 'validationTfOneAns',
};

/** The catalogue of validation errors (`GET /api/question/errorMessages`), placeholders left in. */
export function validationCatalogue(language: Language = 'en'): { type: ValidationType; msg: string }[] {
  return VALIDATION_TYPES.map((type) => ({ type, msg: serverMessage(language, VALIDATION_MESSAGE_KEYS[type]) }));
}

const isChoice = (q: Question) => q.type === 'multiple_choice' || q.type === 'true_false';
const hasCorrectOption = (q: Question) => 'options' in q && q.options.some((o) => 'isCorrect' in o && o.isCorrect);

/** Spec section 5: the text of the test's first language is missing (multilingual tests only). */
function emptyTranslation(question: Question, firstLanguage: string): boolean {
  const own = question.translations[firstLanguage];
  if (!own || isBlankHtml(own.name)) return true;
  return question.type === 'comprehension' && isBlankHtml(own.paragraph);
}

/** The validation errors of one question (not its children), in the order they are listed. */
function questionErrors(question: Question, firstLanguage: string | null): ValidationType[] {
  const errors: ValidationType[] = [];
  if (question.isDummyQuestion) errors.push('DUMMY_QUESTION');
  // A true/false question without its answer cannot be scored either: it counts as one.
  if (isChoice(question) && !hasCorrectOption(question)) errors.push('MCQ_ONE_ANS');
  // Written since issue 14 refuses it; a question stored before, or imported, may still have it.
  if (question.type === 'true_false' && question.options.filter((o) => o.isCorrect).length > 1) errors.push('TF_ONE_ANS');
  if (question.type === 'comprehension' && question.questions.length === 0) errors.push('EMPTY_COMP');
  if (firstLanguage !== null && emptyTranslation(question, firstLanguage)) errors.push('EMPTY_QUESTION');
  return errors;
}

/**
 * Every validation error of spec section 5, in the order the editor lists them: the test's,
 * then each section's in order, each followed by its questions' (a comprehension's children
 * after it). Sections are timed when section switching is off and no random test is
 * generated: only then must each have a duration, and their durations add up to the test's.
 */
export function validateTest(test: Test, language: Language = 'en'): ValidationError[] {
  const errors: ValidationError[] = [];
  const add = (type: ValidationType, where: Partial<ValidationError> = {}, params: Record<string, string> = {}) =>
    errors.push({
      msg: serverMessage(language, VALIDATION_MESSAGE_KEYS[type], params),
      type,
      sectionOrder: null,
      sectionId: null,
      questionOrder: null,
      questionId: null,
      ...where,
    });
  const timed = !test.settings.isSectionSwitchingEnabled && !test.settings.generateRandomTest;
  const firstLanguage = isMultilingual(test) ? test.languages[0] : null;

  if (test.sections.length === 0) add('NO_SECTION');
  if (timed && test.sections.length > 0 && test.sections.reduce((sum, s) => sum + s.sectionDuration, 0) !== test.duration) {
    add('SECTION_DURATION_SUM');
  }
  for (const section of test.sections) {
    const at = { sectionOrder: section.order, sectionId: section._id };
    if (timed && section.sectionDuration === 0) add('SECTION_ZERO_DURATION', at, { name: section.name });
    if (section.questions.length === 0) add('EMPTY_SECTION', at, { name: section.name });
    for (const question of section.questions) {
      for (const type of questionErrors(question, firstLanguage)) add(type, { ...at, questionOrder: question.order, questionId: question._id });
      if (question.type !== 'comprehension') continue;
      for (const child of question.questions) {
        const where = { ...at, questionOrder: child.order, questionId: child._id, parentQuestionId: question._id, parentQuestionOrder: question.order };
        for (const type of questionErrors(child, firstLanguage)) add(type, where);
      }
    }
  }
  return errors;
}

/** An integer question's answer (in its solution: a signed, possibly decimal, number), or null when it has none. */
export function integerAnswer(question: Question): number | null {
  return question.type === 'integer' ? numericAnswer(question.solution) : null;
}

/**
 * A question in draft mode: not finished, so import skips it (spec section 5). That is a dummy
 * question, one with a validation error of its own (no correct option, a comprehension with no
 * question), no text (the paragraph, for a comprehension), an integer question without its
 * answer, a fill_ups question with no answer but the default 'Type your option', or a
 * comprehension holding such a question.
 */
export function isDraftQuestion(question: Question): boolean {
  if (questionErrors(question, null).length > 0) return true;
  switch (question.type) {
    case 'comprehension':
      return (isBlankHtml(question.paragraph) && isBlankHtml(question.name)) || question.questions.some(isDraftQuestion);
    case 'integer':
      return isBlankHtml(question.name) || integerAnswer(question) === null;
    case 'fill_ups':
      return (
        isBlankHtml(question.name) || !question.options.some((o) => o.type === 'range' || (!isBlankHtml(o.name) && o.name !== FILL_UPS_DEFAULT_OPTION_NAME))
      );
    default:
      return isBlankHtml(question.name);
  }
}
