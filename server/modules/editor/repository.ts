import { sql, type Kysely, type Transaction } from 'kysely';
import { contentOf, hydrateTest, TestRuleError, type Test } from '@shared/domain/test';
import type { DefaultTestSettings } from '@shared/domain/testSettings';
import type { Database, Folder, TestRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { assertMayChangeTest, foldersOfLibraryOf, testsVisibleTo, type Caller } from '../../access';
import { readClpDefaults } from '../settings/repository';

/** Who is editing: server/access's caller (the name the editor's users know it by). */
export type EditorCaller = Caller;

/**
 * A test's owner as the caller that reads it for someone who is not a tutor at the editor (a
 * student's attempt, the analysis in the background): every question type allowed, so no content
 * the owner saved is refused on the way back.
 */
export function ownerOf(row: Pick<TestRow, 'org_id' | 'owner_id'>, defaultSettings: EditorCaller['defaultSettings'] = null): EditorCaller {
  return { orgId: row.org_id, userId: row.owner_id ?? '', sharedGlobal: false, clpEditor: false, allowGpscType: true, tbTests: true, defaultSettings };
}

/** What a change may do besides the test's content: move the test to another folder (null: the root). */
export interface ChangeContext {
  trx: Transaction<Database>;
  row: TestRow;
  moveTo: (folder: Folder | null) => void;
}

/** A domain refusal, as the API answers it. */
export function appErrorOf(error: TestRuleError): AppError {
  return new AppError(error.status, error.code, error.key, error.params, error.field ? [{ field: error.field, message: error.key }] : undefined);
}

const OPENED_AGAIN_AFTER_MS = 60_000;

/** The SQL of the test editor: one test row, its content (sections and questions) in `content`. */
export class TestEditorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  read(caller: EditorCaller, testId: string, db: Kysely<Database> = this.db): Promise<TestRow | undefined> {
    return db.selectFrom('tests').selectAll().where('id', '=', testId).where(testsVisibleTo(caller)).executeTakeFirst();
  }

  /**
   * The caller's own tests (not the Global Library's), as a subquery of ids: the rule of `read`,
   * for a query that joins them in one round trip (the Results screen's polls, issue 16).
   */
  ownIds(caller: EditorCaller) {
    return this.db.selectFrom('tests').select('id').where(testsVisibleTo(caller)).where('is_global', '=', false);
  }

  /**
   * What a cached copy of the test is checked against, without its content: the version and
   * update time (every write of the test or of its row changes one), and whether the content
   * stores settings (without them the answer depends on default settings held elsewhere).
   */
  readHead(caller: EditorCaller, testId: string) {
    return this.db
      .selectFrom('tests')
      .select(['id', 'version', 'updated_at', 'opened_at', 'owner_id', 'is_global', sql<boolean>`(content ? 'settings')`.as('has_settings')])
      .where('id', '=', testId)
      .where(testsVisibleTo(caller))
      .executeTakeFirst();
  }

  /** Opening one's own test makes it a recent test of the library (at most one write a minute). */
  async markOpened(caller: EditorCaller, row: Pick<TestRow, 'id' | 'is_global' | 'owner_id' | 'opened_at'>, now = new Date()): Promise<void> {
    if (row.is_global || row.owner_id !== caller.userId) return;
    if (row.opened_at && now.getTime() - new Date(row.opened_at).getTime() < OPENED_AGAIN_AFTER_MS) return;
    await this.db.updateTable('tests').set({ opened_at: now }).where('id', '=', row.id).execute();
  }

  /** The test of a row; settings that were never stored are the owner's defaults. */
  async hydrate(caller: EditorCaller, row: TestRow, db: Kysely<Database> = this.db): Promise<Test> {
    const content = row.content as { settings?: unknown };
    let defaults: Partial<DefaultTestSettings> = {};
    if (!content?.settings) {
      if (row.is_global) {
        defaults = await readClpDefaults(db);
      } else {
        defaults = caller.defaultSettings ?? {};
      }
    }
    return hydrateTest(
      {
        _id: row.id,
        name: row.name,
        tags: row.tags,
        duration: row.duration_ms,
        testType: row.test_type,
        languages: row.languages,
        isGlobal: row.is_global,
        isAttempted: row.is_attempted,
        content: row.content,
      },
      defaults,
    );
  }

  /** A folder of the test's library (My Library of its owner, or the Global Library). */
  async folderOf(trx: Transaction<Database>, row: TestRow, folderId: string): Promise<Folder> {
    const folder = await trx.selectFrom('folders').selectAll().where('id', '=', folderId).where(foldersOfLibraryOf(row)).executeTakeFirst();
    if (!folder) throw notFound('folder');
    return folder;
  }

  /**
   * One change of a test, in one transaction: the row is locked (`select ... for update`), a
   * stale `version` is refused, `apply` changes the test with the shared rules, and the content,
   * its totals and the columns are written with the version bumped. A rule's refusal leaves
   * the test as it was.
   */
  change<R>(
    caller: EditorCaller,
    testId: string,
    version: number | undefined,
    apply: (test: Test, context: ChangeContext) => R | Promise<R>,
    /** Runs first in the transaction, before the row is locked (a publish takes its own lock there). */
    before?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<{ test: Test; row: TestRow; result: R }> {
    return this.db.transaction().execute(async (trx) => {
      if (before) await before(trx);
      const row = await trx.selectFrom('tests').selectAll().where('id', '=', testId).where(testsVisibleTo(caller)).forUpdate().executeTakeFirst();
      if (!row) throw notFound('test');
      assertMayChangeTest(caller, row);
      if (version !== undefined && version !== row.version) {
        throw new AppError(409, 'TEST_CHANGED', 'testChanged', { yourVersion: version, currentVersion: row.version });
      }
      const test = await this.hydrate(caller, row, trx);
      let folderId = row.parent_folder_id;
      let result: R;
      try {
        result = await apply(test, { trx, row, moveTo: (folder) => (folderId = folder?.id ?? null) });
      } catch (error) {
        throw error instanceof TestRuleError ? appErrorOf(error) : error;
      }
      const saved = await trx
        .updateTable('tests')
        .set({
          name: test.name,
          tags: JSON.stringify(test.tags),
          duration_ms: test.duration,
          languages: JSON.stringify(test.languages),
          test_type: test.testType,
          parent_folder_id: folderId,
          content: JSON.stringify(contentOf(test)),
          total_marks: test.totalMarks,
          total_questions: test.totalNumberOfQuestions,
          version: sql<number>`version + 1`,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { test, row: saved, result };
    });
  }
}
