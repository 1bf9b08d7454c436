import { strFromU8 } from 'fflate';

/**
 * What a picture is and its pixel size, read from its header: the parser tells a picture stored
 * under another name by it, and the anonymiser draws its grey copy at the same size, so the layout
 * (and anything the parser measures of a picture) stays what it was.
 * Formats are told by their bytes, not by the part's extension, which may lie.
 */
export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'jxr' | 'webp' | 'emf' | 'wmf' | 'svg';
export interface PictureInfo {
  format: PictureFormat;
  /** Null when the header gives no size (a WMF without its placeable header). */
  width: number | null;
  height: number | null;
}

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const i32le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24);
const i16le = (b: Uint8Array, at: number) => (u16le(b, at) << 16) >> 16;
const starts = (b: Uint8Array, bytes: number[]) => bytes.every((x, i) => b[i] === x);
const sized = (format: PictureFormat, width: number, height: number): PictureInfo =>
  width > 0 && height > 0 ? { format, width, height } : { format, width: null, height: null };

/** JPEG: the first start-of-frame segment (SOF0–SOF15 except DHT, JPG and DAC) holds height then width. */
function jpegSize(b: Uint8Array): PictureInfo {
  for (let at = 2; at + 9 < b.length;) {
    if (b[at] !== 0xff) return sized('jpeg', 0, 0);
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return sized('jpeg', u16be(b, at + 7), u16be(b, at + 5));
    at += marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) ? 2 : 2 + u16be(b, at + 2);
  }
  return sized('jpeg', 0, 0);
}

/**
 * TIFF: ImageWidth (256) and ImageLength (257) in the first directory, either byte order. JPEG XR
 * (the .wdp Word keeps to redo a picture's artistic effects) is laid out the same, with tags
 * 0xBC80 and 0xBC81.
 */
function tiffSize(b: Uint8Array, format: 'tiff' | 'jxr' = 'tiff', tags = [256, 257]): PictureInfo {
  const little = b[0] === 0x49;
  const u16 = (at: number) => (little ? u16le(b, at) : u16be(b, at));
  const u32 = (at: number) => (little ? i32le(b, at) >>> 0 : u32be(b, at));
  const dir = u32(4);
  let width = 0;
  let height = 0;
  for (let i = 0, n = u16(dir); i < n && dir + 14 + i * 12 <= b.length; i++) {
    const entry = dir + 2 + i * 12;
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
    if (u16(entry) === tags[0]) width = value;
    if (u16(entry) === tags[1]) height = value;
  }
  return sized(format, width, height);
}

/** WebP: the size in the lossy (VP8), lossless (VP8L) or extended (VP8X) header. */
function webpSize(b: Uint8Array): PictureInfo {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  const u24 = (at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
  if (chunk === 'VP8 ') return sized('webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (chunk === 'VP8L') return sized('webp', 1 + (((b[22] & 0x3f) << 8) | b[21]), 1 + (((b[24] & 0x0f) << 10) | (b[23] << 2) | ((b[22] & 0xc0) >> 6)));
  if (chunk === 'VP8X') return sized('webp', 1 + u24(24), 1 + u24(27));
  return sized('webp', 0, 0);
}

/** EMF: the bounds in device pixels; WMF: the placeable header's box in its units per inch, at 96 dpi. */
function metafileSize(b: Uint8Array): PictureInfo | null {
  if (i32le(b, 0) === 1 && starts(b.subarray(40), [0x20, 0x45, 0x4d, 0x46]))
    return sized('emf', i32le(b, 16) - i32le(b, 8) + 1, i32le(b, 20) - i32le(b, 12) + 1);
  if (starts(b, [0xd7, 0xcd, 0xc6, 0x9a])) {
    const inch = u16le(b, 14) || 1440;
    return sized('wmf', Math.round(((i16le(b, 10) - i16le(b, 6)) / inch) * 96), Math.round(((i16le(b, 12) - i16le(b, 8)) / inch) * 96));
  }
  if ((u16le(b, 0) === 1 || u16le(b, 0) === 2) && u16le(b, 2) === 9) return { format: 'wmf', width: null, height: null };
  return null;
}

/** What picture the bytes hold and its size, or null for a format this tool does not know. */
export function pictureInfo(b: Uint8Array): PictureInfo | null {
  if (b.length < 24) return null;
  if (starts(b, [0x89, 0x50, 0x4e, 0x47])) return sized('png', u32be(b, 16), u32be(b, 20));
  if (starts(b, [0xff, 0xd8])) return jpegSize(b);
  if (starts(b, [0x47, 0x49, 0x46, 0x38])) return sized('gif', u16le(b, 6), u16le(b, 8));
  if (starts(b, [0x42, 0x4d])) {
    const core = i32le(b, 14) === 12;
    return sized('bmp', core ? u16le(b, 18) : i32le(b, 18), Math.abs(core ? u16le(b, 20) : i32le(b, 22)));
  }
  if (starts(b, [0x49, 0x49, 0x2a, 0x00]) || starts(b, [0x4d, 0x4d, 0x00, 0x2a])) return tiffSize(b);
  if (starts(b, [0x49, 0x49, 0xbc])) return tiffSize(b, 'jxr', [0xbc80, 0xbc81]);
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b.subarray(8), [0x57, 0x45, 0x42, 0x50])) return webpSize(b);
  const metafile = metafileSize(b);
  if (metafile) return metafile;
  const head = strFromU8(b.subarray(0, 4096), true); // latin1: a cut UTF-8 sequence cannot throw
  return /<svg[\s>]/.test(head) || (head.trimStart().startsWith('<?xml') && /<svg/.test(head)) ? { format: 'svg', width: null, height: null } : null;
}
