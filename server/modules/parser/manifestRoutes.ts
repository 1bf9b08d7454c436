import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { Services } from '../../services';
import { manifestFor, readAddinManifest, type AddinManifest } from './release';

/** The manifest beside the add-in's pages (dist/addin/manifest.xml in the build). */
export const ADDIN_MANIFEST_URL = '/addin/manifest.xml';

/**
 * The manifest as this server serves it, at either of its addresses (issue 29): every address in
 * it is the server's PUBLIC_URL, or the origin the file was asked from (`manifestFor`).
 */
export function sendManifest(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  manifest: AddinManifest | null,
  { download }: { download: boolean },
): FastifyReply {
  if (!manifest) throw new AppError(404, 'NOT_FOUND', 'fileNotFound');
  reply.header('Content-Type', 'application/xml; charset=utf-8').header('Cache-Control', 'no-cache');
  if (download) reply.header('Content-Disposition', 'attachment; filename="testforge-word-addin.xml"');
  return reply.send(manifestFor(manifest, services.config.linkBaseUrl ?? `${request.protocol}://${request.host}`));
}

/**
 * `/addin/manifest.xml`, beside the add-in's pages (issue 29): the built copy in dist/ named
 * https://localhost:3000 whatever PUBLIC_URL said, so it is rendered as the API's manifest is
 * (the portal's static files leave the built copy out: server/app.ts). Registered outside `/api`.
 */
export async function addinManifestRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const manifest = readAddinManifest();
  app.get(ADDIN_MANIFEST_URL, { schema: { hide: true } }, async (request, reply) => sendManifest(request, reply, services, manifest, { download: false }));
}
