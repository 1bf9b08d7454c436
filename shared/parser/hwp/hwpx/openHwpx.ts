import { strFromU8, unzipSync } from 'fflate';
import { DOCX_LIMITS, DocxError } from '../../docx/openDocx';

/**
 * A .hwpx package (OWPML, KS X 6101): a zip whose first entry `mimetype` says
 * `application/hwp+zip`, with `Contents/header.xml` (fonts, character and paragraph shapes,
 * numbering), `Contents/section0.xml`, `section1.xml`… (the body), `Contents/content.hpf` (the
 * manifest naming each picture of `BinData/`) and `META-INF/` (container, and the encryption data
 * of a password-protected document).
 */
export interface HwpxPackage {
  /** A part's text (XML), or null when the package has no such part. */
  xml(path: string): string | null;
  /** A part's bytes (a picture of BinData/), unpacked when asked for, or null. */
  bytes(path: string): Uint8Array | null;
  /** Every entry's name, in the zip's order. */
  names: string[];
}

/** Parts read whole when the package opens; pictures wait until asked for, so a document's pictures never sit in memory all at once. */
const isTextPart = (name: string) => /\.(xml|hpf|rels)$/i.test(name) || name === 'mimetype';
const MB = 1024 * 1024;
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);
export const HWPX_MIMETYPE = 'application/hwp+zip';

/**
 * Opens a .hwpx, or says why it cannot (a DocxError, as the Word reader's): empty or too large,
 * not a Hangul package at all (a binary .hwp, a .docx, any other zip), damaged, a zip bomb or a
 * part too large (the Word reader's limits, DOCX_LIMITS, since the XML reader and the engines are
 * the same), or protected with a password (the parts are then AES-encrypted: nothing to read).
 */
export function openHwpx(file: Uint8Array): HwpxPackage {
  if (file.length === 0) throw new DocxError('empty');
  if (file.length > DOCX_LIMITS.fileBytes) throw new DocxError('tooLarge');
  // A binary .hwp (an OLE compound file) belongs to the HWP reader; anything not a zip is not Hangul's.
  if (startsWith(file, OLE_SIGNATURE) || !startsWith(file, ZIP_SIGNATURE)) throw new DocxError('notHwp');
  const { files, names } = unzipText(file);
  const text = (path: string) => (files[path] ? strFromU8(files[path]) : null);

  const mimetype = text('mimetype')?.trim();
  // Hangul always writes the mimetype; a package without one is still read when it has OWPML's parts (some tools omit it).
  if (mimetype !== undefined ? mimetype !== HWPX_MIMETYPE : !files['Contents/header.xml'] && !files['Contents/content.hpf']) throw new DocxError('notHwp');
  // ODF's encryption (KS X 6101 §15): the manifest carries each encrypted part's encryption-data.
  if (/<(?:[\w-]+:)?encryption-data\b/.test(text('META-INF/manifest.xml') ?? '')) throw new DocxError('hwpEncrypted');
  if (!files['Contents/section0.xml']) throw new DocxError('corrupt');

  return {
    xml: text,
    names,
    bytes: (path) => {
      if (isTextPart(path)) return files[path] ?? null;
      if (!names.includes(path)) return null;
      try {
        return unzipSync(file, { filter: (entry) => entry.name === path })[path] ?? null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The zip's XML parts, unpacked under the Word reader's limits: at most DOCX_LIMITS.entries
 * entries and unpackedBytes in all (as the zip declares them), no part unpacking to more than
 * `ratio` times its packed size once past 1 MB, no XML part over xmlPartBytes (checked again on
 * what was really unpacked, since a zip's declared sizes may lie).
 */
function unzipText(file: Uint8Array): { files: Record<string, Uint8Array>; names: string[] } {
  let unpacked = 0;
  const names: string[] = [];
  const tooLarge = (part: string) => new DocxError('partTooLarge', { part, mb: DOCX_LIMITS.xmlPartBytes / MB });
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(file, {
      filter: (entry) => {
        names.push(entry.name);
        unpacked += entry.originalSize;
        if (names.length > DOCX_LIMITS.entries || unpacked > DOCX_LIMITS.unpackedBytes) throw new DocxError('zipBomb');
        if (entry.size > 0 && entry.originalSize / entry.size > DOCX_LIMITS.ratio && entry.originalSize > MB) throw new DocxError('zipBomb');
        if (!isTextPart(entry.name)) return false;
        if (entry.originalSize > DOCX_LIMITS.xmlPartBytes) throw tooLarge(entry.name);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DocxError) throw error;
    throw new DocxError('corrupt');
  }
  for (const [name, data] of Object.entries(files)) if (data.length > DOCX_LIMITS.xmlPartBytes) throw tooLarge(name);
  return { files, names };
}

/**
 * The body's parts in reading order: the manifest's spine (content.hpf) when it names them,
 * else Contents/section0.xml, section1.xml… by number.
 */
export function sectionParts(pkg: HwpxPackage, manifest: Map<string, string>, spine: string[]): string[] {
  const fromSpine = spine.map((id) => manifest.get(id) ?? '').filter((path) => /^Contents\/section\d+\.xml$/.test(path) && pkg.xml(path) !== null);
  if (fromSpine.length) return fromSpine;
  return pkg.names
    .filter((name) => /^Contents\/section\d+\.xml$/.test(name))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
}
