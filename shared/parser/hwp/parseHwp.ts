import * as CFB from 'cfb';
import { DEFAULT_PARSER_ENGINE } from '../engines';
import { DocxError } from '../docx/openDocx';
import { parseRead, type parseDocx } from '../parseDocx';
import type { SourceDocument } from '../source';
import type { EngineId } from '../types';
import { readRecords, HwpFormatError } from './anonymise/records';
import { toSourceDocument } from './hwpx/sourceDocument';
import type { Draft, Endnote } from './hwpx/section';
import { readDocInfo } from './binary/docInfo';
import { readParagraphs, treeOf, type BodyContext } from './binary/body';
import { HWP_LIMITS, inflateBounded } from './binary/limits';

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const SIGNATURE = 'HWP Document File';

/** The compound file's streams by path ("BodyText/Section0"), and whether the FileHeader says they are deflated. */
function openCompound(file: Uint8Array): { stream: (path: string) => Uint8Array | null; compressed: boolean } {
  if (file.length === 0) throw new DocxError('empty');
  if (file.length > HWP_LIMITS.fileBytes) throw new DocxError('tooLarge');
  if (!OLE.every((b, i) => file[i] === b)) {
    if (String.fromCharCode(...file.subarray(0, 17)) === SIGNATURE) throw new DocxError('hwpOld');
    throw new DocxError('notHwp');
  }
  let cfb: CFB.CFB$Container;
  try {
    cfb = CFB.read(file, { type: 'array' });
  } catch {
    throw new DocxError('corrupt');
  }
  const stream = (path: string) => {
    const entry = CFB.find(cfb, `/${path}`);
    return entry?.content ? Uint8Array.from(entry.content as ArrayLike<number>) : null;
  };
  const header = stream('FileHeader');
  if (!header || header.length < 40 || String.fromCharCode(...header.subarray(0, SIGNATURE.length)) !== SIGNATURE) throw new DocxError('notHwp');
  const flags = header[36] | (header[37] << 8) | (header[38] << 16) | (header[39] << 24);
  if (flags & 0x2) throw new DocxError('hwpEncrypted');
  if (flags & 0x4) throw new DocxError('hwpDistribution');
  return { stream, compressed: (flags & 0x1) !== 0 };
}

/** A record stream, inflated within the limits and split into records (at most so many; nesting bounded). */
function recordsOf(bytes: Uint8Array, compressed: boolean, part: string) {
  const data = compressed ? inflateBounded(bytes, HWP_LIMITS.streamBytes, part) : bytes;
  let records;
  try {
    records = readRecords(data);
  } catch (error) {
    if (error instanceof HwpFormatError) throw new DocxError('corrupt');
    throw error;
  }
  if (records.length > HWP_LIMITS.records) throw new DocxError('tooManyRecords', { part, max: HWP_LIMITS.records });
  if (records.some((r) => r.level > HWP_LIMITS.depth)) throw new DocxError('tooDeep', { part, max: HWP_LIMITS.depth });
  return records;
}

/**
 * An HWP 5.0 document as the engines read it: DocInfo's shapes and numberings, each
 * BodyText/Section's paragraphs, tables, text boxes, pictures and equations, endnotes after the
 * body as the answer key (hwpx/sourceDocument.ts). Throws DocxError for a file it cannot open.
 */
export function readHwp(file: Uint8Array): SourceDocument {
  const { stream, compressed } = openCompound(file);
  const docInfo = stream('DocInfo');
  if (!docInfo) throw new DocxError('corrupt');
  const { styles, binData } = readDocInfo(recordsOf(docInfo, compressed, 'DocInfo'));
  const ctx: BodyContext = { styles, binData, endnotes: [] as Endnote[], tables: 0 };
  const body: Draft[] = [];
  for (let i = 0; ; i++) {
    const section = stream(`BodyText/Section${i}`);
    if (!section) {
      if (i === 0) throw new DocxError('corrupt');
      break;
    }
    readParagraphs(treeOf(recordsOf(section, compressed, `BodyText/Section${i}`)), null, ctx, body);
  }
  const bytes = (path: string) => {
    const raw = stream(path);
    if (!raw) return null;
    try {
      return compressed ? inflateBounded(raw, HWP_LIMITS.pictureBytes, path) : raw;
    } catch {
      return raw; // a picture stored without compression
    }
  };
  return toSourceDocument(body, ctx.endnotes, styles, bytes);
}

/** An .hwp through the same engines as Word; a file that cannot be opened is one problem of its own. */
export function parseHwp(file: Uint8Array, engine: EngineId = DEFAULT_PARSER_ENGINE): ReturnType<typeof parseDocx> {
  return parseRead(() => readHwp(file), engine);
}
