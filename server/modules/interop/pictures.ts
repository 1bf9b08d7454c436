import crypto from 'node:crypto';
import { isPictureType, PICTURE_MAX_BYTES } from '@shared/domain/pictures';
import { STORED_FILE_SRC } from '@shared/domain/test/sanitize';
import { dataUrl, dataUrlFile } from '@shared/interop/pictures';
import type { ServerConfig } from '../../config';
import { contentTypeOfExtension, PICTURE_TYPES } from '../files/pictures';
import { presignS3 } from '../files/s3';
import { LocalFileStore, loadFilesSecret } from '../files/store';

/** Pictures one import may bring (each up to PICTURE_MAX_BYTES, as an upload). */
export const IMPORT_PICTURES_MAX = 1_000;
const PICTURES_AT_ONCE = 4;

/** Why a picture of a file was not stored; its question comes in without it. */
export type PictureRefusal = 'pictureFormat' | 'pictureTooLarge' | 'tooManyPictures';

/**
 * Pictures of imported questions, stored where the Word upload stores them (decisions section 8):
 * the organisation's folder of the file store (or the S3 bucket), an unguessable name, the same
 * type and size rules as a signed upload. On export, our stored pictures go back into the file.
 */
export class PictureStore {
  private constructor(
    private readonly config: ServerConfig,
    private readonly local: LocalFileStore,
  ) {}

  static async open(config: ServerConfig): Promise<PictureStore> {
    return new PictureStore(config, new LocalFileStore(config.filesDir, await loadFilesSecret(config.filesDir, config.filesSecret)));
  }

  /** The stored picture's address for a data: URL, or why it was refused. */
  private async store(orgId: string, src: string): Promise<string | PictureRefusal> {
    const file = dataUrlFile(src);
    if (!file || !isPictureType(file.type) || !PICTURE_TYPES[file.type].matches(Buffer.from(file.bytes.subarray(0, 16)))) return 'pictureFormat';
    if (file.bytes.length > PICTURE_MAX_BYTES) return 'pictureTooLarge';
    const key = `${orgId}/${crypto.randomBytes(16).toString('hex')}.${PICTURE_TYPES[file.type].ext}`;
    if (this.config.s3) {
      // The server signs its own upload, as it signs the portal's: one way in, whichever store.
      const response = await fetch(presignS3(this.config.s3, { method: 'PUT', key, expiresSec: 300 }), {
        method: 'PUT',
        body: file.bytes as Uint8Array<ArrayBuffer>,
        headers: { 'Content-Type': file.type },
      });
      if (!response.ok) throw new Error(`the picture store answered ${response.status}`);
      return `${this.config.s3.publicUrl}/${key}`;
    }
    await this.local.put(key, Buffer.from(file.bytes));
    return `/api/files/${key}`;
  }

  /** Stores every distinct data: picture (a few at a time); each src's address, or why not. */
  async storeAll(orgId: string, sources: string[]): Promise<Map<string, string | PictureRefusal>> {
    const out = new Map<string, string | PictureRefusal>();
    const queue = [...new Set(sources)];
    queue.slice(IMPORT_PICTURES_MAX).forEach((src) => out.set(src, 'tooManyPictures'));
    queue.length = Math.min(queue.length, IMPORT_PICTURES_MAX);
    const worker = async () => {
      for (let src = queue.shift(); src !== undefined; src = queue.shift()) out.set(src, await this.store(orgId, src));
    };
    await Promise.all(Array.from({ length: PICTURES_AT_ONCE }, worker));
    return out;
  }

  /** Our stored picture as a data: URL (for a file that carries its pictures); null for anything else (kept as a link). */
  async inline(src: string): Promise<string | null> {
    if (!STORED_FILE_SRC.test(src)) return null;
    const key = src.slice('/api/files/'.length);
    const type = contentTypeOfExtension(key.split('.').pop() ?? '');
    const bytes = type ? await this.local.read(key) : null;
    return bytes && type ? dataUrl(type, bytes) : null;
  }
}
