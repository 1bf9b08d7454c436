import { addQuestions, addSection } from './operations';
import { applySettings, shuffleChoiceOf } from './settings';
import { emptyTest, sequentialIds } from './testing';
import type { Test } from './types';

let test: Test;
const ids = sequentialIds();
beforeEach(() => {
  test = emptyTest();
});

describe('RTG and section switching (spec section 4)', () => {
  it('RTG on blocks turning section switching off, with the spec message', () => {
    applySettings(test, { generateRandomTest: true });
    expect(() => applySettings(test, { isSectionSwitchingEnabled: false })).toThrow(
      expect.objectContaining({
        status: 409,
        code: 'RTG_ACTIVE',
        message: 'Disable RTG first, then change this setting, then regenerate random test.',
        field: 'settings.isSectionSwitchingEnabled',
      }),
    );
    expect(test.settings.isSectionSwitchingEnabled).toBe(true);
  });

  it('once RTG is off (or in the same change), section switching can be turned off', () => {
    applySettings(test, { generateRandomTest: true });
    applySettings(test, { generateRandomTest: false, isSectionSwitchingEnabled: false });
    expect(test.settings).toMatchObject({ generateRandomTest: false, isSectionSwitchingEnabled: false });
  });

  it('RTG totals name sections of the test and ask for no more than they hold', () => {
    const s = addSection(test, {}, ids);
    addQuestions(test, s._id, [{ type: 'integer' }, { type: 'integer' }], { ids, allowGpscType: false });
    applySettings(test, { generateRandomTest: true, settingsForRTG: { [s._id]: { totalQuestions: 2 } } });
    expect(test.settings.settingsForRTG).toEqual({ [s._id]: { totalQuestions: 2 } });
    expect(() => applySettings(test, { settingsForRTG: { [s._id]: { totalQuestions: 3 } } })).toThrow(
      expect.objectContaining({ field: `settings.settingsForRTG.${s._id}.totalQuestions`, params: expect.objectContaining({ count: 2 }) }),
    );
    expect(() => applySettings(test, { settingsForRTG: { nope: { totalQuestions: 0 } } })).toThrow(
      expect.objectContaining({ field: 'settings.settingsForRTG.nope', key: 'sectionNotInTest' }),
    );
  });
});

describe('reveal time and multiple view', () => {
  it('later turns multiple view off, now turns it on', () => {
    applySettings(test, { revealAnswersTime: 'later' });
    expect(test.settings.isSolutionMultipleViewEnabled).toBe(false);
    applySettings(test, { revealAnswersTime: 'now' });
    expect(test.settings.isSolutionMultipleViewEnabled).toBe(true);
  });

  it('sending the same reveal time keeps the user choice of multiple view', () => {
    applySettings(test, { revealAnswersTime: 'now', isSolutionMultipleViewEnabled: false });
    expect(test.settings.isSolutionMultipleViewEnabled).toBe(false);
  });
});

describe('shuffle: questions, options or both', () => {
  it.each([
    ['questions', true, false, 'shuffle_questions'],
    ['options', false, true, 'shuffle_options'],
    ['both', true, true, 'shuffle_both'],
    ['none', false, false, 'do_nothing'],
  ] as const)('%s', (shuffle, questions, options, order) => {
    applySettings(test, { shuffle });
    expect(test.settings).toMatchObject({ shuffleQuestions: questions, shuffleOptions: options, orderOfQuestions: order });
    expect(shuffleChoiceOf(test.settings)).toBe(shuffle);
  });

  it('orderOfQuestions or the flags alone keep the other in step', () => {
    applySettings(test, { orderOfQuestions: 'shuffle_both' });
    expect(test.settings).toMatchObject({ shuffleQuestions: true, shuffleOptions: true });
    applySettings(test, { shuffleQuestions: false });
    expect(test.settings.orderOfQuestions).toBe('shuffle_options');
  });
});

describe('optional questions', () => {
  it('turning them off resets the optional flag of every section', () => {
    applySettings(test, { hasOptionalQuestions: true });
    const a = addSection(test, { hasOptionalQuestions: true }, ids);
    const b = addSection(test, { hasOptionalQuestions: true }, ids);
    expect([a.hasOptionalQuestions, b.hasOptionalQuestions]).toEqual([true, true]);
    applySettings(test, { hasOptionalQuestions: false });
    expect([a.hasOptionalQuestions, b.hasOptionalQuestions]).toEqual([false, false]);
  });
});

it('fonts merge: the list and the include flag', () => {
  applySettings(test, { fonts: { list: [{ face: 'Noto Sans', supported: true }] } });
  applySettings(test, { fonts: { include: true } });
  expect(test.settings.fonts).toEqual({ list: [{ face: 'Noto Sans', supported: true }], include: true });
});
