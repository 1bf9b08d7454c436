interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

interface Key<T> {
  /** Asked and not yet read: they share the next read. */
  waiting: Waiter<T>[];
  read: () => Promise<T>;
}

/**
 * The same read, asked by several requests at about the same time, made once for all of them
 * (request collapsing). A request never joins a read already under way, which may have looked
 * at the database before the request arrived: it waits for the next one, made as soon as that
 * one answers. So every answer is as fresh as a read of its own would be, and N identical
 * requests at once cost two reads, not N. Keys must hold everything the answer depends on
 * (the caller's identity included).
 */
export class SharedReads<T> {
  private readonly keys = new Map<string, Key<T>>();

  read(key: string, read: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = this.keys.get(key);
      if (entry) {
        entry.waiting.push({ resolve, reject });
        entry.read = read;
        return;
      }
      // The key is kept while a read for it is scheduled or under way.
      this.keys.set(key, { waiting: [{ resolve, reject }], read });
      this.readSoon(key);
    });
  }

  /** After this event-loop turn's I/O, so that the requests that came in together share the read. */
  private readSoon(key: string): void {
    setImmediate(() => void this.readWaiting(key));
  }

  private async readWaiting(key: string): Promise<void> {
    const entry = this.keys.get(key)!;
    const waiters = entry.waiting;
    entry.waiting = [];
    try {
      const value = await entry.read();
      for (const waiter of waiters) waiter.resolve(value);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
    if (entry.waiting.length) this.readSoon(key);
    else this.keys.delete(key);
  }
}
