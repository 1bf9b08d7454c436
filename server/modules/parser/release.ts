import fs from 'node:fs';
import path from 'node:path';

/**
 * The Word add-in's release (`GET /api/v2/parser/version`). The version is the manifest's
 * <Version>, read from the repository's manifest.xml when the server starts; the release date is
 * this constant: change it when <Version> changes.
 */
export const ADDIN_RELEASE_DATE = '2026-11-23';

export const MANIFEST_PATH = path.join(__dirname, '..', '..', '..', 'manifest.xml');

export interface AddinManifest {
  xml: string;
  version: string;
}

/** The manifest and its version; null when the file is missing (the calls then answer 404). */
export function readAddinManifest(file = MANIFEST_PATH): AddinManifest | null {
  let xml: string;
  try {
    xml = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const version = /<Version>\s*([^<\s]+)\s*<\/Version>/.exec(xml)?.[1];
  return version ? { xml, version } : null;
}

/** The origin manifest.xml is written for (a developer's machine); the served copy names the server's. */
export const MANIFEST_ORIGIN = 'https://localhost:3000';

/**
 * The manifest as served (issue 14: it named https://localhost:3000 whatever PORT or PUBLIC_URL
 * said): every address points at `origin`, the server's PUBLIC_URL or the origin the file was
 * asked from. Office loads add-ins over https only, so an http origin gets a comment at the top
 * that says so and what to do.
 */
export function manifestFor(manifest: AddinManifest, origin: string): string {
  const xml = manifest.xml.replaceAll(MANIFEST_ORIGIN, origin.replace(/\/$/, ''));
  if (origin.startsWith('https://')) return xml;
  const warning =
    `<!-- Word will refuse this manifest: Office loads add-ins over https only, and this server answered on ${origin}.\n` +
    '     Serve Testforge over https (TLS_CERT and TLS_KEY, e.g. the certificate of office-addin-dev-certs, or a proxy)\n' +
    '     or set an https PUBLIC_URL, then download the manifest again. See addin/README.md. -->\n';
  return xml.replace(/^(<\?xml[^>]*\?>\s*)/, `$1${warning}`);
}
