import { type Kysely, sql } from 'kysely';
import { belongsTo, writtenAt } from './columns';

/**
 * What the Results screen checks on every call (issue 16, docs/results.md "Live updates"):
 *
 * - results_counters: per free test, attempts started and submitted, kept by triggers on attempts
 *   so every writer (any server process, the seeding of benchmarks) keeps them right. Counting a
 *   free test's 100,000 attempts on each page call or poll costs tens of milliseconds; summing
 *   these rows costs one index read. Both counts only grow, so a cache keyed by them (the score
 *   histogram the ranks come from) sees every start and submit made anywhere. Each free test has
 *   16 rows (shard = hash of the attempt id): 200 students submitting at once would otherwise queue
 *   on one row's lock until each commit.
 *   The insert trigger is per statement over the inserted rows (a seed of 100,000 attempts is one
 *   upsert per shard); the update trigger fires only when submitted_at is set (a re-evaluation's
 *   update of scores does not name submitted_at, so it costs it nothing).
 * - attempts' submit-time and score indexes gain the attempt id: pages are ordered with it as the
 *   tie-break, and attempts submitted when a free test closes all share one submit time. They
 *   replace migration 011's indexes (same leading columns), so no index is added to the writes.
 * - publishes by test: a re-evaluation changes scores without a start or a submit; the latest
 *   publish of the test is the other half of the check.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('results_counters')
    .addColumn('shared_test_id', 'text', belongsTo('shared_tests.id'))
    .addColumn('shard', 'smallint', (c) => c.notNull())
    .addColumn('started', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'timestamptz', writtenAt)
    .addPrimaryKeyConstraint('results_counters_pkey', ['shared_test_id', 'shard'])
    .execute();
  await sql`
    insert into results_counters (shared_test_id, shard, started, submitted, changed_at)
    select shared_test_id, hashtext(id) & 15, count(*), count(submitted_at), max(coalesce(submitted_at, started_at))
    from attempts group by 1, 2`.execute(db);

  await sql`
    create function results_count_started() returns trigger language plpgsql as $$
    begin
      insert into results_counters as c (shared_test_id, shard, started, submitted, changed_at)
      select shared_test_id, hashtext(id) & 15, count(*), count(submitted_at), now()
      from inserted group by 1, 2 order by 1, 2
      on conflict (shared_test_id, shard) do update
        set started = c.started + excluded.started, submitted = c.submitted + excluded.submitted,
          changed_at = greatest(c.changed_at, excluded.changed_at);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger attempts_results_started after insert on attempts
    referencing new table as inserted for each statement execute function results_count_started()`.execute(db);

  await sql`
    create function results_count_submitted() returns trigger language plpgsql as $$
    begin
      insert into results_counters as c (shared_test_id, shard, started, submitted, changed_at)
      values (new.shared_test_id, hashtext(new.id) & 15, 0, 1, now())
      on conflict (shared_test_id, shard) do update
        set submitted = c.submitted + 1, changed_at = greatest(c.changed_at, excluded.changed_at);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger attempts_results_submitted after update of submitted_at on attempts for each row
    when (old.submitted_at is null and new.submitted_at is not null) execute function results_count_submitted()`.execute(db);

  await db.schema.createIndex('attempts_shared_submitted_id_idx').on('attempts').columns(['shared_test_id', 'submitted_at', 'id']).execute();
  await db.schema.createIndex('attempts_shared_score_id_idx').on('attempts').columns(['shared_test_id', 'score', 'id']).execute();
  await db.schema.dropIndex('attempts_shared_submitted_idx').execute();
  await db.schema.dropIndex('attempts_shared_score_idx').execute();
  await db.schema.createIndex('publishes_test_idx').on('publishes').columns(['test_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('publishes_test_idx').execute();
  await db.schema.createIndex('attempts_shared_score_idx').on('attempts').columns(['shared_test_id', 'score']).execute();
  await db.schema.createIndex('attempts_shared_submitted_idx').on('attempts').columns(['shared_test_id', 'submitted_at']).execute();
  await db.schema.dropIndex('attempts_shared_score_id_idx').execute();
  await db.schema.dropIndex('attempts_shared_submitted_id_idx').execute();
  await sql`drop trigger attempts_results_submitted on attempts`.execute(db);
  await sql`drop function results_count_submitted()`.execute(db);
  await sql`drop trigger attempts_results_started on attempts`.execute(db);
  await sql`drop function results_count_started()`.execute(db);
  await db.schema.dropTable('results_counters').execute();
}
