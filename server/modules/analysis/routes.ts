import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** Question analysis of a free test and of a test (issue 16): statistics, flags, reports they raise. */
export async function analysisRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
