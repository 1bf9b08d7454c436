/**
 * A read made once per key and kept: everyone who asks for the key while it is being read, or
 * after, shares that one promise (a class starting together reads its test once). A failed read
 * is forgotten, so the next ask reads again. At most `limit` keys are kept, the oldest dropped
 * first. For values that never go stale under their key (a test's version, a recorded version);
 * reads that may go stale share through SharedReads instead.
 */
export class KeptReads<T> {
  private readonly kept = new Map<string, Promise<T>>();

  constructor(private readonly limit: number) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const found = this.kept.get(key);
    if (found) return found;
    const reading = read();
    if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, reading);
    reading.catch(() => this.kept.get(key) === reading && this.kept.delete(key));
    return reading;
  }
}
