import { sql, type Kysely } from 'kysely';
import type { Database, Folder, TestRow } from '../../db/schema';
import { newId } from '../../security';
import { notFound } from '../../http/errors';
import { inScope, ROOT_FOLDER_ID, type LibraryScope } from './scope';
import { hasAllTags, likePattern } from './selection';

export interface FolderWithCount extends Folder {
  child_count: number;
}


/**
 * The total a page query counted with `count(*) over ()`; only a page past the end (no rows to
 * carry it) needs the separate count.
 */
async function totalOf(rows: { total: string }[], countAll: () => Promise<{ count: string }>): Promise<number> {
  return rows.length ? Number(rows[0].total) : Number((await countAll()).count);
}

/** Every SQL query about folders and tests of a library. */
export class LibraryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findFolder(scope: LibraryScope, folderId: string): Promise<Folder | undefined> {
    return this.db.selectFrom('folders').selectAll().where(inScope<'folders'>(scope)).where('id', '=', folderId).executeTakeFirst();
  }

  /** A folder a call names: null for the root ("0"), 404 when it is not in the scope. */
  async folderOrRoot(scope: LibraryScope, folderId: string): Promise<Folder | null> {
    if (folderId === ROOT_FOLDER_ID) return null;
    const folder = await this.findFolder(scope, folderId);
    if (!folder) throw notFound('folder');
    return folder;
  }

  /** The folder's ancestors and itself, root first (breadcrumbs). */
  async breadcrumbs(scope: LibraryScope, folder: Folder): Promise<Folder[]> {
    const ancestorIds = folder.path.split('/').filter(Boolean);
    if (ancestorIds.length === 0) return [folder];
    const ancestors = await this.db.selectFrom('folders').selectAll().where(inScope<'folders'>(scope)).where('id', 'in', ancestorIds).execute();
    const byId = new Map(ancestors.map((a) => [a.id, a]));
    return [...ancestorIds.map((id) => byId.get(id)).filter((a): a is Folder => Boolean(a)), folder];
  }

  /** A page of child folders and how many there are, in one query (see totalOf). */
  async childFolders(
    scope: LibraryScope,
    parentId: string | null,
    page: { limit: number; offset: number; search?: string },
  ): Promise<{ count: number; folders: FolderWithCount[] }> {
    let base = this.db.selectFrom('folders as f').where(inScope<'folders'>(scope) as any);
    base = parentId === null ? base.where('f.parent_id', 'is', null) : base.where('f.parent_id', '=', parentId);
    if (page.search) base = base.where(sql<boolean>`f.name ilike ${likePattern(page.search)}`);
    const rows = await base
      .selectAll('f')
      .select((eb) => [
        eb.selectFrom('folders as c').whereRef('c.parent_id', '=', 'f.id').select((e) => e.fn.countAll<string>().as('n')).as('child_count'),
        sql<string>`count(*) over ()`.as('total'),
      ])
      .orderBy(sql`lower(f.name)`)
      .orderBy('f.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const count = await totalOf(rows, () => base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow());
    return {
      count,
      folders: rows.map(({ total: _total, ...f }) => ({ ...f, child_count: Number(f.child_count) })) as unknown as FolderWithCount[],
    };
  }

  async childTests(
    scope: LibraryScope,
    parentId: string | null,
    page: { limit: number; offset: number; search?: string; tags: string[] },
  ): Promise<{ count: number; tests: TestRow[] }> {
    let base = this.db.selectFrom('tests').where(inScope<'tests'>(scope));
    base = parentId === null ? base.where('parent_folder_id', 'is', null) : base.where('parent_folder_id', '=', parentId);
    if (page.search) base = base.where(sql<boolean>`name ilike ${likePattern(page.search)}`);
    if (page.tags.length) base = base.where(hasAllTags('tests', page.tags));
    const rows = await base
      .selectAll()
      .select(sql<string>`count(*) over ()`.as('total'))
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const count = await totalOf(rows, () => base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow());
    return { count, tests: rows.map(({ total: _total, ...t }) => t as TestRow) };
  }

  recentTests(scope: LibraryScope, limit: number): Promise<TestRow[]> {
    return this.db
      .selectFrom('tests')
      .selectAll()
      .where(inScope<'tests'>(scope))
      .where('opened_at', 'is not', null)
      .orderBy('opened_at', 'desc')
      .limit(limit)
      .execute();
  }

  async createFolder(scope: LibraryScope, input: { name: string; details: string; parent: Folder | null }): Promise<Folder> {
    const path = input.parent ? `${input.parent.path}${input.parent.id}/` : '/';
    return this.db
      .insertInto('folders')
      .values({
        id: newId(),
        org_id: scope.orgId,
        owner_id: scope.isGlobal ? null : scope.userId,
        is_global: scope.isGlobal,
        parent_id: input.parent?.id ?? null,
        path,
        level: input.parent ? input.parent.level + 1 : 0,
        name: input.name,
        details: input.details,
        shared_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateFolder(scope: LibraryScope, folderId: string, changes: { name?: string; details?: string }): Promise<Folder | undefined> {
    return this.db
      .updateTable('folders')
      .set({ ...changes, updated_at: new Date() })
      .where(inScope<'folders'>(scope))
      .where('id', '=', folderId)
      .returningAll()
      .executeTakeFirst();
  }
}

export { ROOT_FOLDER_ID };
