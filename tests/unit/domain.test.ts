import { BADGE_CAP, formatBadgeCount } from '@shared/domain/badge';
import { DEFAULT_DATE_FORMAT, formatDate, formatDateTime, formatNumber } from '@shared/domain/dates';
import { CALLBACK_PHONE_LENGTH, CALLBACK_PROMISE_MINUTES, isValidCallbackNumber } from '@shared/domain/help';
import { checkNewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/domain/password';
import {
  dayWordKey,
  EXPIRY_WARNING_MAX_DAYS,
  EXPIRY_WARNING_MIN_DAYS,
  isExpired,
  isExpiring,
  remainingDays,
  subscriptionFlags,
} from '@shared/domain/subscription';
import { DEFAULT_TEST_SETTINGS, QUESTION_ORDERS, REVEAL_ANSWERS_TIMES, REVEAL_CORRECT_ANSWERS } from '@shared/domain/testSettings';
import { SPEC_TEST_SETTINGS } from '../support/specDefaults';

const DAY = 86_400_000;
const NOW = new Date('2025-03-10T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('subscription: remainingDays', () => {
  it('counts whole days', () => {
    expect(remainingDays(later(5 * DAY), NOW)).toBe(5);
    expect(remainingDays(later(1 * DAY), NOW)).toBe(1);
  });

  it('counts a part of a day as a whole day', () => {
    expect(remainingDays(later(1), NOW)).toBe(1);
    expect(remainingDays(later(DAY / 2), NOW)).toBe(1);
    expect(remainingDays(later(4 * DAY + 1), NOW)).toBe(5);
    expect(remainingDays(later(5 * DAY - 1), NOW)).toBe(5);
  });

  it('is 0 exactly at the end', () => {
    expect(remainingDays(NOW, NOW)).toBe(0);
  });

  it('never goes below 0 for past dates', () => {
    expect(remainingDays(later(-1), NOW)).toBe(0);
    expect(remainingDays(later(-DAY / 2), NOW)).toBe(0);
    expect(remainingDays(later(-30 * DAY), NOW)).toBe(0);
  });

  it('uses the current time by default', () => {
    expect(remainingDays(new Date(Date.now() + 3 * DAY - 60_000))).toBe(3);
    expect(remainingDays(new Date(Date.now() - 60_000))).toBe(0);
  });
});

describe('subscription: isExpired / isExpiring', () => {
  it('is expired at 0 days only', () => {
    expect(isExpired(0)).toBe(true);
    expect(isExpired(1)).toBe(false);
    expect(isExpired(30)).toBe(false);
  });

  it('warns from 1 to 14 days', () => {
    expect(EXPIRY_WARNING_MIN_DAYS).toBe(1);
    expect(EXPIRY_WARNING_MAX_DAYS).toBe(14);
    expect(isExpiring(0)).toBe(false);
    expect(isExpiring(1)).toBe(true);
    expect(isExpiring(14)).toBe(true);
    expect(isExpiring(15)).toBe(false);
  });
});

describe('subscription: dayWordKey (the spec rule as written: "days" only when more than 2 remain)', () => {
  it.each([
    [0, 'day'],
    [1, 'day'],
    [2, 'day'],
    [3, 'days'],
    [14, 'days'],
  ] as const)('%i -> %s', (days, word) => {
    expect(dayWordKey(days)).toBe(word);
  });
});

describe('subscription: subscriptionFlags', () => {
  it('at 0 days: expired modal, no expiring notices', () => {
    expect(subscriptionFlags(later(-DAY), NOW)).toEqual({
      remainingDays: 0,
      showExpiredModal: true,
      showExpiringHeader: false,
      showExpiringModal: false,
    });
  });

  it('from 1 to 14 days: expiring header and modal', () => {
    for (const days of [1, 14]) {
      expect(subscriptionFlags(later(days * DAY), NOW)).toEqual({
        remainingDays: days,
        showExpiredModal: false,
        showExpiringHeader: true,
        showExpiringModal: true,
      });
    }
  });

  it('with a part of day 15 left: still 15, no notices', () => {
    expect(subscriptionFlags(later(14 * DAY + 1), NOW)).toEqual({
      remainingDays: 15,
      showExpiredModal: false,
      showExpiringHeader: false,
      showExpiringModal: false,
    });
  });
});

describe('badge: formatBadgeCount', () => {
  it('shows the count up to 999, and 999+ above', () => {
    expect(BADGE_CAP).toBe(999);
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(42)).toBe('42');
    expect(formatBadgeCount(999)).toBe('999');
    expect(formatBadgeCount(1000)).toBe('999+');
    expect(formatBadgeCount(12345)).toBe('999+');
  });
});

