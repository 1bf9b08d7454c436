import { sql, type Kysely } from 'kysely';

/**
 * The job queue's sweep of expired attempts (issue 19) looks for attempts never submitted whose
 * deadline has passed, over every free test, every JOB_SWEEP_SECONDS: a partial index holds only
 * the attempts in progress, so the sweep reads a few rows however many attempts were submitted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index attempts_unsubmitted_deadline_idx on attempts (deadline_at) where submitted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index attempts_unsubmitted_deadline_idx`.execute(db);
}
