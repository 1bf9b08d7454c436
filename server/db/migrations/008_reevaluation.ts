import { type Kysely, sql } from 'kysely';

/**
 * Re-evaluation on publish at 100,000 attempts (issue 6, decisions section 6; docs/decisions.md
 * "Report Dashboard and re-evaluation"):
 *
 * - attempts and attempt_answers keep 20 % of each page free, so that a publish's UPDATE of
 *   scores (no indexed column changes) is a HOT update: no new index entries per row.
 * - score_changes no longer checks each row's attempt with a foreign key (a lookup and a lock per
 *   row: over a second for 100,000 attempts). Rows still go with their publish (publish_id keeps
 *   its key, on delete cascade), and attempts are only deleted with their test or organisation,
 *   whose publishes go too; the attempt index stays for the student's result page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table attempts set (fillfactor = 80)`.execute(db);
  await sql`alter table attempt_answers set (fillfactor = 80)`.execute(db);
  await sql`alter table score_changes drop constraint if exists score_changes_attempt_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table score_changes add constraint score_changes_attempt_id_fkey foreign key (attempt_id) references attempts (id) on delete cascade`.execute(db);
  await sql`alter table attempt_answers reset (fillfactor)`.execute(db);
  await sql`alter table attempts reset (fillfactor)`.execute(db);
}
