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

/**
 * The manifest as served: the task pane's origin is the server's own when the server has an
 * https PUBLIC_URL (Office loads add-ins over https only); else the file as written
 * (https://localhost:3000, for a developer's machine).
 */
export function manifestFor(manifest: AddinManifest, publicUrl: string): string {
  return publicUrl.startsWith('https://') ? manifest.xml.replaceAll('https://localhost:3000', publicUrl) : manifest.xml;
}
