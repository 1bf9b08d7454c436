import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { normaliseFontFace, type FontFormat } from '@shared/domain/fonts';
import type { Database } from '../../db/schema';

export interface UploadedFont {
  face: string;
  fileId: string;
  format: FontFormat;
}

/** Where an uploaded font's file is served (`GET /v2/parserfont/file/{file}`, no session: @font-face cannot send one). */
export const fontFileUrl = (font: Pick<UploadedFont, 'fileId' | 'format'>): string => `/api/v2/parserfont/file/${font.fileId}.${font.format}`;

/**
 * The fonts organisations uploaded (table org_fonts): one per face and organisation, the file in
 * the row, so every server process on one database sees the same fonts and a re-upload replaces
 * face and file in one statement.
 */
export class OrgFontsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the font as the organisation's `face`, replacing an earlier upload of the same face. */
  async save(orgId: string, userId: string, face: string, format: FontFormat, bytes: Buffer): Promise<UploadedFont> {
    const row = {
      org_id: orgId,
      face_key: normaliseFontFace(face),
      face,
      file_id: crypto.randomBytes(16).toString('hex'),
      format,
      size: bytes.length,
      data: bytes,
      uploaded_by: userId,
    };
    await this.db
      .insertInto('org_fonts')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['org_id', 'face_key'])
          .doUpdateSet({ face: row.face, file_id: row.file_id, format, size: row.size, data: bytes, uploaded_by: userId, uploaded_at: new Date() }),
      )
      .execute();
    return { face, fileId: row.file_id, format };
  }

  /** The organisation's uploads among these faces, by normalised face (the files are not read). */
  async findFaces(orgId: string, faces: string[]): Promise<Map<string, UploadedFont>> {
    const keys = [...new Set(faces.map(normaliseFontFace))];
    if (!keys.length) return new Map();
    const rows = await this.db
      .selectFrom('org_fonts')
      .select(['face_key', 'face', 'file_id', 'format'])
      .where('org_id', '=', orgId)
      .where('face_key', 'in', keys)
      .execute();
    return new Map(rows.map((r) => [r.face_key, { face: r.face, fileId: r.file_id, format: r.format as FontFormat }]));
  }

  /** The test's faces as the pages draw them (@font-face): where the organisation uploaded one, its file. */
  async served(orgId: string, faces: string[]): Promise<{ face: string; fileUrl?: string }[]> {
    const uploaded = await this.findFaces(orgId, faces);
    return faces.map((face) => {
      const found = uploaded.get(normaliseFontFace(face));
      return found ? { face, fileUrl: fontFileUrl(found) } : { face };
    });
  }

  async readFile(fileId: string): Promise<{ format: FontFormat; data: Buffer } | null> {
    const row = await this.db.selectFrom('org_fonts').select(['format', 'data']).where('file_id', '=', fileId).executeTakeFirst();
    return row ? { format: row.format as FontFormat, data: row.data } : null;
  }
}
