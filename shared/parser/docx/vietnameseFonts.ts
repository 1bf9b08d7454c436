import { toUnicode } from 'vietnamese-conversion';

/**
 * Vietnamese papers from before Unicode are typed in TCVN3 (ABC) fonts, .VnTime and its kind, or
 * in VNI fonts, VNI-Times and its kind: bytes that only those fonts draw as Vietnamese letters.
 * Their text is turned into Unicode, as Unikey's converter would, and the face into the Unicode
 * face Office has that looks the same (so the font check asks for nothing).
 */

export type VietnameseEncoding = 'tcvn3' | 'vni';

export function legacyVietnamese(face: string | null): VietnameseEncoding | null {
  const name = (face ?? '').trim();
  if (/^\.vn/i.test(name)) return 'tcvn3';
  if (/^vni[-\s]/i.test(name)) return 'vni';
  return null;
}

/** The Unicode face Office ships that a legacy Vietnamese face stands for. */
export function unicodeFaceFor(face: string): string {
  return /time|century|souvenir|bodoni|book|garamond|palatin|courier|\.vnbook/i.test(face) ? 'Times New Roman' : 'Arial';
}

/** Text in a legacy Vietnamese face as Unicode. TCVN3's capitals fonts (.VnTimeH, .VnArialH) draw every letter as a capital. */
export function vietnameseText(face: string, text: string): string {
  const encoding = legacyVietnamese(face);
  if (!encoding || !text) return text;
  const unicode = toUnicode(text, encoding);
  return encoding === 'tcvn3' && /h$/i.test(face.trim()) ? unicode.toUpperCase() : unicode;
}
