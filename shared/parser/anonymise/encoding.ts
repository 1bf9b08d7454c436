import { strFromU8, strToU8 } from 'fflate';

/**
 * XML parts are UTF-8 as Word writes them, but a package may hold UTF-16 ones (custom XML written
 * by SharePoint or other tools, with a byte order mark). A part is decoded as it is encoded and
 * written back the same way, so its bytes outside the replaced text do not change.
 */
export type PartEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export function decodePart(bytes: Uint8Array): { text: string; encoding: PartEncoding } {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  if (!le && !be) return { text: strFromU8(bytes), encoding: 'utf-8' };
  let text = '';
  for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode(le ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1]);
  return { text, encoding: le ? 'utf-16le' : 'utf-16be' };
}

export function encodePart(text: string, encoding: PartEncoding): Uint8Array {
  if (encoding === 'utf-8') return strToU8(text);
  const out = new Uint8Array(2 + text.length * 2);
  out.set(encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[2 + 2 * i + (encoding === 'utf-16le' ? 0 : 1)] = code & 0xff;
    out[2 + 2 * i + (encoding === 'utf-16le' ? 1 : 0)] = code >> 8;
  }
  return out;
}
