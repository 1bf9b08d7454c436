import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** How long a signed upload link stays valid. */
export const UPLOAD_LINK_TTL_MS = 10 * 60_000;

/** What a signed upload allows: one file at `key`, of this type and exactly this size, until `expires`. */
export interface UploadGrant {
  key: string;
  contentType: string;
  size: number;
  expires: number;
}

/**
 * Uploaded files on the local disk (DATA_DIR/files by default), written through links the
 * server signs (HMAC-SHA256 over the grant): the same flow as a presigned S3 PUT, so the
 * clients have one way to upload whichever store is configured.
 */
export class LocalFileStore {
  constructor(
    private readonly root: string,
    private readonly secret: Buffer,
  ) {}

  sign(grant: UploadGrant): string {
    return crypto.createHmac('sha256', this.secret).update(`${grant.key}\n${grant.contentType}\n${grant.size}\n${grant.expires}`).digest('base64url');
  }

  /** True when the signature is the server's for exactly this grant and it has not expired. */
  verify(grant: UploadGrant, signature: string, now = Date.now()): boolean {
    if (!(grant.expires > now)) return false;
    const expected = Buffer.from(this.sign(grant));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  pathOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Writes the bytes under the key, whole or not at all: a temporary file is linked into place,
   * so a reader never sees half a file and an interrupted upload leaves nothing. False when the
   * key already holds a file (keys are written once; they are served as immutable).
   */
  async put(key: string, bytes: Buffer): Promise<boolean> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(temporary, bytes, { mode: 0o644 });
    try {
      await fs.link(temporary, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}

/**
 * The signing secret: FILES_SECRET when given (set the same value on every server process that
 * shares one database), else a random one kept in the files directory.
 */
export async function loadFilesSecret(filesDir: string, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv);
  const file = path.join(filesDir, '.signing-secret');
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(filesDir, { recursive: true });
  const secret = crypto.randomBytes(32);
  try {
    await fs.writeFile(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFile(file);
    throw error;
  }
}
