import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { TRASH_DAYS } from '@shared/contract/trash';
import type { Question, QuestionPlace } from '@shared/domain/test';
import type { Database, Folder, TestRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { inScope, type LibraryScope } from '../../access';
import { newId } from '../../security';

/**
 * The SQL of the Trash (issue 17; decisions "Trash"). A delete of a test or folder copies every
 * row it is about to take away (`to_jsonb`, by table) into one `trash_items` row per deleted
 * item, in the delete's transaction; a restore writes the same rows back
 * (`jsonb_populate_recordset`). Nothing else in the product needs to know about the Trash: a
 * trashed test is gone from every table, so listings, search, the editor, free-test links and
 * every organisation wall treat it as deleted.
 */

/**
 * The tables a test's delete takes rows from (their foreign keys cascade from `tests`), parents
 * first: the order of a restore. `results_counters` is not kept: the attempts' insert trigger
 * counts them again when they come back (migration 012).
 */
export const TEST_TABLES = [
  'tests',
  'test_links',
  'shared_tests',
  'attempts',
  'attempt_answers',
  'publishes',
  'score_changes',
  'answer_rescores',
  'test_version_questions',
] as const;
type KeptTable = 'folders' | (typeof TEST_TABLES)[number];

/** Rows of every table in TEST_TABLES that belong to the tests `testIds` (a subquery of ids), as one jsonb object by table. */
function testRows(testIds: RawBuilder<unknown>): RawBuilder<unknown> {
  const rowsOf = (table: KeptTable, where: RawBuilder<unknown>) =>
    sql`(select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) from ${sql.table(table)} x where ${where})`;
  const of: Record<(typeof TEST_TABLES)[number], RawBuilder<unknown>> = {
    tests: rowsOf('tests', sql`x.id in (${testIds})`),
    test_links: rowsOf('test_links', sql`x.test_id in (${testIds})`),
    shared_tests: rowsOf('shared_tests', sql`x.test_id in (${testIds})`),
    attempts: rowsOf('attempts', sql`x.test_id in (${testIds})`),
    attempt_answers: rowsOf('attempt_answers', sql`x.attempt_id in (select a.id from attempts a where a.test_id in (${testIds}))`),
    publishes: rowsOf('publishes', sql`x.test_id in (${testIds})`),
    score_changes: rowsOf('score_changes', sql`x.publish_id in (select p.id from publishes p where p.test_id in (${testIds}))`),
    answer_rescores: rowsOf('answer_rescores', sql`x.test_id in (${testIds})`),
    test_version_questions: rowsOf('test_version_questions', sql`x.test_id in (${testIds})`),
  };
  return sql`jsonb_build_object(${sql.join(TEST_TABLES.map((table) => sql`${sql.lit(table)}::text, ${of[table]}`))})`;
}

/** The names of a folder and its ancestors, root first (empty for the root: a null id). */
function locationOf(folderId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`coalesce((select jsonb_agg(a.name order by a.level) from folders p
    join folders a on a.id = any(string_to_array(trim(both '/' from p.path || p.id), '/'))
    where p.id = ${folderId}), '[]'::jsonb)`;
}

/** Items still in the Trash: younger than TRASH_DAYS days (older ones wait for the purge, already invisible). */
const live = sql<boolean>`deleted_at > now() - make_interval(days => ${TRASH_DAYS})`;

export interface TrashRow {
  id: string;
  kind: 'test' | 'folder' | 'question';
  name: string;
  origin: Record<string, unknown>;
  location: string[];
  deleted_at: Date;
  expires_at: Date;
  days_left: number;
}

export class TrashRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Puts the tests into the Trash, one item each (before the caller deletes them, in its
   * transaction). Set-based: each kept table is read once for all the tests and grouped by test,
   * so a select-all of 10,000 tests is a few statements' work, not 10,000 lookups per table.
   */
  async trashTests(trx: Transaction<Database>, testIds: string[], deletedBy: string): Promise<string[]> {
    if (testIds.length === 0) return [];
    // The ids are sent once (a CTE), not once per kept table.
    const ids = sql`select id from selected`;
    const grouped = (table: Exclude<KeptTable, 'folders' | 'tests'>, where: RawBuilder<unknown>, testId = sql`x.test_id`) =>
      sql`${sql.ref(`kept_${table}`)} as (select ${testId} as test_id, jsonb_agg(to_jsonb(x)) as rows from ${sql.table(table)} x ${where} group by 1)`;
    const dependents = TEST_TABLES.filter((t) => t !== 'tests');
    const ctes = [
      sql`selected as (select unnest(${testIds}::text[]) as id)`,
      grouped('test_links', sql`where x.test_id in (${ids})`),
      grouped('shared_tests', sql`where x.test_id in (${ids})`),
      grouped('attempts', sql`where x.test_id in (${ids})`),
      grouped('attempt_answers', sql`join attempts a on a.id = x.attempt_id where a.test_id in (${ids})`, sql`a.test_id`),
      grouped('publishes', sql`where x.test_id in (${ids})`),
      grouped('score_changes', sql`join publishes p on p.id = x.publish_id where p.test_id in (${ids})`, sql`p.test_id`),
      grouped('answer_rescores', sql`where x.test_id in (${ids})`),
      grouped('test_version_questions', sql`where x.test_id in (${ids})`),
      // The names of each distinct folder the tests were in (most selections share one).
      sql`locations as (select p.id, jsonb_agg(a.name order by a.level) as names from folders p
        join folders a on a.id = any(string_to_array(trim(both '/' from p.path || p.id), '/'))
        where p.id in (select parent_folder_id from tests where id in (${ids})) group by p.id)`,
    ];
    const rowsOf = sql`jsonb_build_object('tests', jsonb_build_array(to_jsonb(t)), ${sql.join(
      dependents.map((table) => sql`${sql.lit(table)}::text, coalesce(${sql.ref(`kept_${table}.rows`)}, '[]'::jsonb)`),
    )})`;
    const joins = sql.join(
      dependents.map((table) => sql`left join ${sql.ref(`kept_${table}`)} on ${sql.ref(`kept_${table}.test_id`)} = t.id`),
      sql` `,
    );
    const { rows } = await sql<{ id: string }>`
      with ${sql.join(ctes)}
      insert into trash_items (id, org_id, owner_id, is_global, kind, name, origin, location, rows, deleted_by)
      select gen_random_uuid()::text, t.org_id, t.owner_id, t.is_global, 'test', t.name,
        jsonb_build_object('itemId', t.id, 'folderId', t.parent_folder_id), coalesce(locations.names, '[]'::jsonb),
        ${rowsOf}, ${deletedBy}
      from tests t ${joins} left join locations on locations.id = t.parent_folder_id
      where t.id in (${ids})
      returning id`.execute(trx);
    return rows.map((r) => r.id);
  }

  /** Puts the folders into the Trash with everything inside them, one item each (none may lie inside another). */
  async trashFolders(trx: Transaction<Database>, folders: Pick<Folder, 'id' | 'path'>[], deletedBy: string): Promise<string[]> {
    const ids: string[] = [];
    for (const folder of folders) {
      const subtree = sql`select x.id from folders x where x.id = ${folder.id} or x.path like ${`${folder.path}${folder.id}/%`}`;
      const { rows } = await sql<{ id: string }>`
        insert into trash_items (id, org_id, owner_id, is_global, kind, name, origin, location, rows, deleted_by)
        select gen_random_uuid()::text, f.org_id, f.owner_id, f.is_global, 'folder', f.name,
          jsonb_build_object('itemId', f.id, 'folderId', f.parent_id), ${locationOf(sql`f.parent_id`)},
          jsonb_build_object('folders', (select jsonb_agg(to_jsonb(x) order by x.level) from folders x where x.id in (${subtree})))
            || ${testRows(sql`select tt.id from tests tt where tt.parent_folder_id in (${subtree})`)},
          ${deletedBy}
        from folders f where f.id = ${folder.id}
        returning id`.execute(trx);
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  /** Puts deleted questions of a test into the Trash, one item each, with their places. */
  async trashQuestions(
    trx: Transaction<Database>,
    test: Pick<TestRow, 'id' | 'org_id' | 'owner_id' | 'is_global'>,
    questions: { question: Question; place: QuestionPlace; name: string }[],
    location: string[],
    deletedBy: string,
  ): Promise<string[]> {
    if (questions.length === 0) return [];
    const rows = await trx
      .insertInto('trash_items')
      .values(
        questions.map(({ question, place, name }) => ({
          id: newId(),
          org_id: test.org_id,
          owner_id: test.owner_id,
          is_global: test.is_global,
          kind: 'question' as const,
          name,
          origin: JSON.stringify({ testId: test.id, ...place }),
          location: JSON.stringify(location),
          rows: JSON.stringify(question),
          deleted_by: deletedBy,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The library's Trash, newest first. */
  async list(scope: LibraryScope, page: { limit: number; offset: number }): Promise<{ items: TrashRow[]; total: number }> {
    const items = await this.db
      .selectFrom('trash_items')
      .where(inScope<'trash_items'>(scope))
      .where(live)
      .select([
        'id',
        'kind',
        'name',
        'origin',
        'location',
        'deleted_at',
        sql<Date>`deleted_at + make_interval(days => ${TRASH_DAYS})`.as('expires_at'),
        sql<number>`greatest(0, ceil(extract(epoch from (deleted_at + make_interval(days => ${TRASH_DAYS}) - now())) / 86400))::int`.as('days_left'),
      ])
      .orderBy('deleted_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const total = await this.db
      .selectFrom('trash_items')
      .where(inScope<'trash_items'>(scope))
      .where(live)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return { items: items as TrashRow[], total: total.n };
  }

  /** The items of the library's Trash with these ids (all of them, or 404: another library's item is not found). */
  async items(scope: LibraryScope, ids: string[]) {
    const unique = [...new Set(ids)];
    const rows = await this.db
      .selectFrom('trash_items')
      .select(['id', 'kind', 'name', 'origin', 'deleted_at', 'org_id', 'owner_id', 'is_global'])
      .where(inScope<'trash_items'>(scope))
      .where(live)
      .where('id', 'in', unique)
      .execute();
    if (rows.length !== unique.length) throw notFound('trashItem');
    return rows;
  }

  /** Takes an item out of the Trash in the transaction (404 when another restore or delete took it first). */
  async take(trx: Transaction<Database>, id: string) {
    const row = await trx.deleteFrom('trash_items').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound('trashItem');
    return row;
  }

  /**
   * Writes a test's or folder's rows back, in one transaction, where they were; into the library
   * root when the folder they were in is gone (`root`).
   */
  restoreRows(id: string): Promise<{ placed: 'place' | 'root'; name: string; kind: 'test' | 'folder'; itemId: string }> {
    return this.db.transaction().execute(async (trx) => {
      const item = await this.take(trx, id);
      const origin = item.origin as { itemId: string; folderId: string | null };
      const rows = item.rows as Record<KeptTable, unknown[] | undefined>;
      let placed: 'place' | 'root' = 'place';
      if (origin.folderId) {
        const parent = await trx
          .selectFrom('folders')
          .select('id')
          .where('id', '=', origin.folderId)
          .where(item.is_global ? sql<boolean>`is_global` : sql<boolean>`org_id = ${item.org_id} and owner_id = ${item.owner_id} and not is_global`)
          .executeTakeFirst();
        if (!parent) placed = 'root';
      }
      if (placed === 'root') {
        // Its folder is gone: it comes back without one (the paths below follow in toRoot).
        const top = (item.kind === 'folder' ? rows.folders : rows.tests)?.find((r) => (r as { id: string }).id === origin.itemId) as Record<string, unknown>;
        if (top) top[item.kind === 'folder' ? 'parent_id' : 'parent_folder_id'] = null;
      }
      try {
        for (const table of ['folders', ...TEST_TABLES] as KeptTable[]) {
          const kept = rows[table];
          if (!kept?.length) continue;
          // A chapter or batch deleted meanwhile is not linked again.
          const where =
            table === 'test_links'
              ? sql`where exists (select 1 from chapters c where c.id = r.target_id) or exists (select 1 from batches b where b.id = r.target_id)`
              : sql``;
          await sql`insert into ${sql.table(table)} select r.* from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(kept)}::jsonb) r ${where}`.execute(
            trx,
          );
        }
      } catch (error) {
        if ((error as { code?: string }).code === '23503') throw new AppError(409, 'TRASH_RESTORE_CONFLICT', 'trashRestoreConflict');
        throw error;
      }
      if (placed === 'root') await this.toRoot(trx, item.kind as 'test' | 'folder', origin.itemId);
      return { placed, name: item.name, kind: item.kind as 'test' | 'folder', itemId: origin.itemId };
    });
  }

  /** A restored folder whose folder is gone is a root folder: its subtree's paths and levels follow. */
  private async toRoot(trx: Transaction<Database>, kind: 'test' | 'folder', itemId: string): Promise<void> {
    if (kind === 'test') return;
    const top = await trx.selectFrom('folders').select(['path', 'level']).where('id', '=', itemId).executeTakeFirstOrThrow();
    await trx
      .updateTable('folders')
      .set({
        path: sql`'/' || substr(path, ${top.path.length + 1})`,
        level: sql`level - ${top.level}`,
      })
      .where((eb) => eb.or([eb('id', '=', itemId), eb('path', 'like', `${top.path}${itemId}/%`)]))
      .execute();
  }

  /** Deletes items of the library's Trash for good (all of them, or none and 404). */
  removeForGood(scope: LibraryScope, ids: string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const unique = [...new Set(ids)];
      const gone = await trx.deleteFrom('trash_items').where(inScope<'trash_items'>(scope)).where(live).where('id', 'in', unique).returning('id').execute();
      if (gone.length !== unique.length) throw notFound('trashItem');
      return gone.length;
    });
  }

  /** Deletes for good every item older than TRASH_DAYS days (the daily purge). Answers how many. */
  async purge(): Promise<number> {
    const gone = await this.db
      .deleteFrom('trash_items')
      .where(sql<boolean>`not (${live})`)
      .executeTakeFirst();
    return Number(gone.numDeletedRows);
  }
}
