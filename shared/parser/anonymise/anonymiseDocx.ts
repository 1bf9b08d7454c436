import { unzipSync, zipSync } from 'fflate';
import { blankApp, blankCore, blankCustom, blankCustomXml } from './docProps';
import { readUtf16, writeUtf16 } from '../content/utf16';
import { decodePart, encodePart, type PartEncoding } from './encoding';
import { findObjects } from './equations';
import { rewriteContentTypes, rewriteRels } from './opcPackage';
import { isPicturePart, replacePicture } from './pictures';
import type { KeyedHash } from './pseudoWord';
import { wordMapper, type WordMapper, type WordStats } from './wordMapper';
import { anonymiseXml } from './xmlText';

export type AnonymiseProblem = 'notZip' | 'noDocument';
export class AnonymiseError extends Error {
  constructor(
    readonly problem: AnonymiseProblem,
    message: string,
  ) {
    super(message);
    this.name = 'AnonymiseError';
  }
}

export interface AnonymiseReport {
  words: WordStats;
  /** Pictures replaced by grey ones, and how many of them were renamed to .png. */
  pictures: number;
  renamed: number;
  /** Preview pictures of equation objects, kept. */
  equationPreviews: number;
  /** Parts left as they are that may still hold the paper's content: pictures of an unknown format, embedded objects that are not equations. */
  leftAsIs: string[];
  /** Parts dropped (the thumbnail of the first page). */
  dropped: string[];
}

const isXml = (path: string) => /\.(xml|rels)$/i.test(path);
/** The picture of the first page Word saves with "Save thumbnail": the paper itself, in small. */
const isDropped = (path: string) => /^docProps\/thumbnail\.[^/]+$/i.test(path);

/** Opens the zip, or says in one line why the file is not a Word document. */
function unzipDocx(file: Uint8Array): Record<string, Uint8Array> {
  const zipSignature = file.length >= 4 && file[0] === 0x50 && file[1] === 0x4b && (file[2] === 3 || file[2] === 5);
  if (!zipSignature) throw new AnonymiseError('notZip', 'not a .docx (not a zip file: an old .doc, a password-protected or damaged file?)');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(file);
  } catch (error) {
    throw new AnonymiseError('notZip', `not a .docx (the zip cannot be read: ${(error as Error).message})`);
  }
  if (!files['word/document.xml']) throw new AnonymiseError('noDocument', 'not a Word document (the zip has no word/document.xml)');
  return files;
}

/** One XML part, by what it is: the document's own parts have their words replaced, properties are blanked. */
function anonymisePart(path: string, xml: string, mapper: WordMapper): string {
  if (/^word\/.*\.xml$/i.test(path)) return anonymiseXml(xml, mapper);
  if (path === 'docProps/core.xml') return anonymiseXml(blankCore(xml), null);
  if (path === 'docProps/app.xml') return blankApp(xml);
  if (path === 'docProps/custom.xml') return blankCustom(xml);
  if (/^customXml\/item\d*\.xml$/i.test(path)) return blankCustomXml(xml);
  return anonymiseXml(xml, null);
}

/** Every picture replaced (equation previews kept); the names of those renamed to .png. */
function replacePictures(files: Record<string, Uint8Array>, keep: Set<string>, report: AnonymiseReport): Map<string, string> {
  const renamed = new Map<string, string>();
  const taken = (path: string) => path in files || [...renamed.values()].includes(path);
  for (const path of Object.keys(files).filter(isPicturePart)) {
    if (keep.has(path)) {
      report.equationPreviews++;
      continue;
    }
    const outcome = replacePicture(path, files[path], taken);
    if (outcome.kind === 'unknown') {
      report.leftAsIs.push(path);
      continue;
    }
    files[path] = outcome.bytes;
    report.pictures++;
    if (outcome.renameTo) renamed.set(path, outcome.renameTo);
  }
  report.renamed = renamed.size;
  return renamed;
}

/**
 * A real paper made anonymous and kept whole: every part, paragraph, run boundary, format,
 * numbering, table, equation and field as it was; every word that is not structure replaced by a
 * pseudo-word of its length and script (`hash` is keyed per run: the same word gives the same
 * pseudo-word within this call only); pictures replaced by grey ones of their size; properties and
 * people blanked. Throws AnonymiseError when the file is not a Word document.
 */
/** A form control's persisted data (docx/formControls.ts). */
const HTML_CONTROL_DATA = /^word\/activeX\/[^/]+\.bin$/i;

/**
 * A web page's form control keeps its HTML tag in UTF-16 after its 16-byte class id
 * (`<INPUT TYPE="radio" NAME="q1" VALUE="Paris">`): the words of its quoted values are the
 * page's (its TYPE aside), so they are replaced like the document's, each at its place (same length, so every
 * byte after stays). Anything else (a Forms control's binary properties) is left as it is.
 */
export function anonymiseHtmlControl(bytes: Uint8Array, mapper: WordMapper): Uint8Array {
  if (bytes.length < 18 || bytes.length % 2 !== 0) return bytes;
  const tag = readUtf16(bytes, 16, (bytes.length - 16) / 2);
  if (!/^\s*<INPUT\b/i.test(tag)) return bytes;
  // The TYPE says what the control is (radio, checkbox): structure, kept.
  const replaced = tag.replace(/\b([A-Za-z-]+)(\s*=\s*)"([^"]*)"/g, (whole, name: string, equals: string, value: string) =>
    name.toUpperCase() === 'TYPE' ? whole : `${name}${equals}"${mapper.text(value)}"`,
  );
  const out = new Uint8Array(bytes);
  writeUtf16(out, 16, replaced);
  return out;
}

export function anonymiseDocx(file: Uint8Array, hash: KeyedHash): { bytes: Uint8Array; report: AnonymiseReport } {
  const files = unzipDocx(file);
  const report: AnonymiseReport = { words: { replaced: 0, distinct: 0, kept: 0 }, pictures: 0, renamed: 0, equationPreviews: 0, leftAsIs: [], dropped: [] };
  const texts: Record<string, string> = {};
  const encodings: Record<string, PartEncoding> = {};
  for (const path of Object.keys(files).filter(isXml)) ({ text: texts[path], encoding: encodings[path] } = decodePart(files[path]));
  const rels = Object.fromEntries(Object.entries(texts).filter(([path]) => path.endsWith('.rels')));
  const objects = findObjects(texts, rels);
  const dropped = new Set(Object.keys(files).filter(isDropped));
  report.dropped = [...dropped];
  const renamed = replacePictures(files, objects.equationPreviews, report);
  report.leftAsIs.push(...Object.keys(files).filter((path) => /^word\/embeddings\//.test(path) && !objects.equationObjects.has(path)));
  const mapper = wordMapper(hash);
  const out: Record<string, Uint8Array> = {};
  for (const [path, bytes] of Object.entries(files)) {
    if (dropped.has(path)) continue;
    let text: string | null = null;
    if (path === '[Content_Types].xml') text = rewriteContentTypes(texts[path], renamed, dropped, renamed.size > 0);
    else if (path.endsWith('.rels')) text = rewriteRels(path, texts[path], renamed, dropped);
    else if (isXml(path)) text = anonymisePart(path, texts[path], mapper);
    const data = text === null && HTML_CONTROL_DATA.test(path) ? anonymiseHtmlControl(bytes, mapper) : bytes;
    out[renamed.get(path) ?? path] = text === null ? data : encodePart(text, encodings[path]);
  }
  report.words = { ...mapper.stats };
  return { bytes: zipSync(out, { level: 6 }), report };
}
