import type { DefaultTestSettings } from '../testSettings';
import { invalidField, TestRuleError } from './errors';
import { normalizeTest } from './normalize';
import type { ShuffleChoice, Test, TestFonts, TestSettings } from './types';

const ORDER_OF: Record<ShuffleChoice, DefaultTestSettings['orderOfQuestions']> = {
  none: 'do_nothing',
  questions: 'shuffle_questions',
  options: 'shuffle_options',
  both: 'shuffle_both',
};

/** The shuffle choice of spec section 4 (questions, options or both; or none). */
export function shuffleChoiceOf(settings: Pick<TestSettings, 'shuffleQuestions' | 'shuffleOptions'>): ShuffleChoice {
  if (settings.shuffleQuestions && settings.shuffleOptions) return 'both';
  if (settings.shuffleQuestions) return 'questions';
  return settings.shuffleOptions ? 'options' : 'none';
}

function setShuffle(settings: TestSettings, choice: ShuffleChoice): void {
  settings.orderOfQuestions = ORDER_OF[choice];
  settings.shuffleQuestions = choice === 'questions' || choice === 'both';
  settings.shuffleOptions = choice === 'options' || choice === 'both';
}

const choiceOfOrder = (order: DefaultTestSettings['orderOfQuestions']) =>
  (Object.keys(ORDER_OF) as ShuffleChoice[]).find((choice) => ORDER_OF[choice] === order) ?? 'none';

/** A change of settings: any subset; `shuffle` sets the shuffle flags and orderOfQuestions together. */
export type SettingsPatch = Partial<Omit<TestSettings, 'fonts'>> & { fonts?: Partial<TestFonts>; shuffle?: ShuffleChoice };

/**
 * Changes the test's settings under the rules of spec section 4, in place:
 * - while random test generation is on, section switching cannot be turned off
 *   ('Disable RTG first, ...'), unless the same change turns RTG off;
 * - solutions revealed later turn multiple-view off; revealed now turn it on (when the reveal
 *   time changes; a dialog sending every setting does not undo the user's choice otherwise);
 * - the shuffle choice (questions, options or both) keeps shuffleQuestions, shuffleOptions and
 *   orderOfQuestions in step, whichever of them the change gives;
 * - turning optional questions off resets the optional flag of every section;
 * - RTG totals (replaced as a whole) name sections of the test and ask for at most the
 *   questions a section has.
 */
export function applySettings(test: Test, patch: SettingsPatch): TestSettings {
  const current = test.settings;
  if (current.generateRandomTest && current.isSectionSwitchingEnabled && patch.isSectionSwitchingEnabled === false && patch.generateRandomTest !== false) {
    throw new TestRuleError(409, 'RTG_ACTIVE', 'rtgBlocksSectionSwitching', {}, 'settings.isSectionSwitchingEnabled');
  }
  const { shuffle, fonts, ...rest } = patch;
  const next: TestSettings = { ...current, ...rest, fonts: { ...current.fonts, ...fonts } };

  if (shuffle) setShuffle(next, shuffle);
  else if (patch.orderOfQuestions) setShuffle(next, choiceOfOrder(patch.orderOfQuestions));
  else if (patch.shuffleQuestions !== undefined || patch.shuffleOptions !== undefined) setShuffle(next, shuffleChoiceOf(next));

  if (patch.revealAnswersTime && patch.revealAnswersTime !== current.revealAnswersTime) {
    next.isSolutionMultipleViewEnabled = patch.revealAnswersTime === 'now';
  }

  if (patch.settingsForRTG) {
    next.settingsForRTG = {};
    for (const [sectionId, entry] of Object.entries(patch.settingsForRTG)) {
      const field = `settings.settingsForRTG.${sectionId}`;
      const section = test.sections.find((s) => s._id === sectionId);
      if (!section) throw invalidField(field, 'sectionNotInTest');
      if (entry.totalQuestions > section.numberOfQuestions) {
        throw invalidField(`${field}.totalQuestions`, 'rtgTooMany', { count: section.numberOfQuestions });
      }
      next.settingsForRTG[sectionId] = { totalQuestions: entry.totalQuestions };
    }
  }

  test.settings = next;
  // Optional questions off: normalizeTest resets every section's flag.
  normalizeTest(test);
  return next;
}
