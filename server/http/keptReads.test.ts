import { KeptReads } from './keptReads';

// @database-neutral: its subject is an in-memory helper, so it runs once, not on each database (jest.config.js).

describe('KeptReads', () => {
  test('asks at the same time and later share one read per key', async () => {
    const kept = new KeptReads<number>(10);
    let reads = 0;
    const read = async () => ++reads;
    const [a, b] = await Promise.all([kept.get('k', read), kept.get('k', read)]);
    expect([a, b, await kept.get('k', read)]).toEqual([1, 1, 1]);
    expect(await kept.get('other', read)).toBe(2);
    expect(reads).toBe(2);
  });

  test('a failed read is forgotten: the next ask reads again', async () => {
    const kept = new KeptReads<string>(10);
    await expect(kept.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('k', async () => 'up')).toBe('up');
  });

  test('past the limit the oldest key is dropped and read again when asked', async () => {
    const kept = new KeptReads<string>(2);
    const reads: string[] = [];
    const read = (key: string) => async () => {
      reads.push(key);
      return key;
    };
    for (const key of ['a', 'b', 'c', 'b', 'a']) await kept.get(key, read(key));
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
