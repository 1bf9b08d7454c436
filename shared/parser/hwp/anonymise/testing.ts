import * as CFB from 'cfb';
import { deflateSync, strToU8, zipSync } from 'fflate';
import { TAG, writeRecords, type HwpRecord } from './records';

/**
 * Test helper: small but genuine Hangul documents built in memory, an HWP 5.0 compound file (with
 * SheetJS's cfb writer, raw-deflated record streams) and an OWPML zip, so the anonymiser is tested
 * on the binary layout Hangul writes rather than on its own assumptions.
 */
const utf16 = (text: string) => {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) [out[2 * i], out[2 * i + 1]] = [text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8];
  return out;
};
const u16 = (n: number) => [n & 0xff, n >> 8];
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const idBytes = (id: string) => [id.charCodeAt(3), id.charCodeAt(2), id.charCodeAt(1), id.charCodeAt(0)];
const record = (tag: number, level: number, data: ArrayLike<number>): HwpRecord => ({ tag, level, data: Uint8Array.from(data), header: new Uint8Array(0) });

/** An eight-unit control in PARA_TEXT: code, the control's id (two units), four units of pointer, code. */
export const inlineControl = (code: number, id: string) =>
  String.fromCharCode(code, (id.charCodeAt(2) << 8) | id.charCodeAt(3), (id.charCodeAt(0) << 8) | id.charCodeAt(1), 0, 0, 0, 0, code);

/** A paragraph: its header, its text (with the paragraph end, code 13) and any records under it. */
export function paragraph(text: string, children: HwpRecord[] = []): HwpRecord[] {
  const full = `${text}\r`;
  return [record(TAG.PARA_HEADER, 0, [...u32(full.length), ...new Array(18).fill(0)]), record(TAG.PARA_TEXT, 1, utf16(full)), ...children];
}

/** An equation control under a paragraph: CTRL_HEADER 'eqed' (common object properties and a description), then EQEDIT. */
export function equation(script: string, description = '수식입니다.'): HwpRecord[] {
  const header = [...idBytes('eqed'), ...new Array(40).fill(0), ...u16(description.length), ...utf16(description), 0, 0, 0, 0];
  const eqedit = [...u32(0), ...u16(script.length), ...utf16(script), ...u32(1000), ...u32(0), ...u16(0), ...u16(0), ...u16(0)];
  return [record(TAG.CTRL_HEADER, 1, header), record(TAG.EQEDIT, 2, eqedit)];
}

/** A baseline JPEG's header: enough for pictureInfo (a comment, for length, then SOF0 with its size). */
export function jpegHeader(width: number, height: number): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xfe,
    0,
    10,
    ...new Array(8).fill(0x20),
    0xff,
    0xc0,
    0,
    17,
    8,
    ...u16(height).reverse(),
    ...u16(width).reverse(),
    3,
    1,
    0x11,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);
}

export interface HwpSpec {
  paragraphs: HwpRecord[];
  compressed?: boolean;
  /** Embedded pictures: BinData/BIN000n.<ext> with DocInfo BIN_DATA records naming their extension. */
  pictures?: { ext: string; bytes: Uint8Array }[];
  preview?: string;
}

export function buildHwp(spec: HwpSpec): Uint8Array {
  const compressed = spec.compressed ?? true;
  const pack = (bytes: Uint8Array) => (compressed ? deflateSync(bytes) : bytes);
  const header = new Uint8Array(256);
  header.set(strToU8('HWP Document File'));
  header.set([0, 0, 1, 5], 32); // version 5.1.0.0
  header.set(u32(compressed ? 1 : 0), 36);
  const pictures = spec.pictures ?? [];
  const binData = pictures.map((p, i) => record(TAG.BIN_DATA, 0, [...u16(1), ...u16(i + 1), ...u16(p.ext.length), ...utf16(p.ext)]));
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/FileHeader', header);
  CFB.utils.cfb_add(cfb, '/DocInfo', pack(writeRecords([record(16, 0, new Array(26).fill(0)), ...binData])));
  CFB.utils.cfb_add(cfb, '/BodyText/Section0', pack(writeRecords(spec.paragraphs)));
  pictures.forEach((p, i) => CFB.utils.cfb_add(cfb, `/BinData/BIN${String(i + 1).padStart(4, '0')}.${p.ext}`, pack(p.bytes)));
  if (spec.preview !== undefined) CFB.utils.cfb_add(cfb, '/PrvText', utf16(spec.preview));
  CFB.utils.cfb_add(cfb, '/PrvImage', jpegHeader(10, 10));
  CFB.utils.cfb_add(cfb, '/\u0005HwpSummaryInformation', strToU8('author and title'));
  return Uint8Array.from(CFB.write(cfb, { type: 'array' }) as ArrayLike<number>);
}

/** An .hwpx: one section whose paragraphs are given as the inside of `hp:run`s, and its package parts. */
export function buildHwpx(runs: string[], extra: Record<string, Uint8Array> = {}): Uint8Array {
  const section =
    '<?xml version="1.0" encoding="UTF-8"?><hs:sec xmlns:hs="http://www.hancom.co.kr/hwpml/2011/section" xmlns:hp="http://www.hancom.co.kr/hwpml/2011/paragraph">' +
    runs.map((run, i) => `<hp:p id="${i}" paraPrIDRef="0"><hp:run charPrIDRef="0">${run}</hp:run></hp:p>`).join('') +
    '</hs:sec>';
  const hpf =
    '<?xml version="1.0" encoding="UTF-8"?><opf:package xmlns:opf="http://www.idpf.org/2007/opf/"><opf:metadata><opf:title>기말고사 문제</opf:title>' +
    '<opf:meta name="creator" content="text">김선생</opf:meta><opf:meta name="CreatedDate" content="text">2023-02-15T13:52:12Z</opf:meta></opf:metadata>' +
    '<opf:manifest><opf:item id="image1" href="BinData/image1.jpg" media-type="image/jpg" isEmbeded="1"/><opf:item id="section0" href="Contents/section0.xml" media-type="application/xml"/></opf:manifest></opf:package>';
  return zipSync({
    mimetype: [strToU8('application/hwp+zip'), { level: 0 }],
    'Contents/content.hpf': strToU8(hpf),
    'Contents/section0.xml': strToU8(section),
    ...extra,
  });
}
