import { type Kysely, sql } from 'kysely';

/**
 * Results and insights (issue 16):
 * - the attempts table of a free test pages by submit time or score: an index per order, each
 *   holding the free test first so one free test's 100,000 attempts are read in order, not sorted;
 * - question_reports gains `source` ('student', or 'statistics' for a report raised by the
 *   question analysis) and `details` (what the statistics saw, StatisticsReason in
 *   shared/contract/results.ts, so the portal words it in the tutor's language). One open
 *   statistics report per question and flag: raising it again changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('attempts_shared_submitted_idx').on('attempts').columns(['shared_test_id', 'submitted_at']).execute();
  await db.schema.createIndex('attempts_shared_score_idx').on('attempts').columns(['shared_test_id', 'score']).execute();
  await db.schema
    .alterTable('question_reports')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('student'))
    .addColumn('details', 'jsonb')
    .execute();
  await sql`create unique index question_reports_statistics_open_idx on question_reports (org_id, test_id, question_id, reason)
    where source = 'statistics' and status <> 'resolved'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('question_reports_statistics_open_idx').execute();
  await db.schema.alterTable('question_reports').dropColumn('source').dropColumn('details').execute();
  await db.schema.dropIndex('attempts_shared_score_idx').execute();
  await db.schema.dropIndex('attempts_shared_submitted_idx').execute();
}
