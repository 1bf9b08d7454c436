import type { KeyedHash } from '../../anonymise/pseudoWord';
import { replacePicture } from '../../anonymise/pictures';
import { openHwp, pack, removeEntry, renameStream, setStream, streamOf, streamPaths, unpack, writeHwp, type HwpPackage } from './hwpPackage';
import { mapEquationScript, mapFieldCommand, mapObjectDescription, mapParaText } from './paraText';
import { readRecords, readUtf16, TAG, writeRecords, writeUtf16, type HwpRecord } from './records';
import { hangulMapper, type HangulMapper, type HangulStats } from './words';

/**
 * An HWP 5.0 paper made anonymous with its structure kept (docs/hwp-fixtures.md). Only characters
 * change, one for one: every record keeps its size, so paragraph lengths, char-shape positions,
 * line segments and the controls inside PARA_TEXT stay valid without being understood.
 */
export interface HwpReport {
  words: HangulStats;
  paragraphs: number;
  equations: number;
  pictures: number;
  /** BinData streams whose format this tool cannot read: left as they are, to look at by hand. */
  unknownPictures: string[];
  /** Streams dropped because they carry the original's words or its author (preview, summary, history). */
  removed: string[];
}

export interface HwpResult {
  bytes: Uint8Array;
  report: HwpReport;
  /** The words replaced, for checking that none is left. */
  originals: ReadonlySet<string>;
}

const SECTION = /^(BodyText|ViewText)\/Section\d+$/;
/** Streams that repeat the document's words or name its author; Hangul rebuilds the preview on saving. */
const DROPPED = ['PrvImage', '\u0005HwpSummaryInformation', 'DocHistory'];

export function anonymiseHwp(file: Uint8Array, hash: KeyedHash): HwpResult {
  const pkg = openHwp(file);
  const mapper = hangulMapper(hash);
  const report: HwpReport = { words: mapper.stats, paragraphs: 0, equations: 0, pictures: 0, unknownPictures: [], removed: [] };
  for (const path of streamPaths(pkg).filter((p) => SECTION.test(p))) anonymiseSection(pkg, path, mapper, report);
  const renamed = replacePictures(pkg, report);
  anonymiseDocInfo(pkg, mapper, renamed);
  const preview = streamOf(pkg, 'PrvText');
  if (preview) setStream(pkg, 'PrvText', mapUtf16Stream(preview, mapper.text));
  for (const name of DROPPED) if (removeEntry(pkg, name)) report.removed.push(name);
  // _LinkDoc is a fixed 524-byte buffer Hangul writes mostly uninitialised: it can hold old text of
  // the document (found in a real paper). Zeroed, same size.
  const linkDoc = streamOf(pkg, 'DocOptions/_LinkDoc');
  if (linkDoc) setStream(pkg, 'DocOptions/_LinkDoc', new Uint8Array(linkDoc.length));
  return { bytes: writeHwp(pkg), report, originals: mapper.originals };
}

function anonymiseSection(pkg: HwpPackage, path: string, mapper: HangulMapper, report: HwpReport): void {
  const stored = unpack(pkg, streamOf(pkg, path)!);
  const records = readRecords(stored.bytes).map((record): HwpRecord => {
    if (record.tag === TAG.PARA_TEXT) {
      report.paragraphs++;
      return { ...record, data: mapParaText(record.data, mapper.text) };
    }
    if (record.tag === TAG.EQEDIT) {
      report.equations++;
      return { ...record, data: mapEquationScript(record.data, mapper.hangul) };
    }
    if (record.tag === TAG.CTRL_HEADER) return { ...record, data: mapObjectDescription(mapFieldCommand(record.data, mapper.hangul), mapper.text) };
    return record;
  });
  setStream(pkg, path, pack(writeRecords(records), stored.deflated));
}

