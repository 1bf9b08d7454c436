import type { PictureContentType } from '@shared/domain/pictures';

/** Each picture type's file extension and how its bytes begin (the upload must really be one). */
export const PICTURE_TYPES: Record<PictureContentType, { ext: string; matches: (bytes: Buffer) => boolean }> = {
  'image/png': { ext: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/gif': { ext: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  'image/webp': { ext: 'webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
};

export function contentTypeOfExtension(ext: string): PictureContentType | null {
  return (Object.keys(PICTURE_TYPES) as PictureContentType[]).find((type) => PICTURE_TYPES[type].ext === ext) ?? null;
}
