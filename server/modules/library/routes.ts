import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveSubscription } from '../../http/context';
import { notFound } from '../../http/errors';
import { scopeOf } from '../../access';
import type { Services } from '../../services';
import { LibraryRepository, type ListingRequest } from './repository';
import { ResponseCache } from '../../http/responseCache';
import { libraryKeyOf, LibraryVersions } from './listingCache';
import { presentFolder, presentListing } from './presenter';
import { childrenParams, childrenQuery, createFolderBody, deleteFoldersBody, deleteTestsBody, moveBody, updateFolderBody } from '@shared/contract/library';
import { LibraryActions } from './actionsRepository';
import { TrashRepository } from '../trash/repository';
import { ROOT_FOLDER_ID, selectionFrom } from './selection';
import { serverMessage } from '@shared/i18n/serverMessages';

/**
 * The OpenAPI descriptions of the calls on a selection (issue 29): what each does, then its 404.
 * Without `selectAll` every listed id must be in the caller's library (actionsRepository.ts).
 */
const onSelection = (does: string) =>
  `${does} 404 NOT_FOUND when \`parentFolderId\`, the destination or any id listed in \`folderIds\` or \`testIds\` (without \`selectAll\`) ` +
  "is not in the caller's library (another organisation's or tutor's, or no such item): a list mixing the caller's ids with such an id " +
  'is refused whole, and nothing changes.';
const doc = {
  move: onSelection('Moves the selected folders (with their subtrees) and tests into `destinationFolderId`.'),
  deleteFolders: onSelection('Deletes the selected folders, and with `includeTests` the selected tests, into the Trash.'),
  deleteTests: onSelection('Deletes the selected tests into the Trash.'),
};

export async function libraryRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const library = new LibraryRepository(services.db);
  const actions = new LibraryActions(services.db, new TrashRepository(services.db));
  // PGlite answers one query at a time, on this thread; PostgreSQL answers several at once, and
  // one read held up by a busy CPU then does not hold back the requests behind it (measured:
  // p99 18-25 ms against 22-34 ms with one at a time, deep folder at 50 connections).
  const versions = new LibraryVersions((libraries) => library.versions(libraries), services.databaseKind === 'pglite' ? 1 : 3);
  const cache = new ResponseCache(services.config.libraryCacheBytes, services.changes);
  // Listings of a library cached at a version older than one just committed (`library@version`)
  // will never be served again: drop them now (a notice without a version drops them all).
  services.changes.on('library', (notices) => {
    const renewed = notices.map((notice) => {
      const at = notice.lastIndexOf('@');
      return { prefix: `[${JSON.stringify(at < 0 ? notice : notice.slice(0, at))},`, version: at < 0 ? null : BigInt(notice.slice(at + 1)) };
    });
    cache.dropWhere((key, cachedAt) => renewed.some((r) => key.startsWith(r.prefix) && (r.version === null || BigInt(cachedAt) < r.version)));
  });

  const guard = [services.requireAuth, requireActiveSubscription];

  /** The caller's library a selection is in, to write; its folder must be there (else 404, as everywhere). */
  const selectionScope = async (request: FastifyRequest, body: { isGlobal: boolean; parentFolderId: string }) => {
    const scope = scopeOf(request, body.isGlobal, 'write');
    await library.folderOrRoot(scope, body.parentFolderId);
    return scope;
  };

  /**
   * One read of the library's version, batched with other requests (see LibraryVersions); the
   * answer from the cache when it was read at that version, else the listing statement.
   */
  api.get(
    '/folder/childrens/:id',
    { schema: { tags: ['library'], params: childrenParams, querystring: childrenQuery }, preValidation: guard },
    async (request, reply) => {
      const query = request.query;
      const scope = scopeOf(request, query.isGlobal, 'read');
      const listingRequest: ListingRequest = {
        folderId: request.params.id,
        folderLimit: query.folderLimit,
        folderOffset: query.folderOffset,
        testLimit: query.testLimit,
        testOffset: query.testOffset,
        showRecent: query.showRecent && request.params.id === ROOT_FOLDER_ID,
        search: query.searchString || undefined,
        tags: [...query.tags].sort(),
      };
      // The organisation is part of the key: the links shown are the caller's organisation's.
      const key = JSON.stringify([libraryKeyOf(scope), scope.orgId, ...Object.values(listingRequest)]);
      reply.type('application/json; charset=utf-8');
      if (cache.enabled) {
        const cached = cache.get(key, await versions.read(libraryKeyOf(scope)));
        if (cached !== undefined) return reply.header('x-library-cache', 'hit').send(cached);
        reply.header('x-library-cache', 'miss');
      }
      const listing = await library.listing(scope, listingRequest);
      if (!listing.folder) throw notFound('folder');
      const body = Buffer.from(JSON.stringify({ data: presentListing(listing) }));
      if (cache.enabled) cache.set(key, listing.version, body);
      return reply.send(body);
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

  api.post('/folder/move', { schema: { tags: ['library'], description: doc.move, body: moveBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = await selectionScope(request, body);
    const moved = await actions.move(scope, selectionFrom(body, body.folderIds), selectionFrom(body, body.testIds), body.destinationFolderId);
    return { data: { message: serverMessage(request.lang, 'itemsMoved'), movedFolders: moved.folders, movedTests: moved.tests } };
  });

  api.delete('/folder', { schema: { tags: ['library'], description: doc.deleteFolders, body: deleteFoldersBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = await selectionScope(request, body);
    const deleted = await actions.delete(
      scope,
      {
        folders: selectionFrom(body, body.folderIds),
        tests: body.includeTests ? selectionFrom(body, body.testIds) : undefined,
      },
      scope.userId,
    );
    // `trashIds`: the Trash's items this delete made (the portal's Undo restores them).
    return {
      data: { message: serverMessage(request.lang, 'foldersDeleted'), deletedCount: deleted.folders, deletedTests: deleted.tests, trashIds: deleted.trashIds },
    };
  });

  api.delete('/test', { schema: { tags: ['library'], description: doc.deleteTests, body: deleteTestsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const scope = await selectionScope(request, body);
    const deleted = await actions.delete(scope, { tests: selectionFrom(body, body.testIds) }, scope.userId);
    return { data: { message: serverMessage(request.lang, 'testsDeleted'), deletedCount: deleted.tests, trashIds: deleted.trashIds } };
  });
}
