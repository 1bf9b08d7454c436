import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serverMessage } from '@shared/i18n/serverMessages';
import { authOf, requireActiveSubscription } from '../../http/context';
import { callerOf, scopeOf } from '../../access';
import type { Services } from '../../services';
import { presentTestSummary } from './presenter';
import { selectionFrom } from './selection';
import { LibraryContentService } from './service';
import { LibraryRepository } from './repository';
import { CopiesRepository } from './copiesRepository';
import { TutorsRepository } from '../accounts/tutorsRepository';
import { SettingsRepository } from '../settings/repository';
import { copyTestBody, copyTestParams, createTestBody, shareFoldersBody, shareTestsBody, tagsQuery, tutorsQuery } from '@shared/contract/library';

/** The OpenAPI descriptions of copy and share (issue 29): what each does, then its 404. */
const doc = {
  copy: "Copies a test into the same folder (a Global Library test into My Library's root). 404 NOT_FOUND when the test is not in the caller's library (another organisation's or tutor's, or no such test).",
  share: (ids: string) =>
    `Copies the selected items into each recipient's My Library, marked shared. 404 NOT_FOUND when \`parentFolderId\`, a tutor, or any id listed in \`${ids}\` (without \`selectAll\`) ` +
    "is not in the caller's library or organisation (another organisation's or tutor's, or no such item): a list mixing the caller's ids with such an id is refused whole, and nothing is shared.",
};

/** Creating and copying tests, tags, tutors to share with, and sharing. */
export async function libraryContentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [services.requireAuth, requireActiveSubscription];
  const { db } = services;
  const content = new LibraryContentService(new LibraryRepository(db), new CopiesRepository(db), new TutorsRepository(db), new SettingsRepository(db));

  api.post('/v2/test/create', { schema: { tags: ['tests'], body: createTestBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'write');
    const test = await content.createTest(callerOf(request), scope, {
      parentFolderId: body.parentFolderId,
      name: body.name,
      tags: body.tags,
      duration: body.duration,
      language: body.language,
    });
    return { data: presentTestSummary(test) };
  });

  api.post(
    '/test/copy/:id',
    { schema: { tags: ['tests'], description: doc.copy, params: copyTestParams, body: copyTestBody }, preValidation: guard },
    async (request) => {
      const scope = scopeOf(request, request.body.isGlobal, 'read');
      return { data: presentTestSummary(await content.copyTest(scope, request.params.id, request.body.name)) };
    },
  );

  api.get('/tags', { schema: { tags: ['library'], querystring: tagsQuery }, preValidation: guard }, async (request) => {
    return { data: await content.tags(callerOf(request), request.query.search ?? '', request.query.isGlobal) };
  });

  /** Tutors of the caller's organisation to share with (never another organisation's). */
  api.get('/v2/user/tutors', { schema: { tags: ['library'], querystring: tutorsQuery }, preValidation: guard }, async (request) => {
    const tutors = await content.tutorsFor(callerOf(request), request.query.search);
    return { data: { tutors: tutors.map((t) => ({ _id: t.id, name: t.name, email: t.email })) } };
  });

  /** Each recipient gets their own copy at the root of their My Library, marked shared. */
  const share = async (
    request: Parameters<typeof callerOf>[0],
    body: Parameters<typeof selectionFrom>[0] & { isGlobal: boolean; tutorIds: string[] },
    kind: 'folders' | 'tests',
    ids: string[],
  ) => {
    const selection = { ...selectionFrom(body, ids), parentFolderId: body.parentFolderId };
    const shared = await content.share(callerOf(request), authOf(request).user.name, body.isGlobal, kind, selection, body.tutorIds);
    return { data: { message: serverMessage(request.lang, 'shared'), ...shared } };
  };

  api.post('/folder/share', { schema: { tags: ['library'], description: doc.share('folderIds'), body: shareFoldersBody }, preValidation: guard }, (request) =>
    share(request, request.body, 'folders', request.body.folderIds),
  );
  api.post('/test/share', { schema: { tags: ['library'], description: doc.share('testIds'), body: shareTestsBody }, preValidation: guard }, (request) =>
    share(request, request.body, 'tests', request.body.testIds),
  );
}
