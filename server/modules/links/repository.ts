import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { likePattern } from '../../db/like';
import { newId } from '../../security';
import { inScope, type LibraryScope } from '../../access';
import type { Selection } from '../library/selection';
import { applySelection } from '../library/selectionRepository';

/** The SQL of subjects, chapters and batches of an organisation, and of links of tests to them. */
export class LinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The shared subjects (no organisation) and the organisation's own. */
  private subjectsOf(orgId: string) {
    return this.db
      .selectFrom('subjects')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]));
  }

  subjects(orgId: string) {
    return this.subjectsOf(orgId).orderBy('name').execute();
  }

  findSubject(orgId: string, subjectId: string) {
    return this.subjectsOf(orgId).where('id', '=', subjectId).executeTakeFirst();
  }

  chapters(orgId: string, filter: { search?: string; subjectIds: string[] }, limit: number) {
    let query = this.db.selectFrom('chapters').select(['id', 'name', 'subject_id']).where('org_id', '=', orgId);
    if (filter.search) query = query.where(sql<boolean>`name ilike ${likePattern(filter.search)}`);
    if (filter.subjectIds.length) query = query.where('subject_id', 'in', filter.subjectIds);
    return query.orderBy('name').limit(limit).execute();
  }

  /** A chapter of the subject with this name, whatever its case. */
  async chapterNamed(orgId: string, subjectId: string, name: string): Promise<boolean> {
    const taken = await this.db
      .selectFrom('chapters')
      .select('id')
      .where('org_id', '=', orgId)
      .where('subject_id', '=', subjectId)
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .executeTakeFirst();
    return taken !== undefined;
  }

  createChapter(orgId: string, subjectId: string, name: string) {
    return this.db.insertInto('chapters').values({ id: newId(), org_id: orgId, subject_id: subjectId, name }).returningAll().executeTakeFirstOrThrow();
  }

  batches(orgId: string) {
    return this.db.selectFrom('batches').select(['id', 'name']).where('org_id', '=', orgId).orderBy('name').execute();
  }

  /** A batch with this name, whatever its case, other than `exceptId`. */
  async batchNamed(orgId: string, name: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('batches')
      .select('id')
      .where('org_id', '=', orgId)
      .where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  createBatch(orgId: string, name: string) {
    return this.db.insertInto('batches').values({ id: newId(), org_id: orgId, name }).returningAll().executeTakeFirstOrThrow();
  }

  renameBatch(orgId: string, batchId: string, name: string) {
    return this.db.updateTable('batches').set({ name }).where('org_id', '=', orgId).where('id', '=', batchId).returningAll().executeTakeFirst();
  }

  /** Which of the ids are the organisation's chapters (or batches). */
  async idsInOrg(table: 'chapters' | 'batches', orgId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    return (await this.db.selectFrom(table).select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute()).map((r) => r.id);
  }

  /**
   * Links the selected tests of the scope to the chapters and batches, in one transaction.
   * `check` sees the tests found before anything is written (and may refuse). Answers how many tests.
   */
  link(scope: LibraryScope, selection: Selection, targets: { chapterIds: string[]; batchIds: string[] }, check: (found: number) => void): Promise<number> {
    const orgId = scope.orgId;
    return this.db.transaction().execute(async (trx) => {
      const tests = (await applySelection(trx.selectFrom('tests as t').where(inScope<'tests'>(scope) as any), selection, 'tests')
        .select(['t.id'])
        .execute()) as { id: string }[];
      check(tests.length);
      const rows = tests.flatMap((t) => [
        ...targets.chapterIds.map((id) => ({ test_id: t.id, org_id: orgId, kind: 'chapter' as const, target_id: id })),
        ...targets.batchIds.map((id) => ({ test_id: t.id, org_id: orgId, kind: 'batch' as const, target_id: id })),
      ]);
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('test_links')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return tests.length;
    });
  }
}
