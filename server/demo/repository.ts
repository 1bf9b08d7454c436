import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { AttemptsTable, Database, StudentsTable, User } from '../db/schema';

/** The SQL of the demo seed (server/demo.ts) that the product's repositories have no call for. */
export class DemoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A user of the organisation by e-mail, whatever its case, with every column (the caller is made from it). */
  userByEmail(orgId: string, email: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('org_id', '=', orgId)
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** The names of a user's own tests. */
  async testNamesOf(orgId: string, userId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('tests').select('name').where('org_id', '=', orgId).where('owner_id', '=', userId).execute();
    return new Set(rows.map((r) => r.name));
  }

  /**
   * A class's students and their attempts as starts write them (StudentIdentityRepository.create,
   * StudentsRepository.insertAttempt: an unanswered row per answerable question), in three
   * statements for the whole class.
   */
  async startAttempts(
    trx: Transaction<Database>,
    students: Insertable<StudentsTable>[],
    attempts: (Insertable<AttemptsTable> & { id: string; test_id: string; questionIds: string[] })[],
  ): Promise<void> {
    await trx.insertInto('students').values(students).execute();
    await trx
      .insertInto('attempts')
      .values(attempts.map(({ questionIds: _questionIds, ...attempt }) => attempt))
      .execute();
    await trx
      .insertInto('attempt_answers')
      .values(attempts.flatMap((a) => a.questionIds.map((question_id) => ({ attempt_id: a.id, test_id: a.test_id, question_id, answer: null }))))
      .execute();
  }
}
