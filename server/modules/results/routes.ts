import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** Results of a free test (issue 16): attempts, a student's answer sheet, exports, live summary. */
export async function resultsRoutes(_app: FastifyInstance, _services: Services): Promise<void> {}
