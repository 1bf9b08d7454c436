import { Zlib } from 'fflate';

/** PNG files written here (a CRC-32 table and fflate's deflate): the fixture tool's grey pictures, and BMP pictures made showable. */
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

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

/**
 * A PNG of 8-bit samples: colour type 0 (grey, one byte a pixel), 2 (RGB) or 6 (RGBA). `row(y)`
 * gives row y's samples; rows are deflated a block at a time, so a large picture never needs all
 * its filtered rows at once.
 */
export function encodePng(width: number, height: number, colourType: 0 | 2 | 6, row: (y: number) => Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, colourType, 0, 0, 0], 8); // bit depth 8, deflate, no filter method, no interlace
  const parts: Uint8Array[] = [];
  const zlib = new Zlib({ level: 6 }, (data) => parts.push(data));
  const stride = width * { 0: 1, 2: 3, 6: 4 }[colourType] + 1;
  const perBlock = Math.max(1, Math.min(height, Math.floor((1 << 20) / stride)));
  const block = new Uint8Array(stride * perBlock);
  for (let y = 0; y < height; y += perBlock) {
    const rows = Math.min(perBlock, height - y);
    for (let r = 0; r < rows; r++) {
      block[r * stride] = 0; // filter: none
      block.set(row(y + r), r * stride + 1);
    }
    zlib.push(block.subarray(0, rows * stride), y + rows >= height);
  }
  return joined([Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', joined(parts)), chunk('IEND', new Uint8Array(0))]);
}
