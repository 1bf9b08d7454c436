import { unzipSync } from 'fflate';
import { DOCX_LIMITS } from '../parser/docx/openDocx';

/**
 * What a zipped import (a QTI package, an XLSX, a Word file) may unpack to, checked from the
 * zip's directory before anything is inflated: a zip bomb is refused for what it declares, not
 * after it filled the memory. The Word reader's limits, so no Word file it takes is refused here.
 */
export const ZIP_LIMITS = { entries: DOCX_LIMITS.entries, unpackedBytes: DOCX_LIMITS.unpackedBytes, ratio: DOCX_LIMITS.ratio };

/**
 * The most a text format's file (GIFT, Aiken, CSV, JSON, Moodle XML, a QTI item) may hold: the
 * server's upload limit (IMPORT_MAX_BYTES). A 10,000-question GIFT bank is about 2 MB; 50 MB of
 * one character took the readers gigabytes of memory to find no question in (issue 29).
 */
export const TEXT_MAX_BYTES = 20 * 1024 * 1024;

/** Why a zip may not be opened (a sentence for the problem list), or null when it may. */
export function zipProblem(bytes: Uint8Array): string | null {
  let entries = 0;
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        entries += 1;
        unpacked += entry.originalSize;
        // Entry names never reach a disk here, but a name climbing out of the package is a made file.
        if (/(^|[\\/])\.\.([\\/]|$)/.test(entry.name) || /^([\\/]|[A-Za-z]:)/.test(entry.name))
          throw new Error(`an entry name leaves the package (${entry.name.slice(0, 80)})`);
        if (entries > ZIP_LIMITS.entries) throw new Error(`more than ${ZIP_LIMITS.entries} files in the zip`);
        if (unpacked > ZIP_LIMITS.unpackedBytes) throw new Error(`the zip unpacks to more than ${ZIP_LIMITS.unpackedBytes / 1024 / 1024} MB`);
        if (entry.originalSize > 1024 * 1024 && entry.originalSize > entry.size * ZIP_LIMITS.ratio)
          throw new Error(`${entry.name.slice(0, 80)} unpacks to ${Math.round(entry.originalSize / entry.size)} times its size`);
        return false;
      },
    });
  } catch (error) {
    return `the zip cannot be opened safely: ${(error as Error).message}`;
  }
  return null;
}
