/**
 * The record stream of an HWP 5.0 stream (DocInfo, BodyText/Section*): each record is a 32-bit
 * header (tag 10 bits, level 10 bits, size 12 bits; a size of 0xFFF means a 32-bit size follows)
 * and its data. Read and written again byte for byte: a record whose data did not change keeps its
 * header as it was (even a long-form header for a small size, which Hangul sometimes writes).
 */
export interface HwpRecord {
  tag: number;
  level: number;
  data: Uint8Array;
  /** The header's bytes as read, reused when the data keeps its size. */
  header: Uint8Array;
}

export const TAG = {
  BIN_DATA: 18,
  PARA_HEADER: 66,
  PARA_TEXT: 67,
  PARA_CHAR_SHAPE: 68,
  CTRL_HEADER: 71,
  LIST_HEADER: 72,
  TABLE: 77,
  SHAPE_COMPONENT_PICTURE: 85,
  CTRL_DATA: 87,
  EQEDIT: 88,
} as const;

export class HwpFormatError extends Error {}

export function readRecords(stream: Uint8Array): HwpRecord[] {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const records: HwpRecord[] = [];
  let at = 0;
  while (at + 4 <= stream.length) {
    const word = view.getUint32(at, true);
    let size = word >>> 20;
    let headerLength = 4;
    if (size === 0xfff) {
      if (at + 8 > stream.length) throw new HwpFormatError(`record at ${at}: long size cut short`);
      size = view.getUint32(at + 4, true);
      headerLength = 8;
    }
    const start = at + headerLength;
    if (start + size > stream.length) throw new HwpFormatError(`record at ${at}: ${size} bytes announced, ${stream.length - start} left`);
    records.push({ tag: word & 0x3ff, level: (word >>> 10) & 0x3ff, data: stream.slice(start, start + size), header: stream.slice(at, start) });
    at = start + size;
  }
  // Trailing bytes shorter than a header would be lost on writing: a stream we do not understand.
  if (at !== stream.length) throw new HwpFormatError(`${stream.length - at} stray bytes after the last record`);
  return records;
}

function headerFor(record: HwpRecord): Uint8Array {
  const sizeOf = (header: Uint8Array) => {
    const word = new DataView(header.buffer, header.byteOffset, header.byteLength).getUint32(0, true);
    return word >>> 20 === 0xfff ? new DataView(header.buffer, header.byteOffset, header.byteLength).getUint32(4, true) : word >>> 20;
  };
  if (record.header.length >= 4 && sizeOf(record.header) === record.data.length) return record.header;
  const long = record.data.length >= 0xfff;
  const header = new Uint8Array(long ? 8 : 4);
  const view = new DataView(header.buffer);
  view.setUint32(0, ((record.tag & 0x3ff) | ((record.level & 0x3ff) << 10) | ((long ? 0xfff : record.data.length) << 20)) >>> 0, true);
  if (long) view.setUint32(4, record.data.length, true);
  return header;
}

export function writeRecords(records: HwpRecord[]): Uint8Array {
  const parts = records.flatMap((record) => [headerFor(record), record.data]);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

/** UTF-16LE text of `length` units at `at`. */
/** Little-endian integers of a record's data; 0 past its end (a short record reads as zeros, as Hangul's own readers do). */
export const u16 = (d: Uint8Array, at: number) => (at + 2 <= d.length ? d[at] | (d[at + 1] << 8) : 0);
export const u32 = (d: Uint8Array, at: number) => (at + 4 <= d.length ? (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0 : 0);

export { readUtf16, writeUtf16 } from '../../content/utf16';

/** A control's id as HWP shows it ("tbl ", "gso ", "eqed", "%hlk"): four bytes read backwards. */
export const ctrlIdOf = (data: Uint8Array) => (data.length < 4 ? '' : String.fromCharCode(data[3], data[2], data[1], data[0]));
