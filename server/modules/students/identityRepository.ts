import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StudentRow } from './repository';

/** At most this many devices are remembered per student; the least recently seen goes first. */
export const DEVICES_PER_STUDENT = 5;

/** The SQL of students' identity (issue 14): students by contact, their devices, one-time codes. */
export class StudentIdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  byContact(orgId: string, contactKey: string): Promise<StudentRow | undefined> {
    return this.db.selectFrom('students').selectAll().where('org_id', '=', orgId).where('contact_key', '=', contactKey).executeTakeFirst();
  }

  /** A new student; when two arrive at once with one contact, the one already there is answered. */
  async create(student: { id: string; org_id: string; name: string; contact: string; contact_key: string }): Promise<{ row: StudentRow; created: boolean }> {
    const inserted = await this.db
      .insertInto('students')
      .values(student)
      .onConflict((oc) => oc.constraint('students_org_contact_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    return { row: (await this.byContact(student.org_id, student.contact_key))!, created: false };
  }

  async rename(studentId: string, name: string, contact: string): Promise<void> {
    await this.db.updateTable('students').set({ name, contact }).where('id', '=', studentId).execute();
  }

  async hasDevice(studentId: string, keyHash: string): Promise<boolean> {
    const row = await this.db
      .updateTable('student_devices')
      .set({ last_seen_at: new Date() })
      .where('student_id', '=', studentId)
      .where('key_hash', '=', keyHash)
      .returning('key_hash')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Remembers a device of the student (kept to the most recent DEVICES_PER_STUDENT). */
  async bindDevice(student: { id: string; org_id: string }, keyHash: string): Promise<void> {
    await this.db
      .insertInto('student_devices')
      .values({ student_id: student.id, org_id: student.org_id, key_hash: keyHash })
      .onConflict((oc) => oc.columns(['student_id', 'key_hash']).doUpdateSet({ last_seen_at: new Date() }))
      .execute();
    await sql`delete from student_devices where student_id = ${student.id} and key_hash not in (
      select key_hash from student_devices where student_id = ${student.id} order by last_seen_at desc limit ${DEVICES_PER_STUDENT})`.execute(this.db);
  }

  /** Whether an attempt token (hashed) is one of this student's, on any free test of the organisation. */
  async ownsToken(studentId: string, tokenHash: string): Promise<boolean> {
    const row = await this.db.selectFrom('attempts').select('id').where('token_hash', '=', tokenHash).where('student_id', '=', studentId).executeTakeFirst();
    return row !== undefined;
  }

  /** A new code for the contact, replacing any before it; false when one was made less than `minGapMs` ago. */
  async putCode(orgId: string, contactKey: string, codeHash: string, expiresAt: Date, now: Date, minGapMs: number): Promise<boolean> {
    const row = await sql<{ contact_key: string }>`
      insert into student_codes (org_id, contact_key, code_hash, expires_at, tries, created_at)
      values (${orgId}, ${contactKey}, ${codeHash}, ${expiresAt}, 0, ${now})
      on conflict (org_id, contact_key) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, tries = 0, created_at = excluded.created_at
        where student_codes.created_at <= ${new Date(now.getTime() - minGapMs)}
      returning contact_key`.execute(this.db);
    return row.rows.length > 0;
  }

  /**
   * Spends one try of the contact's code: counted in the same statement that reads it, so tries
   * sent at once each count. Answers the code's hash and the tries spent with this one, or null.
   */
  async spendTry(orgId: string, contactKey: string, now: Date): Promise<{ code_hash: string; tries: number } | null> {
    const row = await this.db
      .updateTable('student_codes')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('org_id', '=', orgId)
      .where('contact_key', '=', contactKey)
      .where('expires_at', '>', now)
      .returning(['code_hash', 'tries'])
      .executeTakeFirst();
    return row ?? null;
  }

  async dropCode(orgId: string, contactKey: string): Promise<void> {
    await this.db.deleteFrom('student_codes').where('org_id', '=', orgId).where('contact_key', '=', contactKey).execute();
  }

  /** A tutor's reset: devices forgotten, codes dropped, tokens of attempts in progress revoked, one start from a new device let in. */
  async reset(student: StudentRow, sharedTestId: string, waivedUntil: Date, revokedTokenHash: () => string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('student_devices').where('student_id', '=', student.id).execute();
      await trx.deleteFrom('student_codes').where('org_id', '=', student.org_id).where('contact_key', '=', student.contact_key).execute();
      await trx.updateTable('students').set({ proof_waived_until: waivedUntil }).where('id', '=', student.id).execute();
      const open = await trx
        .selectFrom('attempts')
        .select('id')
        .where('student_id', '=', student.id)
        .where('shared_test_id', '=', sharedTestId)
        .where('submitted_at', 'is', null)
        .execute();
      for (const attempt of open) await trx.updateTable('attempts').set({ token_hash: revokedTokenHash() }).where('id', '=', attempt.id).execute();
      return open.length;
    });
  }

  /** Uses the student's reset once: true when one was waiting and in time (and it is used up now). */
  async useWaiver(studentId: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('students')
      .set({ proof_waived_until: null })
      .where('id', '=', studentId)
      .where('proof_waived_until', '>', now)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
