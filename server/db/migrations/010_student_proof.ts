import type { Kysely } from 'kysely';
import { belongsTo, writtenAt } from './columns';

/**
 * Students prove who they are (issue 14: anyone who typed another student's e-mail or phone got
 * a fresh token for their attempt, renamed them and spent their attempts):
 * - student_devices: the devices a student has taken tests on (a hash of the random key the
 *   browser keeps); a known contact is accepted from one of them;
 * - student_codes: the one-time code mailed or texted to a contact, hashed, with its expiry and
 *   the tries spent on it (one live code per contact);
 * - students.proof_waived_until: a tutor's reset lets the student in once from a new device.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('student_devices')
    .addColumn('student_id', 'text', belongsTo('students.id'))
    .addColumn('org_id', 'text', belongsTo('organizations.id'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', writtenAt)
    .addColumn('last_seen_at', 'timestamptz', writtenAt)
    .addPrimaryKeyConstraint('student_devices_pk', ['student_id', 'key_hash'])
    .execute();
  await db.schema
    .createTable('student_codes')
    .addColumn('org_id', 'text', belongsTo('organizations.id'))
    .addColumn('contact_key', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', writtenAt)
    .addPrimaryKeyConstraint('student_codes_pk', ['org_id', 'contact_key'])
    .execute();
  await db.schema.alterTable('students').addColumn('proof_waived_until', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('proof_waived_until').execute();
  await db.schema.dropTable('student_codes').execute();
  await db.schema.dropTable('student_devices').execute();
}
