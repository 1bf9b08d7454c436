export const BADGE_CAP = 999;

/** The Report Dashboard badge: the count, or 999+ above 999. */
export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
