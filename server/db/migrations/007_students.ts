import type { Kysely } from 'kysely';
import { belongsTo, createOrgTable, timestamps, writtenAt } from './columns';

/**
 * Free tests, students, their attempts and answers, reports, and re-evaluation (issue 6;
 * decisions sections 5 and 6).
 *
 * - shared_tests: one free (link) test per test; the id is the link's (`/t/{id}`).
 * - students: who took a test, per organisation, known by a name and an e-mail or phone number.
 * - attempts: one student's try; the layout (questions drawn and their order) is fixed when it
 *   starts, the deadline is the server's, `score` is the total of its answers.
 * - attempt_answers: one row per question of the attempt, the answer as given and its score;
 *   `test_id` and `question_id` are here so a re-evaluation is one set-based UPDATE per question.
 * - publishes / score_changes: every publish of corrections, and every attempt score it changed.
 * - question_reports gains who reported from which attempt, and when and by whom it was resolved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createOrgTable(db, 'shared_tests')
    .addColumn('test_id', 'text', (c) => c.notNull().unique().references('tests.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    .addColumn('no_of_attempts', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('is_removed', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(timestamps)
    .execute();

  await createOrgTable(db, 'students')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    /** The contact compared: e-mail lower-cased, phone digits only. */
    .addColumn('contact_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', writtenAt)
    .addUniqueConstraint('students_org_contact_key', ['org_id', 'contact_key'])
    .execute();

  await createOrgTable(db, 'attempts')
    .addColumn('shared_test_id', 'text', belongsTo('shared_tests.id'))
    .addColumn('test_id', 'text', belongsTo('tests.id'))
    .addColumn('student_id', 'text', belongsTo('students.id'))
    /** SHA-256 of the student's resume token (the page keeps the token; a reload resumes). */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', writtenAt)
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('score', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('max_score', 'numeric', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('attempts_shared_student_idx').on('attempts').columns(['shared_test_id', 'student_id']).execute();
  await db.schema.createIndex('attempts_test_idx').on('attempts').columns(['test_id', 'submitted_at']).execute();

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'text', belongsTo('attempts.id'))
    .addColumn('test_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'jsonb')
    .addColumn('score', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('unattempted'))
    .addColumn('updated_at', 'timestamptz', writtenAt)
    .addPrimaryKeyConstraint('attempt_answers_pkey', ['attempt_id', 'question_id'])
    .execute();
  await db.schema.createIndex('attempt_answers_question_idx').on('attempt_answers').columns(['test_id', 'question_id']).execute();

  await createOrgTable(db, 'publishes')
    .addColumn('test_id', 'text', belongsTo('tests.id'))
    .addColumn('published_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** Per question: NO_CHANGE, RE_EVALUATE or GRACE. */
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('attempts_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', writtenAt)
    .execute();

  await db.schema
    .createTable('score_changes')
    .addColumn('publish_id', 'text', belongsTo('publishes.id'))
    .addColumn('attempt_id', 'text', belongsTo('attempts.id'))
    .addColumn('old_score', 'numeric', (c) => c.notNull())
    .addColumn('new_score', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('score_changes_pkey', ['publish_id', 'attempt_id'])
    .execute();
  await db.schema.createIndex('score_changes_attempt_idx').on('score_changes').column('attempt_id').execute();

  await db.schema
    .alterTable('question_reports')
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('set null'))
    .addColumn('attempt_id', 'text', (c) => c.references('attempts.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('question_reports_test_question_idx').on('question_reports').columns(['org_id', 'test_id', 'question_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('question_reports_test_question_idx').execute();
  await db.schema
    .alterTable('question_reports')
    .dropColumn('student_id')
    .dropColumn('attempt_id')
    .dropColumn('resolved_at')
    .dropColumn('resolved_by')
    .execute();
  for (const table of ['score_changes', 'publishes', 'attempt_answers', 'attempts', 'students', 'shared_tests']) await db.schema.dropTable(table).execute();
}
