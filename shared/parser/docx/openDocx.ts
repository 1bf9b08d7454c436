import { strFromU8, unzipSync } from 'fflate';
import en from '../../i18n/locales/en.json';

/**
 * What a .docx may be, at most: zip bombs and runaway files are refused before any parsing, and
 * documents that would make the parser's memory grow past 512 MB are refused with the limit named
 * (issue 14: a 38 MB document made it grow to 5.6 GB). Measured on this parser (tests/unit/
 * hostileDocx.test.ts): about 6 MB of memory per MB of document text and 450 bytes per element,
 * over a base of 100 MB; a Word paper of 1,000 questions has about 0.2 million elements.
 */
export const DOCX_LIMITS = {
  /** The file as uploaded. */
  fileBytes: 50 * 1024 * 1024,
  /** Every part unpacked, together (as the zip declares them). */
  unpackedBytes: 400 * 1024 * 1024,
  entries: 20_000,
  /** A part may unpack to at most this many times its packed size. */
  ratio: 200,
  /** One XML part (the document's text, styles, numbering), unpacked. */
  xmlPartBytes: 24 * 1024 * 1024,
  /** Elements of one XML part. */
  elements: 400_000,
  /** How deep elements of one XML part nest (Word's own go a few dozen deep: tables in tables). */
  depth: 256,
} as const;

export type DocxProblem =
  | 'empty'
  | 'tooLarge'
  | 'wordDoc'
  | 'encrypted'
  | 'pdf'
  | 'notDocx'
  | 'corrupt'
  | 'zipBomb'
  | 'partTooLarge'
  | 'tooManyElements'
  | 'tooDeep'
  // Hangul's files (issue 30; shared/parser/hwp): the same errors, thrown by the HWP and HWPX readers.
  | 'hwpEncrypted'
  | 'hwpDistribution'
  | 'hwpOld'
  | 'notHwp'
  | 'tooManyRecords';

/** The English message of a problem (shared/i18n/locales); the portal and the add-in translate by code and params. */
export function docxProblemMessage(problem: DocxProblem, params: Record<string, string | number> = {}): string {
  const values: Record<string, string | number> = { mb: DOCX_LIMITS.fileBytes / (1024 * 1024), ...params };
  return en.parser.fileProblems[problem].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

export class DocxError extends Error {
  constructor(
    readonly problem: DocxProblem,
    /** What the message names: the part, the limit. */
    readonly params: Record<string, string | number> = {},
  ) {
    super(docxProblemMessage(problem, params));
    this.name = 'DocxError';
  }
}

/** Parts read whole when the package is opened (XML and relationships); pictures and other binaries are unpacked when asked for. */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');
const MB = 1024 * 1024;

export interface DocxPackage {
  /** A part's text (XML), or null when the package has no such part. */
  xml(path: string): string | null;
  /** A part's bytes (pictures), or null. */
  bytes(path: string): Uint8Array | null;
  /** The relationships of a part (`word/document.xml`): id -> target path inside the package, and type. */
  relationships(partPath: string): Map<string, { target: string; type: string; external: boolean }>;
}

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);
/** "EncryptedPackage" as an OLE directory entry names it (UTF-16LE). */
const ENCRYPTED_STREAM = Array.from('EncryptedPackage').flatMap((c) => [c.charCodeAt(0), 0]);

function contains(bytes: Uint8Array, needle: number[]): boolean {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Opens a .docx (a zip of XML parts), or says clearly why it cannot: empty, too large, an old
 * .doc, a password-protected document (Word stores those in an OLE container too), a PDF,
 * anything else, a damaged zip, or one that would unpack to an unreasonable size.
 */
export function openDocx(file: Uint8Array): DocxPackage {
  if (file.length === 0) throw new DocxError('empty');
  if (file.length > DOCX_LIMITS.fileBytes) throw new DocxError('tooLarge');
  if (startsWith(file, OLE_SIGNATURE)) throw new DocxError(contains(file, ENCRYPTED_STREAM) ? 'encrypted' : 'wordDoc');
  if (startsWith(file, [0x25, 0x50, 0x44, 0x46])) throw new DocxError('pdf');
  if (!startsWith(file, [0x50, 0x4b, 0x03, 0x04])) throw new DocxError('notDocx');

  let entries = 0;
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  const xmlTooLarge = (part: string) => new DocxError('partTooLarge', { part, mb: DOCX_LIMITS.xmlPartBytes / MB });
  try {
    files = unzipSync(file, {
      filter: (entry) => {
        entries += 1;
        unpacked += entry.originalSize;
        if (entries > DOCX_LIMITS.entries || unpacked > DOCX_LIMITS.unpackedBytes) throw new DocxError('zipBomb');
        if (entry.size > 0 && entry.originalSize / entry.size > DOCX_LIMITS.ratio && entry.originalSize > 1024 * 1024) throw new DocxError('zipBomb');
        if (!isXmlPart(entry.name)) return false;
        if (entry.originalSize > DOCX_LIMITS.xmlPartBytes) throw xmlTooLarge(entry.name);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DocxError) throw error;
    throw new DocxError('corrupt');
  }
  // A zip's declared sizes may lie: what was unpacked is checked too.
  for (const [name, data] of Object.entries(files)) if (data.length > DOCX_LIMITS.xmlPartBytes) throw xmlTooLarge(name);
  // A zip, a spreadsheet or a presentation: a package without Word's main part.
  if (!files['word/document.xml']) throw new DocxError('notDocx');
  /** A binary part (a picture), unpacked when asked for: a document's pictures never sit in memory all at once. */
  const binary = (path: string): Uint8Array | null => {
    if (isXmlPart(path)) return files[path] ?? null;
    try {
      return unzipSync(file, { filter: (entry) => entry.name === path })[path] ?? null;
    } catch {
      return null;
    }
  };

  const relationshipCache = new Map<string, Map<string, { target: string; type: string; external: boolean }>>();
  return {
    xml: (path) => (files[path] ? strFromU8(files[path]) : null),
    bytes: binary,
    relationships: (partPath) => {
      let map = relationshipCache.get(partPath);
      if (map) return map;
      map = new Map();
      const folder = partPath.includes('/') ? partPath.slice(0, partPath.lastIndexOf('/')) : '';
      const name = partPath.slice(folder.length ? folder.length + 1 : 0);
      const rels = files[`${folder ? `${folder}/` : ''}_rels/${name}.rels`];
      if (rels) {
        for (const match of strFromU8(rels).matchAll(/<Relationship\b([^>]*)\/?>/g)) {
          const attribute = (n: string) => new RegExp(`\\b${n}="([^"]*)"`).exec(match[1])?.[1] ?? '';
          const external = attribute('TargetMode') === 'External';
          const target = attribute('Target');
          map.set(attribute('Id'), { target: external ? target : resolvePath(folder, target), type: attribute('Type'), external });
        }
      }
      relationshipCache.set(partPath, map);
      return map;
    },
  };
}

/** `media/image1.png` relative to `word` -> `word/media/image1.png`; `/word/x` is absolute; `..` climbs. */
function resolvePath(folder: string, target: string): string {
  const parts = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece && piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}
