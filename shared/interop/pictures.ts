import { isPictureType, pictureTypeOfName } from '../domain/pictures';

/**
 * Pictures travel inside our questions as data: URLs, and inside packages (QTI, Moodle XML, Word)
 * as files. Base64 without Buffer, so the same code runs in the browser.
 */

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

export const extensionOf = (type: string) => EXTENSIONS[type] ?? 'bin';
export const typeOfName = (name: string) => pictureTypeOfName(name) ?? 'application/octet-stream';

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export interface PictureFile {
  type: string;
  bytes: Uint8Array;
}

/** The bytes of a data: URL (base64 or percent-encoded); null for anything else. */
export function dataUrlFile(src: string): PictureFile | null {
  const m = /^data:([\w/+.-]+)?((?:;[\w-]+=[^;,]*)*)(;base64)?,([\s\S]*)$/i.exec(src);
  if (!m) return null;
  try {
    const bytes = m[3] ? fromBase64(m[4]) : new TextEncoder().encode(decodeURIComponent(m[4]));
    return { type: (m[1] ?? 'text/plain').toLowerCase(), bytes };
  } catch {
    return null;
  }
}

export const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${toBase64(bytes)}`;

/** A picture a question may show (PNG, JPEG, GIF, WebP); SVG and the rest are refused, as uploads are. */
export const isShowable = (type: string) => isPictureType(type);

/**
 * Names pictures inside a package: one file per distinct picture (the same data URL twice is one
 * file), `prefix1.png`, `prefix2.jpg`...
 */
export class PictureFiles {
  readonly files = new Map<string, { name: string; file: PictureFile }>();
  constructor(private readonly prefix = 'picture') {}
  /** The file name for a data: URL, or null when src is not one (an http URL stays as it is). */
  add(src: string): string | null {
    const known = this.files.get(src);
    if (known) return known.name;
    const file = dataUrlFile(src);
    if (!file) return null;
    const name = `${this.prefix}${this.files.size + 1}.${extensionOf(file.type)}`;
    this.files.set(src, { name, file });
    return name;
  }
}
