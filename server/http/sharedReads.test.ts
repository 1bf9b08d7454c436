import { SharedReads } from './sharedReads';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

/** A read that answers when told to, counting how often it was made. */
function controlledRead() {
  const calls: { resolve: (v: number) => void; reject: (e: unknown) => void }[] = [];
  const read = () => new Promise<number>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, read };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedReads', () => {
  test('requests that arrive together share one read', async () => {
    const reads = new SharedReads<number>();
    const { calls, read } = controlledRead();
    const answers = Promise.all([reads.read('a', read), reads.read('a', read), reads.read('a', read)]);
    await nextTurn();
    expect(calls).toHaveLength(1);
    calls[0].resolve(7);
    expect(await answers).toEqual([7, 7, 7]);
  });

  test('a request arriving during a read waits for the next read, never the one under way', async () => {
    const reads = new SharedReads<number>();
    const { calls, read } = controlledRead();
    const first = reads.read('a', read);
    await nextTurn();
    expect(calls).toHaveLength(1);
    // The database changes now; these two ask after the first read began.
    const late = Promise.all([reads.read('a', read), reads.read('a', read)]);
    await nextTurn();
    expect(calls).toHaveLength(1);
    calls[0].resolve(1);
    expect(await first).toBe(1);
    await nextTurn();
    expect(calls).toHaveLength(2);
    calls[1].resolve(2);
    expect(await late).toEqual([2, 2]);
  });

  test('different keys are read apart, and a failed read fails only its own requests', async () => {
    const reads = new SharedReads<number>();
    const { calls, read } = controlledRead();
    const a = reads.read('a', read);
    const b = reads.read('b', read);
    await nextTurn();
    expect(calls).toHaveLength(2);
    calls[0].reject(new Error('gone'));
    calls[1].resolve(5);
    await expect(a).rejects.toThrow('gone');
    expect(await b).toBe(5);
    // After a failure the key reads again.
    const again = reads.read('a', read);
    await nextTurn();
    calls[2].resolve(6);
    expect(await again).toBe(6);
  });
});
