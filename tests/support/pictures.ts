import zlib from 'node:zlib';

/** A real PNG of the given size in one colour (signature, IHDR, IDAT, IEND), so the bytes are what they say. */
export function png(width = 1, height = 1, rgb: [number, number, number] = [255, 0, 0]): Buffer {
  return pngOf(width, height, () => rgb);
}

/** A real PNG drawn pixel by pixel. */
export function pngOf(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const row = (y: number) => Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, (_, x) => Buffer.from(pixel(x, y)))]);
  return encodePng(width, height, Buffer.concat(Array.from({ length: height }, (_, y) => row(y))));
}

/**
 * A PNG of 8-bit RGB rows as given (each a filter byte, then 3 bytes a pixel): signature, IHDR,
 * IDAT deflated at `level`, IEND. `level` 1 for pixels that will not shrink anyway (noise).
 */
export function encodePng(width: number, height: number, rows: Buffer, level = zlib.constants.Z_DEFAULT_COMPRESSION): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
