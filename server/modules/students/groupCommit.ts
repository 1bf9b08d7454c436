/**
 * Group commit (issue 19): writes that arrive while earlier ones are committing wait, and go
 * together in the next transaction, so a burst of student saves or submits costs a few commits
 * rather than one each. Nothing waits for a timer: a write that finds a free slot commits at
 * once, alone. A caller's promise resolves only once its transaction has committed (PostgreSQL's
 * commit is durable: synchronous_commit), so no answer is acknowledged that a crash could lose.
 * When a group fails (a deadlock with another group, a bad row) nothing of it was written, and
 * each of its writes is tried again in a transaction of its own, so one write's error is its own.
 */
export class GroupCommit<T, R> {
  private readonly waiting: { item: T; resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;
  /** Transactions committed and writes in them, since the start (bench, tests). */
  readonly counts = { transactions: 0, writes: 0 };

  constructor(
    /** Writes the items in ONE transaction (the repository's); answers one result per item, in order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly options: { maxGroup: number; concurrency: number } = { maxGroup: 200, concurrency: 3 },
  ) {}

  run(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.waiting.length) {
      const group = this.waiting.splice(0, this.options.maxGroup);
      this.running++;
      void this.commit(group).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async inTransaction(items: T[]): Promise<R[]> {
    const results = await this.write(items);
    this.counts.transactions++;
    this.counts.writes += items.length;
    return results;
  }

  private async commit(group: typeof this.waiting): Promise<void> {
    try {
      const results = await this.inTransaction(group.map((g) => g.item));
      group.forEach((g, i) => g.resolve(results[i]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const g of group) {
        await this.inTransaction([g.item]).then(([result]) => g.resolve(result!), g.reject);
      }
    }
  }
}
