interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads by key asked in the same turn of the event loop, made with one query for all of them
 * (issue 19: 2,000 students submitting at once were 2,000 session reads, most of the statements
 * of the burst; each statement is a socket write, a wake-up of a PostgreSQL backend and a query
 * built and parsed). A read starts after every request it serves has arrived, so its answer is
 * as fresh as a read of its own. A key asked twice in one batch gets the row twice, the second
 * a copy: callers may change what they got. One failed query fails the requests of its batch.
 */
export class BatchedLookup<V> {
  private pending = new Map<string, Waiter<V>[]>();
  private scheduled = false;

  constructor(
    /** The rows of these keys (at most `max`), by key; a key without a row is absent. */
    private readonly readMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly max = 500,
  ) {}

  get(key: string): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (this.scheduled) return;
      this.scheduled = true;
      // After this turn's I/O: the requests that came in together share the read.
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += this.max) {
      const chunk = keys.slice(start, start + this.max);
      this.readMany(chunk).then(
        (found) => {
          for (const key of chunk) {
            const value = found.get(key);
            batch.get(key)!.forEach((waiter, i) => waiter.resolve(i === 0 || value === undefined ? value : structuredClone(value)));
          }
        },
        (error: unknown) => {
          for (const key of chunk) for (const waiter of batch.get(key)!) waiter.reject(error);
        },
      );
    }
  }
}
