import { sql, type Kysely } from 'kysely';

/**
 * Issue 19: GRACE and RE_EVALUATE of 100,000 attempts in under 2 s on PostgreSQL. A publish
 * updates the score of every attempt it changes and records each change in score_changes; two
 * things made that cost more than the work itself (figures: docs/benchmarks.md "reevaluation").
 *
 * - `score` was in an index (attempts_shared_score_id_idx, migration 012), so none of those
 *   updates could be HOT: each wrote a new entry in all six of the attempts' indexes (1.65 s at
 *   100,000 attempts, against 0.27 s HOT; the table keeps half of each page free for exactly
 *   this, migration 008). The index served the attempts page sorted by score and the ranks;
 *   they now read the free test's attempts through its other indexes and sort them (35 ms a
 *   page at 100,000 attempts on PostgreSQL, 121 ms p99 at 20 connections; ranks are kept per
 *   change, results/ranks.ts).
 * - score_changes' foreign key to publishes checked each of the 100,000 rows on its own (about
 *   0.3 s). Its only rows come from the publish that inserts its publishes row in the same
 *   transaction; what the key gave besides, dropping a publish's changes with it, is a trigger
 *   now, once per statement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempts_shared_score_id_idx').execute();
  await sql`alter table score_changes drop constraint score_changes_publish_id_fkey`.execute(db);
  await sql`create function publishes_deleted() returns trigger language plpgsql as $$
  begin
    delete from score_changes where publish_id in (select id from gone);
    return null;
  end $$`.execute(db);
  await sql`create trigger publishes_delete_score_changes after delete on publishes referencing old table as gone
    for each statement execute function publishes_deleted()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger publishes_delete_score_changes on publishes`.execute(db);
  await sql`drop function publishes_deleted()`.execute(db);
  await sql`delete from score_changes c where not exists (select 1 from publishes p where p.id = c.publish_id)`.execute(db);
  await sql`alter table score_changes add constraint score_changes_publish_id_fkey foreign key (publish_id) references publishes (id) on delete cascade`.execute(
    db,
  );
  await db.schema.createIndex('attempts_shared_score_id_idx').on('attempts').columns(['shared_test_id', 'score', 'id']).execute();
}
