import type { FastifyInstance } from 'fastify';
import { authOf, requireActiveSubscription } from '../../http/context';
import type { Services } from '../../services';

export async function reportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  // The header badge: questions of this organisation that students reported and nobody resolved yet.
  app.get('/v2/report-repo/count', { schema: { tags: ['reports'] }, preValidation: [services.requireAuth, requireActiveSubscription] }, async (request) => {
    const row = await services.db
      .selectFrom('question_reports')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('org_id', '=', authOf(request).org.id)
      .where('status', '=', 'REPORTED')
      .executeTakeFirstOrThrow();
    return { data: { activeReportedCount: Number(row.count) } };
  });
}
