import { Zlib } from 'fflate';

/**
 * A solid light-grey PNG of any size: what a picture of the paper becomes. Written here (a CRC-32
 * table and fflate's deflate) because the script and the tests need nothing more; rows are pushed
 * to the deflater a block at a time, so a 6000 × 4000 photo does not need 24 MB of raw pixels.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const GREY = 0xd9;
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The pixel rows (a filter byte of 0, then one grey byte a pixel), deflated as a zlib stream. */
function greyRows(width: number, height: number): Uint8Array {
  const row = width + 1;
  const perBlock = Math.max(1, Math.min(height, Math.floor((1 << 20) / row)));
  const block = new Uint8Array(row * perBlock).fill(GREY);
  for (let r = 0; r < perBlock; r++) block[r * row] = 0;
  const parts: Uint8Array[] = [];
  const zlib = new Zlib({ level: 9 }, (data) => parts.push(data));
  for (let left = height; left > 0; left -= perBlock) {
    const rows = Math.min(perBlock, left);
    zlib.push(rows === perBlock ? block : block.subarray(0, rows * row), left - rows === 0);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

/** A valid PNG: 8-bit greyscale, every pixel light grey. */
export function greyPng(width: number, height: number): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, colour type 0 (greyscale), deflate, no filter, no interlace
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', greyRows(width, height)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}
