import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database, Folder, TestRow } from '../../db/schema';
import { likePattern } from '../../db/like';
import { libraryKeyOf } from './listingCache';
import { newId } from '../../security';
import { notFound } from '../../http/errors';
import { inScope, type LibraryScope } from '../../access';
import { ROOT_FOLDER_ID } from './selection';
import { hasAllTags, underFolder } from './selectionRepository';

export interface TestLinks {
  chapters: { _id: string; name: string }[];
  batches: { _id: string; name: string }[];
}

/**
 * A subquery: per test among `testIds`, the chapters and batches of one organisation it is
 * linked to (by name), as `{ test_id, chapters, batches }` rows. Links whose chapter or batch is
 * gone are left out. Part of the listing's single statement (the links module writes them).
 */
function linksOf<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, orgId: string, testIds: Expression<any>) {
  const linked = (kind: 'chapter' | 'batch') =>
    sql`coalesce(json_agg(json_build_object('_id', l.target_id, 'name', coalesce(c.name, b.name)) order by coalesce(c.name, b.name))
      filter (where l.kind = ${kind} and coalesce(c.name, b.name) is not null), '[]')`;
  return (eb as unknown as ExpressionBuilder<Database, never>)
    .selectFrom('test_links as l')
    .leftJoin('chapters as c', (join) => join.onRef('c.id', '=', 'l.target_id').on('l.kind', '=', 'chapter'))
    .leftJoin('batches as b', (join) => join.onRef('b.id', '=', 'l.target_id').on('l.kind', '=', 'batch'))
    .select(['l.test_id', linked('chapter').as('chapters'), linked('batch').as('batches')])
    .where('l.org_id', '=', orgId)
    .where('l.test_id', 'in', testIds as any)
    .groupBy('l.test_id');
}

export interface FolderWithCount extends Folder {
  child_count: number;
}

/** What a listing asks for (GET /folder/childrens/{id}). */
export interface ListingRequest {
  folderId: string;
  folderLimit: number;
  folderOffset: number;
  testLimit: number;
  testOffset: number;
  showRecent: boolean;
  search?: string;
  tags: string[];
}

/** A test as the listing reads it (everything but its content), with its links. */
export type ListedTest = Omit<TestRow, 'content' | 'version' | 'opened_at' | 'org_id' | 'owner_id'>;

/** Everything a listing shows, read in one statement, with the library version it was read at. */
export interface Listing {
  version: string;
  /** For a search: where each hit (folder or test, by id) lives, from the root down. */
  locations: Map<string, { id: string; name: string }[]>;
  /** null when the folder is not in the library (404); the root is `{ id: '0' }`. */
  folder: Pick<Folder, 'id' | 'path' | 'level' | 'name'> | null;
  crumbs: Pick<Folder, 'id' | 'name' | 'level'>[];
  folderCount: number;
  folders: FolderWithCount[];
  testCount: number;
  tests: ListedTest[];
  recent: ListedTest[];
  links: Map<string, TestLinks>;
}

const RECENT_TESTS_LIMIT = 10;
const LISTED_TEST_COLUMNS = [
  't.id',
  't.name',
  't.tags',
  't.duration_ms',
  't.parent_folder_id',
  't.total_marks',
  't.total_questions',
  't.is_shared_test',
  't.shared_by',
  't.is_attempted',
  't.is_global',
  't.test_type',
  't.languages',
  't.created_at',
  't.updated_at',
] as const;

