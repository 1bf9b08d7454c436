import { type Kysely, sql } from 'kysely';
import { belongsTo, createOrgTable, writtenAt } from './columns';

/**
 * Subjects and their chapters, the organisation's student batches, and the links of tests to
 * chapters and batches. Subjects with no organisation are the deployment's standard list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  const standard = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'History', 'Geography', 'Computer Science'];
  await db
    .insertInto('subjects')
    .values(standard.map((name, index) => ({ id: `std-${index + 1}`, org_id: null, name })))
    .execute();

  await createOrgTable(db, 'chapters')
    .addColumn('subject_id', 'text', belongsTo('subjects.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', writtenAt)
    .execute();
  await sql`create unique index chapters_name_key on chapters (org_id, subject_id, lower(name))`.execute(db);

  await createOrgTable(db, 'batches')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', writtenAt)
    .execute();
  await sql`create unique index batches_name_key on batches (org_id, lower(name))`.execute(db);

  await db.schema
    .createTable('test_links')
    .addColumn('test_id', 'text', belongsTo('tests.id'))
    .addColumn('org_id', 'text', belongsTo('organizations.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_links_pkey', ['test_id', 'kind', 'target_id'])
    .execute();
  await db.schema.createIndex('test_links_target_idx').on('test_links').columns(['kind', 'target_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['test_links', 'batches', 'chapters', 'subjects']) await db.schema.dropTable(table).execute();
}
