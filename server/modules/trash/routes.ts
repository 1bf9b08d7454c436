import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trashIdsBody, trashQuery } from '@shared/contract/trash';
import { serverMessage } from '@shared/i18n/serverMessages';
import { requireActiveSubscription } from '../../http/context';
import { callerOf, scopeOf } from '../../access';
import type { Services } from '../../services';
import { presentTrashItem } from './presenter';

/** The OpenAPI descriptions of restore and delete for good (issue 29): what each does, then its 404. */
const onItems = (does: string) =>
  `${does} 404 NOT_FOUND when any of \`ids\` is not an item of the caller's Trash (another organisation's or tutor's, or restored, deleted or past ` +
  "its 30 days, or no such item): a list mixing the caller's items with such an id is refused whole, and nothing changes.";
const doc = {
  restore: onItems('Restores the items where they were (into the root when their folder is gone).'),
  remove: onItems('Deletes the items for good.'),
};

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

  api.post('/trash/restore', { schema: { tags, description: doc.restore, body: trashIdsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const restored = await services.trash.restore(callerOf(request), scopeOf(request, body.isGlobal, 'write'), body.ids, request.lang);
    return { data: { message: serverMessage(request.lang, 'trashRestored'), restored } };
  });

  api.delete('/trash', { schema: { tags, description: doc.remove, body: trashIdsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const deleted = await services.trash.removeForGood(scopeOf(request, body.isGlobal, 'write'), body.ids);
    return { data: { message: serverMessage(request.lang, 'trashDeletedForever'), deletedCount: deleted } };
  });
}
