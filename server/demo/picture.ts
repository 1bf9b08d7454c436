import zlib from 'node:zlib';

/**
 * The demo's picture: a right-angled triangle with its two shorter sides labelled "3 cm" and
 * "4 cm" and the longest "?", drawn here as a real PNG (230 × 160, about 2 KB) so the repository
 * holds no binary and the sample question needs the picture to be answered.
 */

export const TRIANGLE_WIDTH = 230;
export const TRIANGLE_HEIGHT = 160;

type Rgb = readonly [number, number, number];
const PAPER: Rgb = [255, 255, 255];
const FILL: Rgb = [225, 238, 250];
const LINE: Rgb = [31, 78, 121];
const INK: Rgb = [40, 40, 40];

/** 5 × 7 glyphs of the labels, a row a string. */
const GLYPHS: Record<string, string[]> = {
  '3': ['01110', '10001', '00001', '00110', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  c: ['00000', '00000', '01110', '10000', '10000', '10001', '01110'],
  m: ['00000', '00000', '11010', '10101', '10101', '10101', '10101'],
  '?': ['01110', '10001', '00001', '00010', '00100', '00000', '00100'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};
const SCALE = 2;
const ADVANCE = 6 * SCALE;

type Point = readonly [number, number];
// The right angle at A; AB is 3 units (90 px), AC 4 units (120 px).
const A: Point = [70, 128];
const B: Point = [70, 38];
const C: Point = [190, 128];
const LABELS: { text: string; at: Point }[] = [
  { text: '3 cm', at: [12, 76] },
  { text: '4 cm', at: [106, 138] },
  { text: '?', at: [138, 64] },
];

/** Whether (x, y) is within 1.5 pixels of the segment. */
function onSegment(x: number, y: number, [x1, y1]: Point, [x2, y2]: Point): boolean {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
  const ex = x - (x1 + t * dx);
  const ey = y - (y1 + t * dy);
  return ex * ex + ey * ey <= 2.25;
}

const side = (x: number, y: number, [x1, y1]: Point, [x2, y2]: Point) => (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);

function colourAt(x: number, y: number): Rgb {
  const px = x + 0.5;
  const py = y + 0.5;
  if (onSegment(px, py, A, B) || onSegment(px, py, B, C) || onSegment(px, py, C, A)) return LINE;
  // The right-angle mark: a 12-pixel square in the corner at A.
  const [ax, ay] = A;
  if ((Math.abs(px - (ax + 12)) <= 0.75 && py >= ay - 12 && py <= ay) || (Math.abs(py - (ay - 12)) <= 0.75 && px >= ax && px <= ax + 12)) return LINE;
  return side(px, py, A, B) <= 0 && side(px, py, B, C) <= 0 && side(px, py, C, A) <= 0 ? FILL : PAPER;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), body.length + 4);
  return out;
}

/** The triangle as PNG bytes (8-bit RGB, one filter byte per row). */
export function trianglePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TRIANGLE_WIDTH, 0);
  header.writeUInt32BE(TRIANGLE_HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = 1 + TRIANGLE_WIDTH * 3;
  const raw = Buffer.alloc(TRIANGLE_HEIGHT * stride);
  for (let y = 0; y < TRIANGLE_HEIGHT; y++) {
    for (let x = 0; x < TRIANGLE_WIDTH; x++) raw.set(colourAt(x, y), y * stride + 1 + x * 3);
  }
  for (const { text, at } of LABELS) {
    [...text].forEach((character, k) =>
      GLYPHS[character].forEach((bits, row) =>
        [...bits].forEach((bit, column) => {
          if (bit !== '1') return;
          for (let dy = 0; dy < SCALE; dy++) {
            for (let dx = 0; dx < SCALE; dx++) {
              const x = at[0] + k * ADVANCE + column * SCALE + dx;
              raw.set(INK, (at[1] + row * SCALE + dy) * stride + 1 + x * 3);
            }
          }
        }),
      ),
    );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
