import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverMessage } from '@shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { scopeOf } from '../../access';
import type { Services } from '../../services';
import { LibraryRepository } from '../library/repository';
import { selectionFrom } from '../library/selection';
import { id, listParam, name } from '@shared/contract/fields';
import { ids, selectionFields } from '@shared/contract/library';
import { LinksRepository } from './repository';

const linkBody = z.object({
  ...selectionFields,
  chapterIds: ids,
  batchIds: ids,
  testIds: ids,
  /** One test's id, as the spec's payload names it. */
  proprofsId: id.optional(),
});

/** The OpenAPI description of linking (issue 29): what it does, then its 404. */
const LINK_DESCRIPTION =
  'Links the selected tests to chapters and batches. 404 NOT_FOUND when `parentFolderId` or any id listed in `testIds` or `proprofsId` (without `selectAll`) ' +
  "is not in the caller's library, or a chapter or batch not in the caller's organisation (another organisation's, or no such item): " +
  "a list mixing the caller's ids with such an id is refused whole, and nothing is linked.";

/** Subjects, chapters and batches, and linking tests to them. */
export async function linkRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [services.requireAuth, requireActiveSubscription];
  const library = new LibraryRepository(services.db);
  const links = new LinksRepository(services.db);

  api.get('/test/subjects', { schema: { tags: ['links'] }, preValidation: guard }, async (request) => {
    const subjects = await links.subjects(authOf(request).org.id);
    return { data: { subjects: subjects.map((s) => ({ _id: s.id, name: s.name })) } };
  });

  api.get(
    '/test/chapters',
    {
      schema: { tags: ['links'], querystring: z.object({ search: z.string().trim().max(200).optional(), subjects: listParam(id, 500) }) },
      preValidation: guard,
    },
    async (request) => {
      const chapters = await links.chapters(authOf(request).org.id, { search: request.query.search, subjectIds: request.query.subjects }, 500);
      return { data: { chapters: chapters.map((c) => ({ _id: c.id, name: c.name, subjectId: c.subject_id })) } };
    },
  );

  api.post('/test/chapters', { schema: { tags: ['links'], body: z.object({ subjectId: id, name }) }, preValidation: guard }, async (request) => {
    const orgId = authOf(request).org.id;
    const subject = await links.findSubject(orgId, request.body.subjectId);
    if (!subject) throw notFound('subject');
    if (await links.chapterNamed(orgId, subject.id, request.body.name)) throw new AppError(409, 'NAME_TAKEN', 'nameTaken', { name: request.body.name });
    const chapter = await links.createChapter(orgId, subject.id, request.body.name);
    return { data: { _id: chapter.id, name: chapter.name, subjectId: chapter.subject_id } };
  });

  const presentBatch = (b: { id: string; name: string }) => ({ _id: b.id, name: b.name });
  const assertBatchNameFree = async (orgId: string, batchName: string, exceptId?: string) => {
    if (await links.batchNamed(orgId, batchName, exceptId)) throw new AppError(409, 'NAME_TAKEN', 'nameTaken', { name: batchName });
  };

  api.get('/v2/batches', { schema: { tags: ['links'] }, preValidation: guard }, async (request) => {
    const batches = await links.batches(authOf(request).org.id);
    return { data: { batches: batches.map(presentBatch) } };
  });

  api.post('/v2/batches', { schema: { tags: ['links'], body: z.object({ name }) }, preValidation: guard }, async (request) => {
    const orgId = authOf(request).org.id;
    await assertBatchNameFree(orgId, request.body.name);
    return { data: presentBatch(await links.createBatch(orgId, request.body.name)) };
  });

  api.patch('/v2/batches/:id', { schema: { tags: ['links'], params: z.object({ id }), body: z.object({ name }) }, preValidation: guard }, async (request) => {
    const orgId = authOf(request).org.id;
    await assertBatchNameFree(orgId, request.body.name, request.params.id);
    const batch = await links.renameBatch(orgId, request.params.id, request.body.name);
    if (!batch) throw notFound('batch');
    return { data: presentBatch(batch) };
  });

  /** Links the selected tests (ids, or selectAll with search and exclusions) to chapters and batches. */
  api.post('/test/linkTest', { schema: { tags: ['links'], description: LINK_DESCRIPTION, body: linkBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'read');
    // A folder not in the caller's library is 404, as everywhere (it once linked nothing, answering 200).
    await library.folderOrRoot(scope, body.parentFolderId);
    const testIds = [...body.testIds, ...(body.proprofsId ? [body.proprofsId] : [])];
    const [chapterIds, batchIds] = await Promise.all([
      links.idsInOrg('chapters', scope.orgId, body.chapterIds),
      links.idsInOrg('batches', scope.orgId, body.batchIds),
    ]);
    if (chapterIds.length !== new Set(body.chapterIds).size) throw notFound('chapter');
    if (batchIds.length !== new Set(body.batchIds).size) throw notFound('batch');
    const linkedTests = await links.link(scope, selectionFrom(body, testIds), { chapterIds, batchIds }, (found) => {
      if (!body.selectAll && found !== new Set(testIds).size) throw notFound('test');
    });
    return { data: { message: serverMessage(request.lang, 'linked'), linkedTests } };
  });
}
