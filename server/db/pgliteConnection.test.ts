import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { pgliteConfig } from './pgliteConnection';

// @database-neutral: it opens its own PGlite whichever database the project tests, so it runs once, not on each database (jest.config.js).

/** node-postgres on PGlite through PgliteConnection: what the server does on every query. */
describe('PgliteConnection', () => {
  let pglite: PGlite;
  let pool: pg.Pool;
  const sent: number[] = [];

  beforeAll(async () => {
    pglite = await PGlite.create();
    // Count PGlite's entry calls: one per query is the point of the class.
    const exec = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = (message, options) => {
      sent.push(message.length);
      return exec(message, options);
    };
    pool = new pg.Pool(pgliteConfig(pglite) as pg.PoolConfig);
    await pool.query('create table t (id int primary key, name text not null)');
  });

  afterAll(async () => {
    await pool.end();
    await pglite.close();
  });

  test('a query with parameters is one call to PGlite and answers its rows', async () => {
    sent.length = 0;
    await pool.query('insert into t values ($1, $2), ($3, $4)', [1, 'an', 2, 'bình']);
    const { rows } = await pool.query('select id, name from t where id >= $1 order by id', [1]);
    expect(rows).toEqual([
      { id: 1, name: 'an' },
      { id: 2, name: 'bình' },
    ]);
    expect(sent).toHaveLength(2);
  });

  test('a failing statement reports its error and the connection goes on', async () => {
    await expect(pool.query('select nope from t where id = $1', [1])).rejects.toThrow(/column "nope" does not exist/);
    await expect(pool.query('insert into t values ($1, $2)', [1, 'again'])).rejects.toThrow(/duplicate key/);
    expect((await pool.query('select count(*)::int as n from t where id > $1', [0])).rows).toEqual([{ n: 2 }]);
  });

  test('a transaction rolled back after an error leaves the data whole', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('update t set name = $1 where id = $2', ['changed', 1]);
      await expect(client.query('insert into t values ($1, $2)', [2, 'clash'])).rejects.toThrow(/duplicate key/);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await pool.query('select name from t where id = $1', [1])).rows).toEqual([{ name: 'an' }]);
  });

  test('named statements are prepared once and run again', async () => {
    const query = { name: 'by-id', text: 'select name from t where id = $1' };
    expect((await pool.query({ ...query, values: [1] })).rows).toEqual([{ name: 'an' }]);
    expect((await pool.query({ ...query, values: [2] })).rows).toEqual([{ name: 'bình' }]);
  });

  test('a cursor reads its rows in batches (Execute with a row limit, then Flush)', async () => {
    await pool.query('insert into t select g, $1 || g from generate_series(10, 34) g', ['row ']);
    const client = await pool.connect();
    try {
      const cursor = client.query(new Cursor('select id from t where id >= $1 order by id', [10]));
      const batches: number[] = [];
      for (;;) {
        const rows = await cursor.read(10);
        if (rows.length === 0) break;
        batches.push(rows.length);
      }
      await cursor.close();
      expect(batches).toEqual([10, 10, 5]);
    } finally {
      client.release();
    }
  });
});
