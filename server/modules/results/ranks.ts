/**
 * Ranks of a free test's submitted attempts: 1 for the best score, equal scores share a rank
 * (1, 1, 3). rank = 1 + the attempts with a higher score, read from the count of attempts per
 * score (a few hundred distinct scores even for 100,000 attempts), so a page's ranks cost no
 * window over every attempt.
 */
export class Ranks {
  private readonly scores: number[];
  /** above[i]: attempts with a score higher than scores[i]. */
  private readonly above: number[];

  /** `counts`: submitted attempts per score, best first. */
  constructor(counts: { score: number; count: number }[]) {
    this.scores = counts.map((c) => c.score);
    this.above = [];
    let total = 0;
    for (const { count } of counts) {
      this.above.push(total);
      total += count;
    }
    this.total = total;
  }

  readonly total: number;

  rankOf(score: number): number {
    // The first score not higher than `score` (scores are best first): everything before it is higher.
    let low = 0;
    let high = this.scores.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.scores[middle] > score) low = middle + 1;
      else high = middle;
    }
    return 1 + (low < this.scores.length ? this.above[low] : this.total);
  }
}

const ENTRIES = 1_000;

/**
 * Ranks per free test in this process, under the key they were computed for (the free test's
 * submitted count and publishes, read BEFORE the counts per score, so a submit in between
 * only makes the next call compute them again). Every call reads the key from the database, so
 * a submit or a publish through another server is seen at once. Calls that miss together share
 * one computation.
 */
export class RankCache {
  private readonly entries = new Map<string, { key: string; ranks: Promise<Ranks> }>();

  of(sharedTestId: string, key: string, load: () => Promise<{ score: number; count: number }[]>): Promise<Ranks> {
    const cached = this.entries.get(sharedTestId);
    if (cached?.key === key) return cached.ranks;
    const ranks = load().then((counts) => new Ranks(counts));
    // A failed load is not kept: the next call tries again.
    ranks.catch(() => this.entries.get(sharedTestId)?.ranks === ranks && this.entries.delete(sharedTestId));
    this.entries.delete(sharedTestId);
    if (this.entries.size >= ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sharedTestId, { key, ranks });
    return ranks;
  }
}
