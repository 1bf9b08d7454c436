import { unzlibSync } from 'fflate';
import type { Paragraph } from '../docx/document';
import { bmpToPng } from './bmp';

/** A BMP with a BITMAPINFOHEADER: `rows` top to bottom as the file stores them (bottom-up when height > 0). */
function bmp(width: number, height: number, bits: number, rows: number[][], palette: number[][] = [], compression = 0): Uint8Array {
  const stride = Math.ceil((width * bits) / 32) * 4;
  const dataAt = 14 + 40 + palette.length * 4;
  const out = new Uint8Array(dataAt + stride * rows.length);
  const view = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  view.setUint32(2, out.length, true);
  view.setUint32(10, dataAt, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, bits, true);
  view.setUint32(30, compression, true);
  view.setUint32(46, palette.length, true);
  palette.forEach(([r, g, b], i) => out.set([b, g, r, 0], 54 + i * 4));
  rows.forEach((row, i) => out.set(row, dataAt + i * stride));
  return out;
}

/** The PNG's size and its RGB rows, top to bottom (filter bytes dropped). */
function pixels(png: Uint8Array): { width: number; height: number; rows: number[][] } {
  const view = new DataView(png.buffer, png.byteOffset);
  const [width, height] = [view.getUint32(16), view.getUint32(20)];
  const idatLength = view.getUint32(33);
  const raw = unzlibSync(png.subarray(41, 41 + idatLength));
  const rows = Array.from({ length: height }, (_, y) => [...raw.subarray(y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1))]);
  return { width, height, rows };
}

describe('BMP pictures as PNG', () => {
  it('a 24-bit bitmap stored bottom-up comes out top-down, BGR as RGB', () => {
    // Stored bottom row first: blue, white; then the top row: red, green.
    const file = bmp(2, 2, 24, [
      [255, 0, 0, 255, 255, 255],
      [0, 0, 255, 0, 255, 0],
    ]);
    expect(pixels(bmpToPng(file)!)).toEqual({
      width: 2,
      height: 2,
      rows: [
        [255, 0, 0, 0, 255, 0],
        [0, 0, 255, 255, 255, 255],
      ],
    });
  });

  it('palette bitmaps of 8 and 1 bits a pixel, and a top-down one (negative height)', () => {
    const palette = [
      [0, 0, 0],
      [250, 200, 100],
    ];
    expect(pixels(bmpToPng(bmp(3, -1, 8, [[1, 0, 1]], palette))!).rows).toEqual([[250, 200, 100, 0, 0, 0, 250, 200, 100]]);
    expect(pixels(bmpToPng(bmp(3, -1, 1, [[0b10100000]], palette))!).rows).toEqual([[250, 200, 100, 0, 0, 0, 250, 200, 100]]);
  });

  it('refuses what it cannot read: RLE, a header claiming more pixels than the file holds, not a BMP', () => {
    expect(bmpToPng(bmp(2, 2, 8, [[0, 0, 0, 0]], [[0, 0, 0]], 1))).toBeNull();
    const truncated = bmp(2, 2, 24, [[1, 2, 3, 4, 5, 6]]);
    expect(bmpToPng(truncated)).toBeNull();
    expect(bmpToPng(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    const huge = bmp(1, 1, 24, [[1, 2, 3]]);
    new DataView(huge.buffer).setInt32(18, 100_000, true);
    new DataView(huge.buffer).setInt32(22, 100_000, true);
    expect(bmpToPng(huge)).toBeNull();
  });
});

describe('a paper whose figure is a BMP', () => {
  it('uploads the figure as a PNG under a name of its own, and a PNG stored as ".tmp" as a PNG', async () => {
    const { parseSource } = await import('../parseDocx');
    const text = (t: string) => ({
      kind: 'text' as const,
      text: t,
      font: null,
      bold: false,
      italic: false,
      underline: false,
      script: null,
      color: null,
      highlight: null,
    });
    const paragraph = (index: number, inlines: Paragraph['inlines']): Paragraph => ({ index, style: null, numbering: null, cell: null, inlines });
    const figure = bmp(1, 1, 24, [[0, 0, 255]]);
    const png = bmpToPng(figure)!;
    const files: Record<string, Uint8Array> = { 'BinData/BIN0001.bmp': figure, 'BinData/BIN0002.tmp': png };
    const parsed = parseSource({
      paragraphs: [
        paragraph(0, [text('1. Which colour is shown? ')]),
        paragraph(1, [{ kind: 'picture', path: 'BinData/BIN0001.bmp', widthPx: 10, heightPx: 10 }]),
        paragraph(2, [{ kind: 'picture', path: 'BinData/BIN0002.tmp', widthPx: 10, heightPx: 10 }]),
        paragraph(3, [text('A. red')]),
        paragraph(4, [text('B. blue')]),
        paragraph(5, [text('Answer: A')]),
      ],
      labels: new Map(),
      bytes: (path) => files[path] ?? null,
      problems: [],
    });
    expect(parsed.pictures).toEqual(['BinData/BIN0001.bmp.png', 'BinData/BIN0002.tmp.png']);
    expect([...parsed.pictureBytes('BinData/BIN0001.bmp.png')!.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(parsed.problems.filter((p) => p.code === 'pictureFormat')).toEqual([]);
  });
});
