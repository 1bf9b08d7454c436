import { strFromU8, unzipSync } from 'fflate';
import type { ImportFormat } from './model';
import { decodeLoose } from './text';
import { paperKind } from '../parser/parseDocument';

/**
 * Which format a file is in, from its bytes first and its name second (a .txt may be GIFT or
 * Aiken; a .zip QTI 3.0 or 2.x). Null when nothing fits; the caller may say `--from`.
 */
export function detectFormat(bytes: Uint8Array, name = ''): ImportFormat | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  // Hangul's papers (a compound file with a FileHeader; a zip of OWPML), as the Word dialog tells them.
  const paper = paperKind(bytes);
  if (paper !== 'docx') return paper;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return zipFormat(bytes);
  // UTF-8, or UTF-16 by its byte-order mark, as the import reads it (./text.ts).
  const head = decodeLoose(bytes.subarray(0, 64 * 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) {
    if (/<quiz[\s>]/.test(head)) return 'moodle';
    if (/<qti-assessment-item[\s>]/.test(head)) return 'qti3';
    if (/<assessmentItem[\s>]/.test(head)) return 'qti2';
    return null;
  }
  if (ext === 'json' || /^[{[]/.test(head)) return 'json';
  if (ext === 'csv' || ext === 'tsv') return 'csv';
  const firstLine = head.split(/\r?\n/)[0].toLowerCase();
  if (/\btype\b/.test(firstLine) && /\bquestion\b/.test(firstLine) && /[,;\t]/.test(firstLine)) return 'csv';
  if (ext === 'gift') return 'gift';
  // GIFT's answer blocks open with = ~ # or T/F; Aiken has ANSWER: lines (its text may hold LaTeX braces).
  const giftBlock = /\{\s*(=|~|#|T\s*\}|F\s*\}|TRUE\b|FALSE\b)/.test(head) || /^::.*::/m.test(head);
  if (/^\s*ANSWER\s*:/im.test(head) && /^[A-Z][.)]\s/m.test(head) && !giftBlock) return 'aiken';
  if (/\{[\s\S]*\}/.test(head) || /^\$CATEGORY:/m.test(head) || /^::/m.test(head)) return 'gift';
  return null;
}

function zipFormat(bytes: Uint8Array): ImportFormat | null {
  const names: string[] = [];
  let manifest = '';
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return /(^|\/)imsmanifest\.xml$/i.test(file.name);
      },
    });
    const found = unzipSync(bytes, { filter: (file) => /(^|\/)imsmanifest\.xml$/i.test(file.name) });
    manifest = Object.values(found)[0] ? strFromU8(Object.values(found)[0]) : '';
  } catch {
    return null;
  }
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  if (!manifest) return null;
  return /xmlv3p0|qtiv3p0|imsqtiasi_v3p0/.test(manifest) ? 'qti3' : 'qti2';
}
