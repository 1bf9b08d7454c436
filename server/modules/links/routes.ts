import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { serverMessage } from '../../../shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { newId } from '../../security';
import type { Services } from '../../services';
import { scopeOf } from '../library/routes';
import { LibraryRepository } from '../library/repository';
import { inScope } from '../library/scope';
import { applySelection, likePattern, selectionFrom } from '../library/selection';
import { id, listParam, name } from '../../../shared/contract/fields';
import { ids, selectionFields } from '../../../shared/contract/library';

const linkBody = z.object({
  ...selectionFields,
  chapterIds: ids,
  batchIds: ids,
  testIds: ids,
  /** One test's id, as the spec's payload names it. */
  proprofsId: id.optional(),
});

/** Subjects, chapters and batches, and linking tests to them. */
export async function linkRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;
  const guard = [services.requireAuth, requireActiveSubscription];
  const library = new LibraryRepository(db);

  const subjectsOf = (orgId: string) =>
    db.selectFrom('subjects').select(['id', 'name']).where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]));

  api.get('/test/subjects', { schema: { tags: ['links'] }, preValidation: guard }, async (request) => {
    const subjects = await subjectsOf(authOf(request).org.id).orderBy('name').execute();
    return { data: { subjects: subjects.map((s) => ({ _id: s.id, name: s.name })) } };
  });

  api.get(
    '/test/chapters',
    { schema: { tags: ['links'], querystring: z.object({ search: z.string().trim().max(200).optional(), subjects: listParam(id, 500) }) }, preValidation: guard },
    async (request) => {
      let query = db.selectFrom('chapters').select(['id', 'name', 'subject_id']).where('org_id', '=', authOf(request).org.id);
      if (request.query.search) query = query.where(sql<boolean>`name ilike ${likePattern(request.query.search)}`);
      if (request.query.subjects.length) query = query.where('subject_id', 'in', request.query.subjects);
      const chapters = await query.orderBy('name').limit(500).execute();
      return { data: { chapters: chapters.map((c) => ({ _id: c.id, name: c.name, subjectId: c.subject_id })) } };
    },
  );

  api.post('/test/chapters', { schema: { tags: ['links'], body: z.object({ subjectId: id, name }) }, preValidation: guard }, async (request) => {
    const orgId = authOf(request).org.id;
    const subject = await subjectsOf(orgId).where('id', '=', request.body.subjectId).executeTakeFirst();
    if (!subject) throw notFound('subject');
    const taken = await db
      .selectFrom('chapters')
      .select('id')
      .where('org_id', '=', orgId)
      .where('subject_id', '=', subject.id)
      .where(sql<boolean>`lower(name) = lower(${request.body.name})`)
      .executeTakeFirst();
    if (taken) throw new AppError(409, 'NAME_TAKEN', 'nameTaken', { name: request.body.name });
    const chapter = await db
      .insertInto('chapters')
      .values({ id: newId(), org_id: orgId, subject_id: subject.id, name: request.body.name })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { data: { _id: chapter.id, name: chapter.name, subjectId: chapter.subject_id } };
  });

  const presentBatch = (b: { id: string; name: string }) => ({ _id: b.id, name: b.name });
  const assertBatchNameFree = async (orgId: string, batchName: string, exceptId?: string) => {
    let query = db.selectFrom('batches').select('id').where('org_id', '=', orgId).where(sql<boolean>`lower(name) = lower(${batchName})`);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw new AppError(409, 'NAME_TAKEN', 'nameTaken', { name: batchName });
  };

  api.get('/v2/batches', { schema: { tags: ['links'] }, preValidation: guard }, async (request) => {
    const batches = await db.selectFrom('batches').select(['id', 'name']).where('org_id', '=', authOf(request).org.id).orderBy('name').execute();
    return { data: { batches: batches.map(presentBatch) } };
  });

  api.post('/v2/batches', { schema: { tags: ['links'], body: z.object({ name }) }, preValidation: guard }, async (request) => {
    const orgId = authOf(request).org.id;
    await assertBatchNameFree(orgId, request.body.name);
    const batch = await db.insertInto('batches').values({ id: newId(), org_id: orgId, name: request.body.name }).returningAll().executeTakeFirstOrThrow();
    return { data: presentBatch(batch) };
  });

  api.patch('/v2/batches/:id', { schema: { tags: ['links'], params: z.object({ id }), body: z.object({ name }) }, preValidation: guard }, async (request) => {
    const orgId = authOf(request).org.id;
    await assertBatchNameFree(orgId, request.body.name, request.params.id);
    const batch = await db
      .updateTable('batches')
      .set({ name: request.body.name })
      .where('org_id', '=', orgId)
      .where('id', '=', request.params.id)
      .returningAll()
      .executeTakeFirst();
    if (!batch) throw notFound('batch');
    return { data: presentBatch(batch) };
  });

  /** Links the selected tests (ids, or selectAll with search and exclusions) to chapters and batches. */
  api.post('/test/linkTest', { schema: { tags: ['links'], body: linkBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'read');
    // A folder not in the caller's library is 404, as everywhere (it once linked nothing, answering 200).
    await library.folderOrRoot(scope, body.parentFolderId);
    const orgId = scope.orgId;
    const testIds = [...body.testIds, ...(body.proprofsId ? [body.proprofsId] : [])];
    const [chapters, batches] = await Promise.all([
      body.chapterIds.length ? db.selectFrom('chapters').select('id').where('org_id', '=', orgId).where('id', 'in', body.chapterIds).execute() : [],
      body.batchIds.length ? db.selectFrom('batches').select('id').where('org_id', '=', orgId).where('id', 'in', body.batchIds).execute() : [],
    ]);
    if (chapters.length !== new Set(body.chapterIds).size) throw notFound('chapter');
    if (batches.length !== new Set(body.batchIds).size) throw notFound('batch');
    const selection = selectionFrom(body, testIds);
    const linkedTests = await db.transaction().execute(async (trx) => {
      const tests = (await applySelection(trx.selectFrom('tests as t').where(inScope<'tests'>(scope) as any), selection, 'tests')
        .select(['t.id'])
        .execute()) as { id: string }[];
      if (!body.selectAll && tests.length !== new Set(testIds).size) throw notFound('test');
      const rows = tests.flatMap((t) => [
        ...chapters.map((c) => ({ test_id: t.id, org_id: orgId, kind: 'chapter' as const, target_id: c.id })),
        ...batches.map((b) => ({ test_id: t.id, org_id: orgId, kind: 'batch' as const, target_id: b.id })),
      ]);
      for (let i = 0; i < rows.length; i += 1000) {
        await trx.insertInto('test_links').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.doNothing()).execute();
      }
      return tests.length;
    });
    return { data: { message: serverMessage(request.lang, 'linked'), linkedTests } };
  });
}