/** PrvText: the first page's text as UTF-16LE, mapped like the body (so it stays consistent with it). */
function mapUtf16Stream(bytes: Uint8Array, map: (text: string) => string): Uint8Array {
  const out = bytes.slice();
  writeUtf16(out, 0, map(readUtf16(bytes, 0, bytes.length >> 1)));
  return out;
}

const BIN_NAME = /^BinData\/BIN([0-9A-Fa-f]{4})\.(\w+)$/;

/**
 * Every picture of BinData becomes a grey one of its pixel size (shared/parser/anonymise/pictures.ts);
 * a JPEG, GIF or WebP becomes a PNG named .png, and DocInfo's BIN_DATA record, which holds the
 * extension Hangul opens the stream by, follows. Returns the new extension of each renamed id.
 */
function replacePictures(pkg: HwpPackage, report: HwpReport): Map<number, string> {
  const renamed = new Map<number, string>();
  const paths = new Set(streamPaths(pkg));
  for (const path of [...paths].filter((p) => p.startsWith('BinData/'))) {
    const raw = streamOf(pkg, path)!;
    const taken = (candidate: string) => paths.has(candidate);
    // A picture stored uncompressed in a compressed document may still inflate to noise: try it raw too.
    let stored = unpack(pkg, raw);
    let outcome = replacePicture(path, stored.bytes, taken);
    if (outcome.kind === 'unknown' && stored.deflated) {
      stored = { bytes: raw, deflated: false };
      outcome = replacePicture(path, raw, taken);
    }
    if (outcome.kind === 'unknown') {
      report.unknownPictures.push(path);
      continue;
    }
    report.pictures++;
    setStream(pkg, path, pack(outcome.bytes, stored.deflated));
    const name = BIN_NAME.exec(path);
    if (outcome.renameTo && name) {
      const target = `BinData/BIN${name[1]}.png`;
      renameStream(pkg, path, target);
      paths.add(target);
      renamed.set(parseInt(name[1], 16), 'png');
    }
  }
  return renamed;
}

/**
 * DocInfo's BIN_DATA records: a 16-bit property (type in bits 0–3: 0 a linked file, 1 an embedded
 * stream, 2 an OLE storage), then for a link two paths (16-bit length, UTF-16), for an embedded
 * picture its id and extension. A linked file's paths often hold a user name: their words are
 * replaced; an embedded picture turned PNG gets "png" as its extension.
 */
function anonymiseDocInfo(pkg: HwpPackage, mapper: HangulMapper, renamed: Map<number, string>): void {
  const stream = streamOf(pkg, 'DocInfo');
  if (!stream) return;
  const stored = unpack(pkg, stream);
  const records = readRecords(stored.bytes).map((record) =>
    record.tag === TAG.BIN_DATA ? { ...record, data: binData(record.data, mapper, renamed) } : record,
  );
  setStream(pkg, 'DocInfo', pack(writeRecords(records), stored.deflated));
}

function binData(data: Uint8Array, mapper: HangulMapper, renamed: Map<number, string>): Uint8Array {
  if (data.length < 4) return data;
  const type = data[0] & 0x0f;
  if (type === 0) {
    const out = data.slice();
    let at = 2;
    for (let k = 0; k < 2 && at + 2 <= out.length; k++) {
      const length = out[at] | (out[at + 1] << 8);
      if (at + 2 + 2 * length > out.length) break;
      writeUtf16(out, at + 2, mapper.text(readUtf16(out, at + 2, length)));
      at += 2 + 2 * length;
    }
    return out;
  }
  const extension = type === 1 ? renamed.get(data[2] | (data[3] << 8)) : undefined;
  if (!extension || data.length < 6) return data;
  const oldLength = data[4] | (data[5] << 8);
  const rest = data.subarray(6 + 2 * oldLength);
  const out = new Uint8Array(6 + 2 * extension.length + rest.length);
  out.set(data.subarray(0, 4));
  out[4] = extension.length;
  out[5] = 0;
  writeUtf16(out, 6, extension);
  out.set(rest, 6 + 2 * extension.length);
  return out;
}
