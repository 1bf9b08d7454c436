import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * Office on the web, where Word shows the add-in's task pane in a frame (desktop Word opens it as
 * a page of its own, where frame-ancestors does not apply). Only these may frame /addin/ pages.
 */
export const OFFICE_FRAME_ANCESTORS = [
  'https://*.officeapps.live.com',
  'https://*.office.com',
  'https://*.office365.com',
  'https://*.microsoft365.com',
  'https://*.cloud.microsoft',
  'https://*.sharepoint.com',
  'https://*.live.com',
];
/** Office.js comes from Microsoft's CDN, as Office requires of a task pane. */
export const OFFICE_JS_ORIGIN = 'https://appsforoffice.microsoft.com';

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy of our HTML pages (issue 14). Scripts only from our own files (the
 * portal has no inline script); styles inline too (Fluent UI's Griffel and KaTeX write <style> and
 * style attributes); pictures from us, data:/blob: (pasted, previews) and https (a question's
 * https pictures); calls to our API, and to the S3 store where uploads go there. No plugins, no
 * <base>, forms post to us only.
 */
export function contentSecurityPolicy(config: Pick<ServerConfig, 's3'>, page: 'portal' | 'addin'): string {
  const s3 = [originOf(config.s3?.endpoint), originOf(config.s3?.publicUrl)].filter((o): o is string => o !== null);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': page === 'addin' ? ["'self'", OFFICE_JS_ORIGIN] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...s3],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...s3],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': page === 'addin' ? ["'self'", ...OFFICE_FRAME_ANCESTORS] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/**
 * Headers on every answer: nosniff and a referrer policy that sends other sites our origin only
 * (never a path with a free test's id or a reset token). HTML pages also get their CSP and, except
 * the add-in's pages (framed by Office on the web), X-Frame-Options DENY for older browsers.
 * A page that sets its own CSP (the API docs) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 's3'>): void {
  const portal = contentSecurityPolicy(config, 'portal');
  const addin = contentSecurityPolicy(config, 'addin');
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const isAddin = request.url.startsWith('/addin/');
      reply.header('content-security-policy', isAddin ? addin : portal);
      if (!isAddin) reply.header('x-frame-options', 'DENY');
    }
    done(null, payload);
  });
}
