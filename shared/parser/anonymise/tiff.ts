/** One row of grey pixels in PackBits: runs of 128 (a count byte of -127 and the value), then the rest. */
function packBitsRow(width: number, grey: number): number[] {
  const row: number[] = [];
  for (let left = width; left > 0; left -= 128) {
    const run = Math.min(128, left);
    row.push(run === 1 ? 0 : (1 - run) & 0xff, grey); // a single byte is a literal of length 1
  }
  return row;
}

/**
 * A greyscale TIFF of the size, one strip compressed with PackBits (a few bytes a row whatever
 * the width), with the resolution tags baseline readers expect. Little-endian.
 */
export function greyTiff(width: number, height: number, grey = 0xd9): Uint8Array {
  const row = packBitsRow(width, grey);
  const entries = 12;
  const ifdEnd = 8 + 2 + entries * 12 + 4;
  const resolution = ifdEnd;
  const strip = resolution + 16;
  const out = new Uint8Array(strip + row.length * height);
  const v = new DataView(out.buffer);
  v.setUint16(0, 0x4949, true); // "II"
  v.setUint16(2, 42, true);
  v.setUint32(4, 8, true);
  v.setUint16(8, entries, true);
  const tags: [number, number, number][] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8], // bits a sample
    [259, 3, 32773], // PackBits
    [262, 3, 1], // black is zero
    [273, 4, strip],
    [277, 3, 1], // samples a pixel
    [278, 4, height], // rows a strip
    [279, 4, row.length * height],
    [282, 5, resolution], // x resolution: 96/1
    [283, 5, resolution + 8],
    [296, 3, 2], // inches
  ];
  tags.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    v.setUint16(at, tag, true);
    v.setUint16(at + 2, type, true);
    v.setUint32(at + 4, 1, true);
    if (type === 3) v.setUint16(at + 8, value, true);
    else v.setUint32(at + 8, value, true);
  });
  for (const at of [resolution, resolution + 8]) {
    v.setUint32(at, 96, true);
    v.setUint32(at + 4, 1, true);
  }
  for (let r = 0; r < height; r++) out.set(row, strip + r * row.length);
  return out;
}