/** A new row of the scope's library: a fresh id, its owner (a tutor, or no one for the Global Library), shared with no one. */
const newRowIn = (scope: LibraryScope) => ({
  id: newId(),
  org_id: scope.orgId,
  owner_id: scope.isGlobal ? null : scope.userId,
  is_global: scope.isGlobal,
  shared_by: null,
});

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

  /**
   * A whole listing in one SQL statement (one round trip, one snapshot): the library version,
   * the folder and its breadcrumbs, a page of child folders with their folder counts, a page of
   * tests, recent tests and the links of the tests shown. A page's total comes from
   * `count(*) over ()`; only a page past the end (no row to carry it) counts separately.
   * Under a tag filter folders are not listed (they carry no tags).
   */
  async listing(scope: LibraryScope, request: ListingRequest): Promise<Listing> {
    const db = this.db;
    const parentId = request.folderId === ROOT_FOLDER_ID ? null : request.folderId;
    const pattern = request.search ? likePattern(request.search) : undefined;

    // A search covers the folder and everything below it (issue 14); a listing, the folder itself.
    let folders = db.selectFrom('folders as f').where(inScope<'folders'>(scope) as any);
    if (pattern) folders = folders.where(underFolder('f', 'folders', parentId)).where(sql<boolean>`f.name ilike ${pattern}`);
    else folders = parentId === null ? folders.where('f.parent_id', 'is', null) : folders.where('f.parent_id', '=', parentId);
    const listFolders = request.tags.length === 0;
    const showRecent = parentId === null && request.showRecent;

    let tests = db.selectFrom('tests as t').where(inScope<'tests'>(scope) as any);
    if (pattern) tests = tests.where(underFolder('t', 'tests', parentId)).where(sql<boolean>`t.name ilike ${pattern}`);
    else tests = parentId === null ? tests.where('t.parent_folder_id', 'is', null) : tests.where('t.parent_folder_id', '=', parentId);
    if (request.tags.length) tests = tests.where(hasAllTags('t', request.tags));

    const row = await db
      .with('folder_page', () =>
        folders
          .selectAll('f')
          .select((eb) => [
            eb
              .selectFrom('folders as c')
              .whereRef('c.parent_id', '=', 'f.id')
              .select((e) => e.fn.countAll<number>().as('n'))
              .as('child_count'),
            sql<string>`count(*) over ()`.as('total'),
          ])
          .orderBy(sql`lower(f.name)`)
          .orderBy('f.id')
          .limit(request.folderLimit)
          .offset(request.folderOffset),
      )
      .with('test_page', () =>
        tests
          .select([...LISTED_TEST_COLUMNS, sql<string>`count(*) over ()`.as('total')])
          .orderBy('t.updated_at', 'desc')
          .orderBy('t.id')
          .limit(request.testLimit)
          .offset(request.testOffset),
      )
      .with('recent', () =>
        db
          .selectFrom('tests as t')
          .select(LISTED_TEST_COLUMNS)
          .where(inScope<'tests'>(scope) as any)
          .where('t.opened_at', 'is not', null)
          .orderBy('t.opened_at', 'desc')
          .limit(RECENT_TESTS_LIMIT),
      )
      .with('folder', () =>
        db
          .selectFrom('folders')
          .select(['id', 'path', 'level', 'name'])
          .where(inScope<'folders'>(scope))
          .where('id', '=', parentId ?? ''),
      )
      .selectNoFrom((eb) => {
        // Only the parts this request needs: a part left out is not planned (PGlite plans on
        // this thread, and planning is most of a small listing's cost there).
        const none = sql`null`;
        const empty = sql`'[]'::json`;
        const totalOf = (page: 'folder_page' | 'test_page', offset: number, countAll: Expression<unknown>) =>
          // Past the end of the list there is no row to carry the total: count separately.
          sql`coalesce((${eb.selectFrom(page).select('total').limit(1)}), ${offset > 0 ? sql`(${countAll})` : sql`0`})`;
        const listedTestIds = showRecent
          ? eb.selectFrom('test_page').select('id').unionAll(eb.selectFrom('recent').select('id'))
          : eb.selectFrom('test_page').select('id');
        return [
          eb.selectFrom('library_versions').select('version').where('library', '=', libraryKeyOf(scope)).as('version'),
          sql`${parentId === null ? none : jsonObjectFrom(eb.selectFrom('folder').selectAll())}`.as('folder'),
          sql`${
            parentId === null
              ? empty
              : jsonArrayFrom(
                  eb
                    .selectFrom(['folders as a', 'folder as f'])
                    .select(['a.id', 'a.name', 'a.level'])
                    .where(inScope<'folders'>(scope) as any)
                    .where(sql<boolean>`a.id = any(string_to_array(f.path || f.id, '/'))`)
                    .orderBy('a.level'),
                )
          }`.as('crumbs'),
          sql`${listFolders ? jsonArrayFrom(eb.selectFrom('folder_page').selectAll()) : empty}`.as('folders'),
          sql`${
            listFolders
              ? totalOf(
                  'folder_page',
                  request.folderOffset,
                  folders.select((e) => e.fn.countAll<string>().as('n')),
                )
              : sql`0`
          }`.as('folder_count'),
          jsonArrayFrom(eb.selectFrom('test_page').selectAll()).as('tests'),
          totalOf(
            'test_page',
            request.testOffset,
            tests.select((e) => e.fn.countAll<string>().as('n')),
          ).as('test_count'),
          sql`${showRecent ? jsonArrayFrom(eb.selectFrom('recent').selectAll()) : empty}`.as('recent'),
          jsonArrayFrom(linksOf(eb, scope.orgId, listedTestIds)).as('links'),
        ];
      })
      .executeTakeFirstOrThrow();
    const r = row as unknown as {
      version: string | null;
      folder: Listing['folder'];
      crumbs: Listing['crumbs'];
      folders: (FolderWithCount & { total: number })[];
      folder_count: string | number;
      tests: (ListedTest & { total: number })[];
      test_count: string | number;
      recent: ListedTest[];
      links: ({ test_id: string } & TestLinks)[];
    };
    const folderHits = r.folders.map(({ total: _total, ...f }) => f as FolderWithCount);
    const testHits = r.tests.map(({ total: _total, ...t }) => t);
    return {
      locations: pattern ? await this.locations(scope, folderHits, testHits) : new Map(),
      version: r.version === null ? '0' : String(r.version),
      folder: parentId === null ? { id: ROOT_FOLDER_ID, path: '/', level: -1, name: '' } : r.folder,
      crumbs: r.crumbs,
      folderCount: Number(r.folder_count),
      folders: folderHits,
      testCount: Number(r.test_count),
      tests: testHits,
      recent: r.recent,
      links: new Map(r.links.map((l) => [l.test_id, { chapters: l.chapters, batches: l.batches }])),
    };
  }

  /** Where each search hit lives: the folders from the root down to the one holding it ([] at the root). */
  private async locations(
    scope: LibraryScope,
    folders: Pick<Folder, 'id' | 'path'>[],
    tests: Pick<ListedTest, 'id' | 'parent_folder_id'>[],
  ): Promise<Map<string, { id: string; name: string }[]>> {
    const ids = (path: string) => path.split('/').filter(Boolean);
    const parentIds = [...new Set(tests.flatMap((t) => (t.parent_folder_id ? [t.parent_folder_id] : [])))];
    const parents = parentIds.length
      ? await this.db.selectFrom('folders').select(['id', 'path']).where(inScope<'folders'>(scope)).where('id', 'in', parentIds).execute()
      : [];
    const chainOfParent = new Map(parents.map((p) => [p.id, [...ids(p.path), p.id]]));
    const chains = new Map<string, string[]>([
      ...folders.map((f): [string, string[]] => [f.id, ids(f.path)]),
      ...tests.map((t): [string, string[]] => [t.id, t.parent_folder_id ? (chainOfParent.get(t.parent_folder_id) ?? []) : []]),
    ]);
    const wanted = [...new Set([...chains.values()].flat())];
    const names = new Map(
      wanted.length
        ? (await this.db.selectFrom('folders').select(['id', 'name']).where(inScope<'folders'>(scope)).where('id', 'in', wanted).execute()).map((f) => [
            f.id,
            f.name,
          ])
        : [],
    );
    return new Map([...chains].map(([item, chain]) => [item, chain.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []))]));
  }

  /** The current version of each library named (one a `library_key`); a library never written has none. */
  versions(libraries: string[]): Promise<{ library: string; version: string | number | bigint }[]> {
    return this.db.selectFrom('library_versions').select(['library', 'version']).where('library', 'in', libraries).execute();
  }

  findTest(scope: LibraryScope, testId: string): Promise<TestRow | undefined> {
    return this.db.selectFrom('tests').selectAll().where(inScope<'tests'>(scope)).where('id', '=', testId).executeTakeFirst();
  }

  /** A new test in the scope's library, opened now (a recent test). */
  createTest(
    scope: LibraryScope,
    input: { parent: Folder | null; name: string; tags: string[]; duration: number; language: string; content: unknown },
  ): Promise<TestRow> {
    return this.db
      .insertInto('tests')
      .values({
        ...newRowIn(scope),
        parent_folder_id: input.parent?.id ?? null,
        name: input.name,
        tags: JSON.stringify(input.tags),
        duration_ms: input.duration,
        languages: JSON.stringify([input.language]),
        content: JSON.stringify(input.content),
        opened_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The distinct tags of the scope's tests matching `search`, in order, at most `limit`. */
  async tags(scope: LibraryScope, search: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('tests')
          .select(sql<string>`jsonb_array_elements_text(tags)`.as('tag'))
          .where(inScope<'tests'>(scope))
          .as('t'),
      )
      .select('tag')
      .distinct()
      .where(sql<boolean>`tag ilike ${likePattern(search)}`)
      .orderBy('tag')
      .limit(limit)
      .execute();
    return rows.map((r) => r.tag);
  }

  async createFolder(scope: LibraryScope, input: { name: string; details: string; parent: Folder | null }): Promise<Folder> {
    const path = input.parent ? `${input.parent.path}${input.parent.id}/` : '/';
    return this.db
      .insertInto('folders')
      .values({
        ...newRowIn(scope),
        parent_id: input.parent?.id ?? null,
        path,
        level: input.parent ? input.parent.level + 1 : 0,
        name: input.name,
        details: input.details,
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
