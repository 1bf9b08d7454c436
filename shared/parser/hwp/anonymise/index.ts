import type { KeyedHash } from '../../anonymise/pseudoWord';
import { anonymiseHwp, type HwpReport } from './anonymiseHwp';
import { anonymiseHwpx, hwpxLines, type HwpxReport } from './anonymiseHwpx';
import { hwpLines } from './hwpText';

/**
 * One entry for both formats (scripts/hwpFixture.ts, the tests): the format is told by the bytes
 * (an OLE compound file or a zip), not by the extension.
 */
export type HangulFormat = 'hwp' | 'hwpx';

export function formatOf(file: Uint8Array): HangulFormat | null {
  if (file[0] === 0xd0 && file[1] === 0xcf && file[2] === 0x11 && file[3] === 0xe0) return 'hwp';
  if (file[0] === 0x50 && file[1] === 0x4b) return 'hwpx';
  return null;
}

export interface HangulResult {
  format: HangulFormat;
  bytes: Uint8Array;
  report: HwpReport | HwpxReport;
  originals: ReadonlySet<string>;
}

export function anonymiseHangul(file: Uint8Array, hash: KeyedHash): HangulResult {
  const format = formatOf(file);
  if (format === 'hwp') return { format, ...anonymiseHwp(file, hash) };
  if (format === 'hwpx') return { format, ...anonymiseHwpx(file, hash) };
  throw new Error('neither an .hwp (OLE compound file) nor an .hwpx (zip)');
}

/** The paragraphs a reader sees, equations as $script$. */
export function hangulLines(file: Uint8Array): string[] {
  return formatOf(file) === 'hwpx' ? hwpxLines(file) : hwpLines(file);
}

/**
 * Original words of two syllables or more still in the output's text: what must be empty before a
 * copy is committed. (A one-syllable word can come back by chance as a pseudo-word of another.)
 */
/** The Hangul words of two syllables or more in a line of the text view, its own markers for controls ("[그림]", "[표 시작]", "[각주]") left out. */
export const hangulWordsOf = (line: string): string[] =>
  line.replace(/\[(?:표(?: 시작)?|그림(?: 개체)?|각주|미주|번호)\]/gu, ' ').match(/[\uac00-\ud7a3]{2,}/g) ?? [];

export function leftovers(output: Uint8Array, originals: ReadonlySet<string>): string[] {
  const words = new Set(hangulLines(output).flatMap(hangulWordsOf));
  return [...originals].filter((word) => /^[\uac00-\ud7a3]{2,}$/.test(word) && words.has(word));
}
