import { type Kysely, sql } from 'kysely';
import { createOrgTable, timestamps } from './columns';

/**
 * Folders and tests of My Library (owner_id set) and the Global Library (is_global).
 * A folder keeps the ids of its ancestors in `path` ('/a/b/' for a folder inside b inside a;
 * '/' at the root), so a subtree is one indexed prefix match.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createOrgTable(db, 'folders')
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('parent_id', 'text', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_shared', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('shared_by', 'text')
    .$call(timestamps)
    .execute();
  await sql`create index folders_listing_idx on folders (org_id, owner_id, parent_id, lower(name))`.execute(db);
  await sql`create index folders_global_listing_idx on folders (parent_id, lower(name)) where is_global`.execute(db);
  await sql`create index folders_path_idx on folders (path text_pattern_ops)`.execute(db);

  await createOrgTable(db, 'tests')
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('parent_folder_id', 'text', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(1_800_000))
    .addColumn('languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'["English"]'::jsonb`))
    .addColumn('test_type', 'text', (c) => c.notNull().defaultTo('CMS'))
    .addColumn('total_marks', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('total_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_shared_test', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('shared_by', 'text')
    .addColumn('is_attempted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .$call(timestamps)
    .addColumn('opened_at', 'timestamptz')
    .execute();
  await sql`create index tests_listing_idx on tests (org_id, owner_id, parent_folder_id, updated_at desc)`.execute(db);
  await sql`create index tests_global_listing_idx on tests (parent_folder_id, updated_at desc) where is_global`.execute(db);
  await sql`create index tests_recent_idx on tests (org_id, owner_id, opened_at desc) where opened_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tests').execute();
  await db.schema.dropTable('folders').execute();
}
