import { LIMITS, UNLIMITED_ATTEMPTS } from './test/defaults';

/**
 * Free (shared) tests: a test published by link (spec sections 3, 4 and 9; decisions section 5).
 * The rules here are shared by the server (which enforces them) and the portal's dialog.
 */

/** Spec section 9: the free test is created (or updated) 1 s after the tutor's last change. */
export const FREE_TEST_DEBOUNCE_MS = 1000;
/**
 * A new free test opens now (issue 17; spec section 9 said 30 minutes from now, which left a
 * freshly copied link that nobody could open for half an hour).
 */
export const FREE_TEST_START_OFFSET_MS = 0;
/** Spec section 9: -1, unlimited attempts per student. */
export const FREE_TEST_UNLIMITED_ATTEMPTS = UNLIMITED_ATTEMPTS;
export const FREE_TEST_MAX_ATTEMPTS = LIMITS.maxAttempts;

/** The start of a new free test: now, rounded down to the whole minute (date pickers show minutes), so the link opens at once. */
export function defaultFreeTestStart(now: Date = new Date()): Date {
  return new Date(Math.floor((now.getTime() + FREE_TEST_START_OFFSET_MS) / 60_000) * 60_000);
}

/** Nobody can open the link yet: its start is still to come. */
export const opensLater = (startTime: Date | string, now = Date.now()) => new Date(startTime).getTime() > now;

export const isValidAttempts = (value: number) =>
  Number.isInteger(value) && (value === FREE_TEST_UNLIMITED_ATTEMPTS || (value >= 1 && value <= FREE_TEST_MAX_ATTEMPTS));

export interface FreeTestWindow {
  startTime: Date | string;
  endTime: Date | string | null;
}

/** The end must come after the start (no end: open until disabled). */
export function endsAfterStart({ startTime, endTime }: FreeTestWindow): boolean {
  return endTime === null || new Date(endTime).getTime() > new Date(startTime).getTime();
}

/** The states of the free-test dialog (spec section 4): before it exists, then after each change. */
export type FreeTestState = 'new' | 'created' | 'updated' | 'removed' | 're-enabled';

/** `/t/{id}`: the student page of a free test (decisions section 5), on the given origin. */
export const freeTestUrl = (origin: string, sharedTestId: string) => `${origin.replace(/\/$/, '')}/t/${encodeURIComponent(sharedTestId)}`;
