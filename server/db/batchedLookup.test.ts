import { BatchedLookup } from './batchedLookup';

// @database-neutral: its subject is an in-memory helper, so it runs once, not on each database (jest.config.js).

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedLookup', () => {
  test('keys asked in one turn are read with one query; a later ask is a new query, after it was asked', async () => {
    const queries: string[][] = [];
    const rows = new Map([
      ['a', { n: 1 }],
      ['b', { n: 2 }],
    ]);
    const lookup = new BatchedLookup(async (keys) => {
      queries.push(keys);
      return new Map(keys.flatMap((k) => (rows.has(k) ? [[k, rows.get(k)!] as const] : [])));
    });
    const [a, b, missing] = await Promise.all([lookup.get('a'), lookup.get('b'), lookup.get('nobody')]);
    expect([a, b, missing]).toEqual([{ n: 1 }, { n: 2 }, undefined]);
    expect(queries).toEqual([['a', 'b', 'nobody']]);

    rows.set('a', { n: 10 });
    expect(await lookup.get('a')).toEqual({ n: 10 });
    expect(queries).toEqual([['a', 'b', 'nobody'], ['a']]);
  });

  test('a key asked twice in one batch is read once, and the second gets its own copy', async () => {
    let reads = 0;
    const lookup = new BatchedLookup(async (keys) => {
      reads += keys.length;
      return new Map(keys.map((k) => [k, { layout: { sections: [k] } }]));
    });
    const [first, second] = await Promise.all([lookup.get('t'), lookup.get('t')]);
    expect(reads).toBe(1);
    expect(second).toEqual(first);
    first!.layout.sections.push('changed by its caller');
    expect(second!.layout.sections).toEqual(['t']);
  });

  test('more keys than a query takes are read in several; a failed query fails only its own batch', async () => {
    const sizes: number[] = [];
    const lookup = new BatchedLookup(async (keys) => {
      sizes.push(keys.length);
      if (keys.includes('bad')) throw new Error('database down');
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    }, 2);
    const asked = ['a', 'b', 'c', 'bad', 'e'].map((k) =>
      lookup.get(k).then(
        (v) => v,
        (error: Error) => error.message,
      ),
    );
    expect(await Promise.all(asked)).toEqual(['A', 'B', 'database down', 'database down', 'E']);
    expect(sizes).toEqual([2, 2, 1]);
    await tick();
    expect(await lookup.get('later')).toBe('LATER');
  });
});