describe('help: call-back number', () => {
  it('needs exactly 10 characters', () => {
    expect(CALLBACK_PHONE_LENGTH).toBe(10);
    expect(CALLBACK_PROMISE_MINUTES).toBe(5);
    expect(isValidCallbackNumber('')).toBe(false);
    expect(isValidCallbackNumber('123456789')).toBe(false);
    expect(isValidCallbackNumber('1234567890')).toBe(true);
    expect(isValidCallbackNumber('12345678901')).toBe(false);
  });
});

describe('password: checkNewPassword', () => {
  it('has the server limits', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it('rejects passwords under 8 characters before comparing', () => {
    expect(checkNewPassword('', '')).toBe('tooShort');
    expect(checkNewPassword('1234567', '1234567')).toBe('tooShort');
    expect(checkNewPassword('1234567', 'different')).toBe('tooShort');
  });

  it('rejects a confirmation that differs', () => {
    expect(checkNewPassword('12345678', '12345679')).toBe('mismatch');
    expect(checkNewPassword('12345678', '')).toBe('mismatch');
  });

  it('accepts 8 matching characters', () => {
    expect(checkNewPassword('12345678', '12345678')).toBeNull();
  });
});

describe('dates and numbers through Intl, in each UI language (issue 17)', () => {
  // Local noon (no offset): 7 March in whatever time zone the tests run in.
  const date = '2025-03-07T12:00:00';

  it("defaults to the language's medium date, the month as a name", () => {
    expect(DEFAULT_DATE_FORMAT).toBe('DD MMM YYYY');
    expect(formatDate(date, undefined)).toBe('7 Mar 2025');
    expect(formatDate(date, '')).toBe('7 Mar 2025');
    expect(formatDate(new Date(date), undefined)).toBe('7 Mar 2025');
  });

  it.each([
    ['en', 'DD MMM YYYY', '7 Mar 2025'],
    ['en', 'DD/MM/YYYY', '07/03/2025'],
    ['vi', 'DD MMM YYYY', '7 thg 3, 2025'],
    ['vi', 'DD/MM/YYYY', '07/03/2025'],
    ['ko', 'DD MMM YYYY', '2025. 3. 7.'],
    ['ko', 'YYYY-MM-DD', '2025. 03. 07.'],
  ])('in %s with the region format %s: %s', (language, format, expected) => {
    expect(formatDate(date, format, language)).toBe(expected);
  });

  it('Korean reads year, month, day (2026. 11. 24.), never "24 11월 2026"', () => {
    expect(formatDate('2026-11-24T12:00:00', undefined, 'ko')).toBe('2026. 11. 24.');
    expect(formatDate('2026-11-24T12:00:00', undefined, 'ko-KR')).toBe('2026. 11. 24.');
  });

  it.each([
    ['en', '24 Nov 2026 09:05'],
    ['vi', '24 thg 11, 2026 09:05'],
    ['ko', '2026. 11. 24. 09:05'],
  ])('a date and time in %s: %s', (language, expected) => {
    expect(formatDateTime('2026-11-24T09:05:00', undefined, language)).toBe(expected);
  });

  it.each([
    ['en', '12,345.5', '0.25'],
    ['vi', '12.345,5', '0,25'],
    ['ko', '12,345.5', '0.25'],
  ])('numbers in %s: %s', (language, thousands, fraction) => {
    expect(formatNumber(12345.49, language)).toBe(thousands);
    expect(formatNumber(0.25, language, 2, 2)).toBe(fraction);
    expect(formatNumber(null, language)).toBe('—');
  });

  it('gives an empty string for invalid dates', () => {
    expect(formatDate('not a date', 'DD/MM/YYYY')).toBe('');
    expect(formatDate('', 'DD MMM YYYY', 'vi')).toBe('');
    expect(formatDate(new Date(Number.NaN), undefined, 'ko')).toBe('');
    expect(formatDateTime('', undefined, 'ko')).toBe('');
  });
});

describe('testSettings: defaults of spec section 9', () => {
  it('questions in order, reveal all correct answers immediately, solutions and section switching on', () => {
    expect(DEFAULT_TEST_SETTINGS).toEqual(SPEC_TEST_SETTINGS);
  });

  it('defaults are among the allowed values', () => {
    expect(QUESTION_ORDERS).toContain(DEFAULT_TEST_SETTINGS.orderOfQuestions);
    expect(REVEAL_CORRECT_ANSWERS).toContain(DEFAULT_TEST_SETTINGS.revealCorrectAnswers);
    expect(REVEAL_ANSWERS_TIMES).toContain(DEFAULT_TEST_SETTINGS.revealAnswersTime);
    expect(QUESTION_ORDERS).toEqual(['do_nothing', 'shuffle_questions', 'shuffle_options', 'shuffle_both']);
    expect(REVEAL_CORRECT_ANSWERS).toEqual(['all_questions', 'incorrect_questions']);
    expect(REVEAL_ANSWERS_TIMES).toEqual(['now', 'later']);
  });
});
