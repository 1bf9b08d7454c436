import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, requireActiveSubscription } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { effectiveFlag } from '../accounts/presenter';
import type { Services } from '../../services';
import { LibraryRepository } from './repository';
import { presentFolder, presentTestSummary } from './presenter';
import type { LibraryScope } from './scope';
import { childrenParams, childrenQuery, createFolderBody, deleteFoldersBody, deleteTestsBody, moveBody, updateFolderBody } from './schemas';
import { LibraryActions } from './actions';
import { linksFor } from '../links/repository';
import { selectionFrom } from './selection';
import { serverMessage } from '../../../shared/i18n/serverMessages';

const RECENT_TESTS_LIMIT = 10;

/**
 * The scope of a library call. The Global Library is invisible (404) without shared-global
 * access, and read-only (403) for users who are not CLP editors.
 */
export function scopeOf(request: FastifyRequest, isGlobal: boolean, access: 'read' | 'write'): LibraryScope {
  const { user, org } = authOf(request);
  if (isGlobal) {
    if (!effectiveFlag(user, org, 'is_shared_global')) throw notFound('library');
    if (access === 'write' && !user.is_clp_editor) throw new AppError(403, 'GLOBAL_READ_ONLY', 'globalReadOnly');
  }
  return { orgId: org.id, userId: user.id, isGlobal };
}

export async function libraryRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const library = new LibraryRepository(services.db);
  const actions = new LibraryActions(services.db);

  const guard = [services.requireAuth, requireActiveSubscription];

  api.get(
    '/folder/childrens/:id',
    { schema: { tags: ['library'], params: childrenParams, querystring: childrenQuery }, preValidation: guard },
    async (request) => {
      const query = request.query;
      const scope = scopeOf(request, query.isGlobal, 'read');
      const folder = await library.folderOrRoot(scope, request.params.id);
      const parentId = folder?.id ?? null;
      const search = query.searchString || undefined;
      // Folders carry no tags: under a tag filter only tests are listed (decisions, Library).
      const [folders, tests, crumbs, recent] = await Promise.all([
        query.tags.length ? { count: 0, folders: [] } : library.childFolders(scope, parentId, { limit: query.folderLimit, offset: query.folderOffset, search }),
        library.childTests(scope, parentId, { limit: query.testLimit, offset: query.testOffset, search, tags: query.tags }),
        folder ? library.breadcrumbs(scope, folder) : Promise.resolve([]),
        !folder && query.showRecent ? library.recentTests(scope, RECENT_TESTS_LIMIT) : Promise.resolve([]),
      ]);
      const links = await linksFor(services.db, scope.orgId, [...tests.tests, ...recent].map((t) => t.id));
      return {
        data: {
          folders: { folderCount: folders.count, folderArray: folders.folders.map(presentFolder) },
          parentFolderDetail: crumbs.map((c) => ({ _id: c.id, name: c.name, level: c.level })),
          tests: { testCount: tests.count, testsArray: tests.tests.map((t) => presentTestSummary(t, links.get(t.id))) },
          recentTests: recent.map((t) => presentTestSummary(t, links.get(t.id))),
        },
      };
    },
  );

  api.post('/folder', { schema: { tags: ['library'], body: createFolderBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'write');
    const parent = await library.folderOrRoot(scope, body.parentFolderId);
    return { data: presentFolder(await library.createFolder(scope, { name: body.name, details: body.details, parent })) };
  });

  api.patch('/folder', { schema: { tags: ['library'], body: updateFolderBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'write');
    const updated = await library.updateFolder(scope, body.folderId, { name: body.name, details: body.details });
    if (!updated) throw notFound('folder');
    return { data: presentFolder(updated) };
  });

  api.post('/folder/move', { schema: { tags: ['library'], body: moveBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'write');
    await library.folderOrRoot(scope, body.parentFolderId);
    const moved = await actions.move(scope, selectionFrom(body, body.folderIds), selectionFrom(body, body.testIds), body.destinationFolderId);
    return { data: { message: serverMessage(request.lang, 'itemsMoved'), movedFolders: moved.folders, movedTests: moved.tests } };
  });

  api.delete('/folder', { schema: { tags: ['library'], body: deleteFoldersBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'write');
    await library.folderOrRoot(scope, body.parentFolderId);
    const deleted = await actions.delete(scope, {
      folders: selectionFrom(body, body.folderIds),
      tests: body.includeTests ? selectionFrom(body, body.testIds) : undefined,
    });
    return { data: { message: serverMessage(request.lang, 'foldersDeleted'), deletedCount: deleted.folders, deletedTests: deleted.tests } };
  });

  api.delete('/test', { schema: { tags: ['library'], body: deleteTestsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = scopeOf(request, body.isGlobal, 'write');
    await library.folderOrRoot(scope, body.parentFolderId);
    const deleted = await actions.delete(scope, { tests: selectionFrom(body, body.testIds) });
    return { data: { message: serverMessage(request.lang, 'testsDeleted'), deletedCount: deleted.tests } };
  });
}
