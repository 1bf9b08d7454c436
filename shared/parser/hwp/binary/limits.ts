import { Inflate } from 'fflate';
import { DocxError } from '../../docx/openDocx';

/**
 * What an .hwp may be, at most: a record stream that would inflate past its limit is stopped as
 * it inflates (a deflate bomb never fills memory), and the records are counted and their nesting
 * bounded before they are read. A Hangul paper of a thousand questions has a few megabytes of
 * body and some hundred thousand records.
 */
export const HWP_LIMITS = {
  fileBytes: 50 * 1024 * 1024,
  /** One record stream (DocInfo, a BodyText section), inflated. */
  streamBytes: 64 * 1024 * 1024,
  /** One picture, inflated. */
  pictureBytes: 32 * 1024 * 1024,
  records: 2_000_000,
  /** Record levels: tables in text boxes in tables go a few levels deep; Hangul's own stay under 30. */
  depth: 64,
} as const;

/** Raw deflate, stopped with a clear refusal once it passes `limit` bytes. */
export function inflateBounded(bytes: Uint8Array, limit: number, part: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let failed: unknown = null;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    if (size > limit) throw new DocxError('partTooLarge', { part, mb: Math.round(limit / (1024 * 1024)) });
    chunks.push(chunk);
  });
  try {
    for (let at = 0; at < bytes.length; at += 64 * 1024) inflate.push(bytes.subarray(at, at + 64 * 1024), at + 64 * 1024 >= bytes.length);
  } catch (error) {
    failed = error;
  }
  if (failed instanceof DocxError) throw failed;
  if (failed) throw new DocxError('corrupt');
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
