import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trashIdsBody, trashQuery } from '@shared/contract/trash';
import { serverMessage } from '@shared/i18n/serverMessages';
import { requireActiveSubscription } from '../../http/context';
import { callerOf, scopeOf } from '../../access';
import type { Services } from '../../services';
import { presentTrashItem } from './presenter';

/**
 * The Trash (issue 17): deleted tests, folders and questions of the caller's library (My
 * Library, or the Global Library for its editors) for 30 days. Another library's item is not
 * found (404), as a missing one.
 */
export async function trashRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['trash'];

  api.get('/trash', { schema: { tags, querystring: trashQuery }, preValidation: guard }, async (request) => {
    const query = request.query;
    const listing = await services.trash.list(scopeOf(request, query.isGlobal, 'write'), { limit: query.limit, offset: query.offset });
    return { data: { items: listing.items.map(presentTrashItem), total: listing.total } };
  });

  api.post('/trash/restore', { schema: { tags, body: trashIdsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const restored = await services.trash.restore(callerOf(request), scopeOf(request, body.isGlobal, 'write'), body.ids, request.lang);
    return { data: { message: serverMessage(request.lang, 'trashRestored'), restored } };
  });

  api.delete('/trash', { schema: { tags, body: trashIdsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const deleted = await services.trash.removeForGood(scopeOf(request, body.isGlobal, 'write'), body.ids);
    return { data: { message: serverMessage(request.lang, 'trashDeletedForever'), deletedCount: deleted } };
  });
}
