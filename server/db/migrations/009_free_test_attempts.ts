import { type Kysely, sql } from 'kysely';

/**
 * A free test's attempts follow its test unless the sharer sets them (issue 14): null in
 * shared_tests.no_of_attempts means "as the test says". Free tests made before kept the spec's
 * default, -1, whatever the test said; the dialog gave no way to tell that default from a chosen
 * "unlimited", and tests that say 1 were taken without limit, so -1 becomes "as the test says"
 * (for a test with unlimited attempts that is the same).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table shared_tests alter column no_of_attempts drop not null, alter column no_of_attempts drop default`.execute(db);
  await sql`update shared_tests set no_of_attempts = null where no_of_attempts = -1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update shared_tests set no_of_attempts = -1 where no_of_attempts is null`.execute(db);
  await sql`alter table shared_tests alter column no_of_attempts set default -1, alter column no_of_attempts set not null`.execute(db);
}
