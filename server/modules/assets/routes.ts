import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** Slides of the what's-new carousel; served by us (the product works offline). */
const WHATS_NEW_SLIDES = ['whats-new/1-library.svg', 'whats-new/2-editor.svg', 'whats-new/3-word.svg'];

export async function assetRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get('/v2/assets/url-for-whats-new-model', { schema: { tags: ['assets'] }, preValidation: services.requireAuth }, async () => ({
    data: { urlForWhatsNewModel: WHATS_NEW_SLIDES.map((slide) => `/${slide}`) },
  }));
}
