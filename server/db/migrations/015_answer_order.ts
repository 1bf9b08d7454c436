import { type Kysely } from 'kysely';

/**
 * The last answer per question wins whatever order the saves arrive in (issue 17: a dropped
 * connection loses nothing). The student page numbers each answer it gives (a sequence number
 * that only grows per attempt, kept with the queued answer in the browser); a save older than the
 * one stored (a retry that arrives after a newer answer) changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempt_answers').addColumn('client_seq', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempt_answers').dropColumn('client_seq').execute();
}
