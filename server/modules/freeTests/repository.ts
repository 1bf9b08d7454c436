import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SharedTestsTable } from '../../db/schema';
import type { SelectQueryBuilder, Selectable, Updateable } from 'kysely';

export type SharedTestRow = Selectable<SharedTestsTable>;
/** The transaction of `lockingTest`, which the service passes on to the reads it makes inside it. */
export type FreeTestTransaction = Transaction<Database>;
/** A free test with what its answer shows of its test. */
export type SharedTestWithTest = SharedTestRow & { test_name: string; test_type: string };

/** The SQL of free tests (`shared_tests`, migration 007: one per test, its id is the link's). */
export class SharedTestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withTest(db: Kysely<Database>) {
    return db.selectFrom('shared_tests as s').innerJoin('tests as t', 't.id', 's.test_id').selectAll('s').select(['t.name as test_name', 't.test_type']);
  }

  /** The free test of a test, in the organisation. */
  ofTest(orgId: string, testId: string, db: Kysely<Database> = this.db): Promise<SharedTestWithTest | undefined> {
    return this.withTest(db).where('s.org_id', '=', orgId).where('s.test_id', '=', testId).executeTakeFirst();
  }

  /** A free test by its id, in the organisation (the caller's test: see routes.ts). */
  byId(orgId: string, id: string, db: Kysely<Database> = this.db): Promise<SharedTestWithTest | undefined> {
    return this.withTest(db).where('s.org_id', '=', orgId).where('s.id', '=', id).executeTakeFirst();
  }

  /** A free test by its id, when its test is among `tests` (a subquery of test ids: the caller's access). */
  byIdAmong(orgId: string, id: string, tests: SelectQueryBuilder<Database, 'tests', { id: string }>): Promise<SharedTestWithTest | undefined> {
    return this.withTest(this.db).where('s.org_id', '=', orgId).where('s.id', '=', id).where('s.test_id', 'in', tests).executeTakeFirst();
  }

  /** Runs `work` with the test row locked: writes of one test's free test never interleave. */
  lockingTest<R>(testId: string, work: (trx: FreeTestTransaction) => Promise<R>): Promise<R> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('tests').select('id').where('id', '=', testId).forUpdate().executeTakeFirst();
      return work(trx);
    });
  }

  async insert(trx: Transaction<Database>, values: Omit<SharedTestRow, 'created_at' | 'updated_at' | 'is_removed'>): Promise<void> {
    await trx.insertInto('shared_tests').values(values).execute();
  }

  async update(trx: Transaction<Database>, id: string, changes: Updateable<SharedTestsTable>): Promise<void> {
    await trx
      .updateTable('shared_tests')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Marks the test shared (isSharedTest), once: its update time moves, so the editor's cached
   * copy of the test and the library's listings are read again.
   */
  async markTestShared(trx: Transaction<Database>, testId: string): Promise<void> {
    await trx
      .updateTable('tests')
      .set({ is_shared_test: true, updated_at: sql<Date>`now()` })
      .where('id', '=', testId)
      .where('is_shared_test', '=', false)
      .execute();
  }
}
