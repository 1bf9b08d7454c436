import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Folder } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { inScope, type LibraryScope } from '../../access';
import { assertSelectionFound, ROOT_FOLDER_ID, type Selection } from './selection';
import { applySelection } from './selectionRepository';
import type { TrashRepository } from '../trash/repository';

/**
 * The SQL of moves and deletes: each runs in one transaction, so a failure halfway leaves the library as
 * it was.
 */
export class LibraryActions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly trash: TrashRepository,
  ) {}

  private async destination(trx: Transaction<Database>, scope: LibraryScope, folderId: string): Promise<Folder | null> {
    if (folderId === ROOT_FOLDER_ID) return null;
    const folder = await trx.selectFrom('folders').selectAll().where(inScope<'folders'>(scope)).where('id', '=', folderId).executeTakeFirst();
    if (!folder) throw notFound('folder');
    return folder;
  }

  private selectedFolders(trx: Transaction<Database>, scope: LibraryScope, selection: Selection) {
    return applySelection(trx.selectFrom('folders as t').where(inScope<'folders'>(scope) as any), selection, 'folders')
      .select(['t.id', 't.path', 't.level', 't.name'])
      .execute() as Promise<Pick<Folder, 'id' | 'path' | 'level' | 'name'>[]>;
  }

  private selectedTestIds(trx: Transaction<Database>, scope: LibraryScope, selection: Selection): Promise<{ id: string }[]> {
    return applySelection(trx.selectFrom('tests as t').where(inScope<'tests'>(scope) as any), selection, 'tests')
      .select(['t.id'])
      .execute() as Promise<{ id: string }[]>;
  }

  /** The selected tests with the path of the folder holding them (null: the root), `path || id || '/'`. */
  private selectedTests(trx: Transaction<Database>, scope: LibraryScope, selection: Selection): Promise<{ id: string; parent_path: string | null }[]> {
    return applySelection(trx.selectFrom('tests as t').where(inScope<'tests'>(scope) as any), selection, 'tests')
      .select(['t.id', sql<string | null>`(select p.path || p.id || '/' from folders p where p.id = t.parent_folder_id)`.as('parent_path')])
      .execute() as Promise<{ id: string; parent_path: string | null }[]>;
  }

  /** Spec section 6: attempted tests restrict deletion. Names the tests in the refusal. */
  private async refuseAttempted(trx: Transaction<Database>, where: { testIds?: string[]; folders?: Pick<Folder, 'id' | 'path'>[] }) {
    let query = trx.selectFrom('tests').select('name').where('is_attempted', '=', true);
    if (where.testIds) query = query.where('id', 'in', where.testIds.length ? where.testIds : ['']);
    if (where.folders) {
      const ids = where.folders.map((f) => f.id);
      const subtrees = where.folders.map((f) => `${f.path}${f.id}/%`);
      query = query.where((eb) =>
        eb.or([
          eb('parent_folder_id', 'in', ids.length ? ids : ['']),
          eb(
            'parent_folder_id',
            'in',
            eb
              .selectFrom('folders')
              .select('id')
              .where(sql<boolean>`path like any(${subtrees})`),
          ),
        ]),
      );
    }
    const attempted = await query.orderBy('name').limit(6).execute();
    if (attempted.length === 0) return;
    const count = attempted.length > 5 ? '5+' : attempted.length;
    throw new AppError(409, 'TESTS_ATTEMPTED', 'attemptedTests', {
      count,
      names: attempted
        .slice(0, 5)
        .map((t) => t.name)
        .join(', '),
    });
  }

  /**
   * Deletes folders, with everything inside them, and tests, in one transaction: a refusal or a
   * failure leaves both as they were. What goes is first put into the Trash (one item per folder
   * or test; a folder or test inside another deleted folder goes with it), for 30 days.
   */
  delete(
    scope: LibraryScope,
    what: { folders?: Selection; tests?: Selection },
    deletedBy: string,
  ): Promise<{ folders: number; tests: number; trashIds: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const folders = what.folders ? await this.selectedFolders(trx, scope, what.folders) : [];
      const selectedTests = what.tests ? await this.selectedTests(trx, scope, what.tests) : [];
      const testIds = selectedTests.map((t) => t.id);
      // Every listed id in the library, or 404 before anything is deleted.
      if (what.folders) assertSelectionFound(what.folders, folders.length, 'folders');
      if (what.tests) assertSelectionFound(what.tests, testIds.length, 'tests');
      if (folders.length) await this.refuseAttempted(trx, { folders });
      if (testIds.length) await this.refuseAttempted(trx, { testIds });
      // A search's selection may hold a folder and something inside it: the outer one is trashed, with the rest inside it.
      const inside = (path: string) => folders.some((f) => path.startsWith(`${f.path}${f.id}/`));
      const outerFolders = folders.filter((f) => !inside(f.path));
      const outerTests = selectedTests.filter((t) => !t.parent_path || !inside(t.parent_path));
      const trashIds = [
        ...(await this.trash.trashFolders(trx, outerFolders, deletedBy)),
        ...(await this.trash.trashTests(
          trx,
          outerTests.map((t) => t.id),
          deletedBy,
        )),
      ];
      if (testIds.length) await trx.deleteFrom('tests').where('id', 'in', testIds).execute();
      if (folders.length)
        await trx
          .deleteFrom('folders')
          .where(
            'id',
            'in',
            folders.map((f) => f.id),
          )
          .execute();
      return { folders: folders.length, tests: testIds.length, trashIds };
    });
  }

  /**
   * Moves the selected folders (with their subtrees) and tests into the destination. A folder
   * cannot go into itself or its own subtree.
   */
  move(scope: LibraryScope, folders: Selection, tests: Selection, destinationId: string): Promise<{ folders: number; tests: number }> {
    return this.db.transaction().execute(async (trx) => {
      const destination = await this.destination(trx, scope, destinationId);
      const movingFolders = folders.selectAll || folders.ids.length ? await this.selectedFolders(trx, scope, folders) : [];
      const testIds = tests.selectAll || tests.ids.length ? (await this.selectedTestIds(trx, scope, tests)).map((t) => t.id) : [];
      // Every listed id in the library, or 404 before anything moves.
      assertSelectionFound(folders, movingFolders.length, 'folders');
      assertSelectionFound(tests, testIds.length, 'tests');
      const newPath = destination ? `${destination.path}${destination.id}/` : '/';
      const newLevel = destination ? destination.level + 1 : 0;
      for (const folder of movingFolders) {
        if (destination && (destination.id === folder.id || destination.path.includes(`/${folder.id}/`))) {
          throw badRequest('destinationFolderId', 'moveIntoItself');
        }
      }
      for (const folder of movingFolders) {
        const oldPrefix = `${folder.path}${folder.id}/`;
        const newPrefix = `${newPath}${folder.id}/`;
        await trx
          .updateTable('folders')
          .set({ parent_id: destination?.id ?? null, path: newPath, level: newLevel, updated_at: new Date() })
          .where('id', '=', folder.id)
          .execute();
        await trx
          .updateTable('folders')
          .set({
            path: sql`${newPrefix} || substr(path, ${oldPrefix.length + 1})`,
            level: sql`level + ${newLevel - folder.level}`,
          })
          .where(sql<boolean>`path like ${`${oldPrefix}%`}`)
          .execute();
      }
      if (testIds.length) {
        await trx
          .updateTable('tests')
          .set({ parent_folder_id: destination?.id ?? null, updated_at: new Date() })
          .where('id', 'in', testIds)
          .execute();
      }
      return { folders: movingFolders.length, tests: testIds.length };
    });
  }
}
