/**
 * Plain pictures in the formats the parser treats apart: it decides by a part's extension whether a
 * question may hold a picture (shared/parser/pictures.ts), so a WMF, EMF, BMP or TIFF of the paper
 * stays one, of the same size, and the fixture keeps the paper's "a question cannot hold this
 * picture" notes. Each is the smallest valid file of its format: a header and no drawing, or one
 * grey colour.
 */

function bytesOf(size: number, write: (view: DataView) => void): Uint8Array {
  const out = new Uint8Array(size);
  write(new DataView(out.buffer));
  return out;
}

/**
 * An EMF with the original's bounds, frame and reference device (its size, in pixels and in
 * 0.01 mm) and no records but the end: the header's description, which names the program and
 * sometimes the file, is not copied.
 */
export function blankEmf(original: Uint8Array): Uint8Array {
  const header = 88;
  const eof = 20;
  return bytesOf(header + eof, (v) => {
    v.setUint32(0, 1, true); // EMR_HEADER
    v.setUint32(4, header, true);
    new Uint8Array(v.buffer).set(original.subarray(8, 40), 8); // bounds, frame
    v.setUint32(40, 0x464d4520, true); // " EMF"
    v.setUint32(44, 0x00010000, true);
    v.setUint32(48, header + eof, true);
    v.setUint32(52, 2, true); // records
    v.setUint16(56, 1, true); // handles: the one Windows reserves
    new Uint8Array(v.buffer).set(original.subarray(72, 88), 72); // device size in pixels and millimetres
    v.setUint32(header, 14, true); // EMR_EOF
    v.setUint32(header + 4, eof, true);
    v.setUint32(header + 12, 16, true); // offset of the (empty) palette
    v.setUint32(header + 16, eof, true);
  });
}

/**
 * A WMF with the original's placeable header (its bounding box and units per inch: its size), a
 * window of that box, and one grey rectangle over it: readers that size a metafile by what it draws
 * (libwmf) refuse an empty one. A WMF without a placeable header has no size to keep: 1 × 1.
 */
export function blankWmf(original: Uint8Array): Uint8Array {
  const placeable = original[0] === 0xd7 && original[1] === 0xcd && original[2] === 0xc6 && original[3] === 0x9a;
  const at = placeable ? 22 : 0;
  const i16 = (i: number) => ((original[i] | (original[i + 1] << 8)) << 16) >> 16;
  const [left, top, right, bottom] = placeable ? [i16(6), i16(8), i16(10), i16(12)] : [0, 0, 1, 1];
  const records = [
    [5, 0, 0x020b, top, left], // SetWindowOrg
    [5, 0, 0x020c, bottom - top, right - left], // SetWindowExt
    [7, 0, 0x02fc, 0, 0xd9d9, 0x00d9, 0], // CreateBrushIndirect: solid, light grey
    [4, 0, 0x012d, 0], // SelectObject: that brush
    [7, 0, 0x041b, bottom, right, top, left], // Rectangle
    [3, 0, 0], // EOF
  ].flat();
  const words = 9 + records.length;
  // Type, header size, version, size in words, objects, largest record, members.
  const header = [1, 9, 0x0300, words & 0xffff, words >>> 16, 1, 7, 0, 0];
  return bytesOf(at + words * 2, (v) => {
    if (placeable) {
      new Uint8Array(v.buffer).set(original.subarray(0, 16), 0); // key, handle, box, inch
      let checksum = 0;
      for (let i = 0; i < 20; i += 2) checksum ^= v.getUint16(i, true);
      v.setUint16(20, checksum, true);
    }
    [...header, ...records].forEach((word, i) => v.setUint16(at + i * 2, word & 0xffff, true));
  });
}

/** A 1-bit BMP of the size, its two palette colours grey: the smallest uncompressed bitmap any reader takes. */
export function greyBmp(width: number, height: number): Uint8Array {
  const stride = Math.ceil(width / 32) * 4;
  const offset = 14 + 40 + 8;
  return bytesOf(offset + stride * height, (v) => {
    v.setUint16(0, 0x4d42, true); // "BM"
    v.setUint32(2, offset + stride * height, true);
    v.setUint32(10, offset, true);
    v.setUint32(14, 40, true);
    v.setInt32(18, width, true);
    v.setInt32(22, height, true);
    v.setUint16(26, 1, true); // planes
    v.setUint16(28, 1, true); // bits a pixel
    v.setUint32(34, stride * height, true);
    v.setUint32(38, 2835, true); // 72 dpi
    v.setUint32(42, 2835, true);
    v.setUint32(46, 2, true); // colours used
    for (const at of [54, 58]) v.setUint32(at, 0x00d9d9d9, true);
  });
}
