import * as CFB from 'cfb';
import { deflateSync, inflateSync } from 'fflate';
import { HwpFormatError } from './records';

/**
 * The compound file of an HWP 5.0 document, entry by entry. Streams are read and written through
 * SheetJS's `cfb`; the FileHeader says whether the record streams (DocInfo, BodyText/Section*) and
 * the pictures (BinData/*) are raw-deflated.
 */
export interface HwpPackage {
  cfb: CFB.CFB$Container;
  compressed: boolean;
}

const SIGNATURE = 'HWP Document File';

export function openHwp(file: Uint8Array): HwpPackage {
  let cfb: CFB.CFB$Container;
  try {
    cfb = CFB.read(file, { type: 'array' });
  } catch {
    throw new HwpFormatError('not an OLE compound file (an .hwp before 5.0, or not an .hwp)');
  }
  const header = streamOf({ cfb, compressed: false }, 'FileHeader');
  if (!header || header.length < 40) throw new HwpFormatError('no FileHeader stream: not an HWP 5.0 document');
  const signature = String.fromCharCode(...header.subarray(0, SIGNATURE.length));
  if (signature !== SIGNATURE) throw new HwpFormatError('the FileHeader has no "HWP Document File" signature');
  const flags = header[36] | (header[37] << 8) | (header[38] << 16) | (header[39] << 24);
  // A password or a distribution document (ViewText) is encrypted: its text cannot be replaced.
  if (flags & 0x2) throw new HwpFormatError('the document is protected by a password');
  if (flags & 0x4) throw new HwpFormatError('a distribution document (배포용 문서): its text is encrypted');
  return { cfb, compressed: (flags & 0x1) !== 0 };
}

/** Paths relative to the root ("BodyText/Section0"), streams only. */
export function streamPaths(pkg: HwpPackage): string[] {
  const root = pkg.cfb.FullPaths[0];
  return pkg.cfb.FullPaths.flatMap((full, i) => (pkg.cfb.FileIndex[i].type === 2 ? [full.slice(root.length)] : []));
}

function indexOf(pkg: HwpPackage, path: string): number {
  const root = pkg.cfb.FullPaths[0];
  return pkg.cfb.FullPaths.findIndex((full) => full === root + path);
}

export function streamOf(pkg: HwpPackage, path: string): Uint8Array | null {
  const i = indexOf(pkg, path);
  const content = i < 0 ? null : pkg.cfb.FileIndex[i].content;
  return content ? Uint8Array.from(content as ArrayLike<number>) : null;
}

export function setStream(pkg: HwpPackage, path: string, bytes: Uint8Array): void {
  const entry = pkg.cfb.FileIndex[indexOf(pkg, path)];
  entry.content = bytes;
  entry.size = bytes.length;
}

/** A stream, or a storage with everything under it. */
export function removeEntry(pkg: HwpPackage, path: string): boolean {
  const root = pkg.cfb.FullPaths[0];
  let removed = false;
  for (let i = pkg.cfb.FullPaths.length - 1; i > 0; i--) {
    const rel = pkg.cfb.FullPaths[i].slice(root.length);
    if (rel === path || rel === `${path}/` || rel.startsWith(`${path}/`)) {
      pkg.cfb.FullPaths.splice(i, 1);
      pkg.cfb.FileIndex.splice(i, 1);
      removed = true;
    }
  }
  return removed;
}

export function renameStream(pkg: HwpPackage, from: string, to: string): void {
  const root = pkg.cfb.FullPaths[0];
  CFB.utils.cfb_mov(pkg.cfb, root + from, root + to);
}

/** A record stream or a picture as stored: inflated when the document says so (a stream that does not inflate is taken as stored raw). */
export function unpack(pkg: HwpPackage, bytes: Uint8Array, compressed = pkg.compressed): { bytes: Uint8Array; deflated: boolean } {
  if (!compressed) return { bytes, deflated: false };
  try {
    return { bytes: inflateSync(bytes), deflated: true };
  } catch {
    return { bytes, deflated: false };
  }
}

export const pack = (bytes: Uint8Array, deflated: boolean) => (deflated ? deflateSync(bytes, { level: 6 }) : bytes);

export function writeHwp(pkg: HwpPackage): Uint8Array {
  // Rebuild the directory tree after removals and renames (cfb keeps a flat list of paths).
  CFB.utils.cfb_gc(pkg.cfb);
  return Uint8Array.from(CFB.write(pkg.cfb, { type: 'array' }) as ArrayLike<number>);
}
