import { encodePng } from './png';

/**
 * A Windows bitmap (BMP, DIB) as a PNG: Hangul papers keep many of their figures as BMP, which a
 * question may not hold (decisions: PNG, JPEG, GIF, WebP). Uncompressed bitmaps of 1, 4, 8, 24
 * and 32 bits a pixel (palette or BGR, BI_RGB or BI_BITFIELDS with the usual masks), bottom-up or
 * top-down; null for anything else (RLE, JPEG or PNG inside, a damaged header), which stays a
 * picture the upload leaves out with its note. Sizes are bounded: a header that claims more
 * pixels than the file holds is damaged.
 */
const MAX_PIXELS = 40_000_000;

export function bmpToPng(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dataAt = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  const core = headerSize === 12;
  if (!core && (headerSize < 40 || bytes.length < 14 + headerSize)) return null;
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const rawHeight = core ? view.getInt16(20, true) : view.getInt32(22, true);
  const bits = view.getUint16(core ? 24 : 28, true);
  const compression = core ? 0 : view.getUint32(30, true);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || width * height > MAX_PIXELS) return null;
  // BI_RGB, or BI_BITFIELDS with the masks every writer uses for 32 bits (BGRA order).
  if (compression !== 0 && !(compression === 3 && bits === 32)) return null;
  if (![1, 4, 8, 24, 32].includes(bits)) return null;
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (dataAt + stride * height > bytes.length) return null;
  const palette = bits <= 8 ? paletteOf(bytes, view, 14 + headerSize, core, bits, dataAt) : null;
  if (bits <= 8 && !palette) return null;
  const rgb = new Uint8Array(width * 3);
  return encodePng(width, height, 2, (y) => {
    // Rows run bottom-up unless the height is negative.
    const at = dataAt + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      let b: number, g: number, r: number;
      if (palette) {
        const bit = x * bits;
        const index = (bytes[at + (bit >> 3)] >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
        [r, g, b] = palette[index] ?? [0, 0, 0];
      } else {
        const p = at + x * (bits / 8);
        [b, g, r] = [bytes[p], bytes[p + 1], bytes[p + 2]];
      }
      rgb.set([r, g, b], x * 3);
    }
    return rgb;
  });
}

/** The colour table after the header: four bytes a colour (three in the old OS/2 header), as many as the header says or 2^bits. */
function paletteOf(bytes: Uint8Array, view: DataView, at: number, core: boolean, bits: number, dataAt: number): [number, number, number][] | null {
  const used = core ? 0 : view.getUint32(46, true);
  const count = used > 0 && used <= 1 << bits ? used : 1 << bits;
  const size = core ? 3 : 4;
  if (at + count * size > dataAt) return null;
  return Array.from({ length: count }, (_, i) => [bytes[at + i * size + 2], bytes[at + i * size + 1], bytes[at + i * size]]);
}
