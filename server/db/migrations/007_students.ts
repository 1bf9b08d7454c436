import { type Kysely, sql } from 'kysely';

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
  await db.schema
    .createTable('shared_tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (c) => c.notNull().unique().references('tests.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    .addColumn('no_of_attempts', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('is_removed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('students')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    /** The contact compared: e-mail lower-cased, phone digits only. */
    .addColumn('contact_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('students_org_contact_key', ['org_id', 'contact_key'])
    .execute();

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('shared_test_id', 'text', (c) => c.notNull().references('shared_tests.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    /** SHA-256 of the student's resume token (the page keeps the token; a reload resumes). */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('layout', 'jsonb', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('score', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('max_score', 'numeric', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('attempts_shared_student_idx').on('attempts').columns(['shared_test_id', 'student_id']).execute();
  await db.schema.createIndex('attempts_test_idx').on('attempts').columns(['test_id', 'submitted_at']).execute();

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'jsonb')
    .addColumn('score', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('unattempted'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('attempt_answers_pkey', ['attempt_id', 'question_id'])
    .execute();
  await db.schema.createIndex('attempt_answers_question_idx').on('attempt_answers').columns(['test_id', 'question_id']).execute();

  await db.schema
    .createTable('publishes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('published_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** Per question: NO_CHANGE, RE_EVALUATE or GRACE. */
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('attempts_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('score_changes')
    .addColumn('publish_id', 'text', (c) => c.notNull().references('publishes.id').onDelete('cascade'))
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
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
