import { type Kysely, sql } from 'kysely';

/**
 * Child lookups by parent alone: the folder count of each listed folder, and the cascades of a
 * delete. Without them a root listing scanned every folder once per listed folder.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index folders_parent_idx on folders (parent_id)`.execute(db);
  await sql`create index tests_parent_folder_idx on tests (parent_folder_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tests_parent_folder_idx`.execute(db);
  await sql`drop index folders_parent_idx`.execute(db);
}
