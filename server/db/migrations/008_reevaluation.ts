import { type Kysely, sql } from 'kysely';
import { belongsTo } from './columns';

/**
 * Re-evaluation on publish at 100,000 attempts (issue 6; docs/results.md
 * "Re-evaluation on publish"):
 *
 * - a publish's UPDATE of scores changes no indexed column, so it is a HOT update (no new index
 *   entries, four on attempts) when the new row version fits on its page. attempt_answers keeps
 *   20 % of each page free: a page holds rows of many attempts (an attempt's rows are written
 *   together at its start), so a publish changes about one row per page. attempts keeps 55 %
 *   free: a GRACE or a changed key rewrites every attempt of the test, i.e. every row of a page.
 *   Its layout (a few KB of question and option ids) is stored out of line without compression
 *   once the row passes the TOAST threshold (storage external), so a row is a couple of hundred
 *   bytes and a page holds a new version of each. Measured on PostgreSQL at 100,000 attempts:
 *   updating every attempt's score took 1.5-1.7 s at fillfactor 80 (a third HOT), 0.4 s at 45
 *   with the layout out of line (all HOT). (toast_tuple_target 128 instead made every update try
 *   to compress the row again: 1.7 s.)
 * - a re-evaluation does not rewrite the answer rows. The rows of one question are spread over
 *   the whole answers table (an attempt's rows are written together when it starts), so
 *   rewriting them dirties a page per attempt: 4-7 s on PostgreSQL at 100,000 attempts. Instead
 *   answer_rescores keeps, per publish, the new score and outcome of each distinct answer
 *   (a few dozen rows), for the attempts scored with an earlier version of the test
 *   (attempts.scored_version); attempt_answer_scores is the answers with the scores as they are
 *   now, the latest applicable rescore winning. attempts.score stays the total, changed in place.
 * - score_changes no longer checks each row's attempt with a foreign key (a lookup and a lock per
 *   row: over a second for 100,000 attempts). Rows still go with their publish (publish_id keeps
 *   its key, on delete cascade), and attempts are only deleted with their test or organisation,
 *   whose publishes go too; the attempt index stays for the student's result page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table attempts set (fillfactor = 45)`.execute(db);
  await sql`alter table attempts alter column layout set storage external`.execute(db);
  await sql`alter table attempt_answers set (fillfactor = 80)`.execute(db);
  await sql`alter table score_changes drop constraint if exists score_changes_attempt_id_fkey`.execute(db);

  await db.schema.alterTable('attempts').addColumn('scored_version', 'integer').execute();
  await db.schema
    .createTable('answer_rescores')
    .addColumn('org_id', 'text', belongsTo('organizations.id'))
    .addColumn('test_id', 'text', belongsTo('tests.id'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    /** The answer as the database writes jsonb as text; 'null' for no answer. */
    .addColumn('answer_key', 'text', (c) => c.notNull())
    /** The version the publish made: applies to attempts scored with an earlier one. */
    .addColumn('test_version', 'integer', (c) => c.notNull())
    .addColumn('publish_id', 'text', belongsTo('publishes.id'))
    .addColumn('score', 'numeric', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('answer_rescores_pkey', ['test_id', 'question_id', 'answer_key', 'test_version'])
    .execute();
  await sql`
    create view attempt_answer_scores as
    select aa.attempt_id, aa.test_id, aa.question_id, aa.answer,
      coalesce(r.score, aa.score) as score, coalesce(r.outcome, aa.outcome) as outcome
    from attempt_answers aa
    join attempts a on a.id = aa.attempt_id
    left join lateral (
      select r.score, r.outcome from answer_rescores r
      where r.test_id = aa.test_id and r.question_id = aa.question_id and r.answer_key = coalesce(aa.answer::text, 'null')
        and r.test_version > a.scored_version
      order by r.test_version desc
      limit 1
    ) r on true`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view attempt_answer_scores`.execute(db);
  await db.schema.dropTable('answer_rescores').execute();
  await db.schema.alterTable('attempts').dropColumn('scored_version').execute();
  await sql`alter table score_changes add constraint score_changes_attempt_id_fkey foreign key (attempt_id) references attempts (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table attempt_answers reset (fillfactor)`.execute(db);
  await sql`alter table attempts alter column layout set storage extended`.execute(db);
  await sql`alter table attempts reset (fillfactor)`.execute(db);
}
