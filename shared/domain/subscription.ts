/** Subscription rules shared by the server (which computes them) and the portal (which shows them). */
export const EXPIRY_WARNING_MIN_DAYS = 1;
export const EXPIRY_WARNING_MAX_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Whole days left until the subscription ends, never below 0. A part of a day counts as a day,
 * so an organisation created with `--days 5` sees 5, and 0 means the end has passed.
 */
export function remainingDays(subscriptionEndsAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((subscriptionEndsAt.getTime() - now.getTime()) / DAY_MS));
}

export function isExpired(days: number): boolean {
  return days <= 0;
}

export function isExpiring(days: number): boolean {
  return days >= EXPIRY_WARNING_MIN_DAYS && days <= EXPIRY_WARNING_MAX_DAYS;
}

/** The spec's rule, as written: "days" when more than 2 remain, otherwise "day". */
export function dayWordKey(days: number): 'day' | 'days' {
  return days > 2 ? 'days' : 'day';
}

export interface SubscriptionFlags {
  remainingDays: number;
  showExpiredModal: boolean;
  showExpiringHeader: boolean;
  showExpiringModal: boolean;
}

export function subscriptionFlags(subscriptionEndsAt: Date, now: Date = new Date()): SubscriptionFlags {
  const days = remainingDays(subscriptionEndsAt, now);
  return {
    remainingDays: days,
    showExpiredModal: isExpired(days),
    showExpiringHeader: isExpiring(days),
    showExpiringModal: isExpiring(days),
  };
}
