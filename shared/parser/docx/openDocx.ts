import { strFromU8, unzipSync } from 'fflate';
import en from '../../i18n/locales/en.json';

/** What a .docx may be, at most (zip bombs and runaway files are refused before any parsing). */
export const DOCX_LIMITS = {
  /** The file as uploaded. */
  fileBytes: 50 * 1024 * 1024,
  /** Every part unpacked, together (as the zip declares them). */
  unpackedBytes: 400 * 1024 * 1024,
  entries: 20_000,
  /** A part may unpack to at most this many times its packed size. */
  ratio: 200,
} as const;

export type DocxProblem = 'empty' | 'tooLarge' | 'wordDoc' | 'encrypted' | 'pdf' | 'notDocx' | 'corrupt' | 'zipBomb';

/** English messages a teacher understands (shared/i18n/locales); the portal and the add-in translate by code. */
export const DOCX_PROBLEM_MESSAGES = Object.fromEntries(
  Object.entries(en.parser.fileProblems).map(([problem, template]) => [problem, template.replace('{{mb}}', String(DOCX_LIMITS.fileBytes / (1024 * 1024)))]),
) as Record<DocxProblem, string>;

export class DocxError extends Error {
  constructor(readonly problem: DocxProblem) {
    super(DOCX_PROBLEM_MESSAGES[problem]);
    this.name = 'DocxError';
  }
}

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
  try {
    files = unzipSync(file, {
      filter: (entry) => {
        entries += 1;
        unpacked += entry.originalSize;
        if (entries > DOCX_LIMITS.entries || unpacked > DOCX_LIMITS.unpackedBytes) throw new DocxError('zipBomb');
        if (entry.size > 0 && entry.originalSize / entry.size > DOCX_LIMITS.ratio && entry.originalSize > 1024 * 1024) throw new DocxError('zipBomb');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DocxError) throw error;
    throw new DocxError('corrupt');
  }
  // A zip, a spreadsheet or a presentation: a package without Word's main part.
  if (!files['word/document.xml']) throw new DocxError('notDocx');

  const relationshipCache = new Map<string, Map<string, { target: string; type: string; external: boolean }>>();
  return {
    xml: (path) => (files[path] ? strFromU8(files[path]) : null),
    bytes: (path) => files[path] ?? null,
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
