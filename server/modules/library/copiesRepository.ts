import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Folder, TestRow } from '../../db/schema';
import { newId } from '../../security';
import { inScope, type LibraryScope } from '../../access';
import { assertSelectionFound, type LibraryItemKind, type Selection } from './selection';
import { applySelection } from './selectionRepository';

type Db = Kysely<Database> | Transaction<Database>;

export interface CopyTarget {
  orgId: string;
  ownerId: string;
  /** The folder to copy into; null is the root of the owner's My Library. */
  parent: Pick<Folder, 'id' | 'path' | 'level'> | null;
  /** Set when the copy is a share: the recipient sees who shared it. */
  sharedBy?: string;
}

const testColumns = (test: TestRow) => ({
  tags: JSON.stringify(test.tags),
  duration_ms: test.duration_ms,
  languages: JSON.stringify(test.languages),
  test_type: test.test_type,
  total_marks: test.total_marks,
  total_questions: test.total_questions,
  content: JSON.stringify(test.content),
});

/** A deep copy of a test (its sections and questions live in `content`), never attempted. */
async function copyTest(db: Db, test: TestRow, target: CopyTarget, name = test.name): Promise<TestRow> {
  return db
    .insertInto('tests')
    .values({
      id: newId(),
      org_id: target.orgId,
      owner_id: target.ownerId,
      is_global: false,
      parent_folder_id: target.parent?.id ?? null,
      name,
      ...testColumns(test),
      is_shared_test: Boolean(target.sharedBy),
      shared_by: target.sharedBy ?? null,
      opened_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A deep copy of a folder with its whole subtree of folders and tests. */
async function copyFolderTree(db: Db, folder: Folder, target: CopyTarget): Promise<string> {
  const subtree = await db
    .selectFrom('folders')
    .selectAll()
    .where(sql<boolean>`path like ${`${folder.path}${folder.id}/%`}`)
    .orderBy('level')
    .execute();
  const all = [folder, ...subtree];
  const newIds = new Map(all.map((f) => [f.id, newId()]));
  const basePath = target.parent ? `${target.parent.path}${target.parent.id}/` : '/';
  const baseLevel = target.parent ? target.parent.level + 1 : 0;
  const oldPrefix = `${folder.path}`;
  const rows = all.map((f) => {
    // Ancestors inside the copied tree keep their place under the new ids.
    const relative = f.path
      .slice(oldPrefix.length)
      .split('/')
      .filter(Boolean)
      .map((id) => newIds.get(id)!);
    return {
      id: newIds.get(f.id)!,
      org_id: target.orgId,
      owner_id: target.ownerId,
      is_global: false,
      parent_id: f.id === folder.id ? (target.parent?.id ?? null) : newIds.get(f.parent_id!)!,
      path: basePath + relative.map((id) => `${id}/`).join(''),
      level: baseLevel + (f.level - folder.level),
      name: f.name,
      details: f.details,
      is_shared: f.id === folder.id && Boolean(target.sharedBy),
      shared_by: f.id === folder.id ? (target.sharedBy ?? null) : null,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('folders')
      .values(rows.slice(i, i + 500))
      .execute();
  const tests = await db
    .selectFrom('tests')
    .selectAll()
    .where(
      'parent_folder_id',
      'in',
      all.map((f) => f.id),
    )
    .execute();
  const testRows = tests.map((test) => ({
    id: newId(),
    org_id: target.orgId,
    owner_id: target.ownerId,
    is_global: false,
    parent_folder_id: newIds.get(test.parent_folder_id!)!,
    name: test.name,
    ...testColumns(test),
    shared_by: null,
    opened_at: null,
  }));
  for (let i = 0; i < testRows.length; i += 500)
    await db
      .insertInto('tests')
      .values(testRows.slice(i, i + 500))
      .execute();
  return newIds.get(folder.id)!;
}

/** Copies of tests and folders, for the library's copy and share calls. */
export class CopiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  copyTest(test: TestRow, target: CopyTarget, name?: string): Promise<TestRow> {
    return copyTest(this.db, test, target, name);
  }

  /**
   * Shares the selected folders or tests of the scope: each recipient gets their own copy at the
   * root of their My Library, marked shared by `sharedBy`; all in one transaction. Answers how
   * many items were shared.
   */
  share(scope: LibraryScope, kind: LibraryItemKind, selection: Selection, recipients: string[], sharedBy: string): Promise<number> {
    return shareCopies(this.db, scope, kind, selection, recipients, sharedBy);
  }
}

function shareCopies(
  db: Kysely<Database>,
  scope: LibraryScope,
  kind: LibraryItemKind,
  selection: Selection,
  recipients: string[],
  sharedBy: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await applySelection(trx.selectFrom(`${kind} as t` as 'folders as t').where(inScope<'folders'>(scope) as any), selection, kind)
      .selectAll('t')
      .execute();
    // Every listed id in the library, or 404 before any copy is made.
    assertSelectionFound(selection, rows.length, kind);
    for (const row of rows) {
      for (const ownerId of recipients) {
        const target = { orgId: scope.orgId, ownerId, parent: null, sharedBy };
        if (kind === 'folders') await copyFolderTree(trx, row as any, target);
        else await copyTest(trx, row as any, target);
      }
    }
    return rows.length;
  });
}
