import { sql, type Kysely } from 'kysely';
import { createOrgTable, writtenAt } from './columns';

/**
 * The Trash (issue 17): a deleted test, folder or question is moved here, whole, for 30 days.
 * `rows` holds what the delete took away, as the tables store it (`to_jsonb` of each row, by
 * table), so a restore writes the same rows back (`jsonb_populate_recordset`) and nothing else
 * in the product has to tell a trashed row from a live one: the rows are simply gone. A question
 * keeps its content and where it stood (`origin`: test, section, place).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createOrgTable(db, 'trash_items')
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('origin', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('location', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz', writtenAt)
    .execute();
  await sql`alter table trash_items add constraint trash_items_kind_check check (kind in ('test', 'folder', 'question'))`.execute(db);
  await db.schema.createIndex('trash_items_library_idx').on('trash_items').columns(['org_id', 'owner_id', 'deleted_at']).execute();
  await sql`create index trash_items_global_idx on trash_items (deleted_at) where is_global`.execute(db);
  await db.schema.createIndex('trash_items_deleted_at_idx').on('trash_items').column('deleted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trash_items').execute();
}
