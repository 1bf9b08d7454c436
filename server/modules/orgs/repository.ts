import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, OrganizationsTable, TestsTable, UsersTable } from '../../db/schema';

/** What an update of an organisation may change. */
export type OrgChanges = Updateable<OrganizationsTable>;

/** The SQL of the operator's commands on organisations and users (commands.ts). */
export class OrgsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** An organisation by its code, whatever its case. */
  byCode(code: string) {
    return this.db
      .selectFrom('organizations')
      .selectAll()
      .where(sql`lower(code)`, '=', code.toLowerCase())
      .executeTakeFirst();
  }

  createOrg(values: Insertable<OrganizationsTable>) {
    return this.db.insertInto('organizations').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateOrg(id: string, changes: OrgChanges) {
    return this.db.updateTable('organizations').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  /** A user of the organisation by e-mail, whatever its case. */
  userByEmail(orgId: string, email: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', orgId)
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  createUser(values: Insertable<UsersTable>) {
    return this.db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async addWhitelabelToken(values: { token_hash: string; org_id: string; user_id: string }): Promise<void> {
    await this.db.insertInto('whitelabel_tokens').values(values).execute();
  }

  /** Tests written straight into the library (the demo seed: no editor rules apply to an empty test). */
  async addTests(tests: Insertable<TestsTable>[]): Promise<void> {
    await this.db.insertInto('tests').values(tests).execute();
  }
}
