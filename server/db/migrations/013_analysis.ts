import { type Kysely, sql } from 'kysely';
import { belongsTo } from './columns';

/**
 * Question analysis at 100,000 attempts (issue 16, docs/analysis.md "Storage"):
 *
 * - attempts.digest: what each question of the attempt got, in one short string written with the
 *   submit's own UPDATE (no extra statement): per question of the test, in the order of the
 *   test's version the attempt was scored with, its outcome, the options chosen and the score
 *   when it is not the question's usual one. An analysis reads 100,000 of these (about 200 bytes
 *   each) instead of 10,000,000 answer rows. digest_version is that version: a publish's rescores
 *   of later versions are applied when the digest is read (they are keyed by answer, few), so a
 *   publish never rewrites digests.
 * - test_version_questions: a version's questions in order, their option ids and their usual
 *   scores (right, wrong, skipped): what a digest's positions mean. Written once per version by
 *   the first submit that uses it (insert, or nothing when it is there: the same content).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempts').addColumn('digest', 'text').addColumn('digest_version', 'integer').execute();
  await db.schema
    .createTable('test_version_questions')
    .addColumn('test_id', 'text', belongsTo('tests.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('questions', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_version_questions_pkey', ['test_id', 'version'])
    .execute();
  // The digest is short: kept in the row (a 100-question test's fits well under the TOAST threshold).
  await sql`alter table attempts alter column digest set storage main`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_version_questions').execute();
  await db.schema.alterTable('attempts').dropColumn('digest').dropColumn('digest_version').execute();
}
