import type { Kysely } from 'kysely';
import { belongsTo, writtenAt } from './columns';

/**
 * Fonts an organisation uploaded for its Word documents (issue 5): one row per face, the file
 * in the row. `face_key` is the face compared case- and blank-insensitively (shared/domain/
 * fonts.ts normaliseFontFace); a new upload of a face replaces the old one. `file_id` changes on
 * every upload, so the file's address (served as immutable) changes with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('org_fonts')
    .addColumn('org_id', 'text', belongsTo('organizations.id'))
    .addColumn('face_key', 'text', (c) => c.notNull())
    .addColumn('face', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().unique())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'timestamptz', writtenAt)
    .addPrimaryKeyConstraint('org_fonts_pkey', ['org_id', 'face_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('org_fonts').execute();
}
