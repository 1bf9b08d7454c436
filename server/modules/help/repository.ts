import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The SQL of the help widget: requests to the support team, kept as they are mailed. */
export class HelpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async recordRequest(request: { orgId: string; userId: string; kind: 'notification' | 'callback'; phoneNo: string | null }): Promise<void> {
    await this.db
      .insertInto('support_requests')
      .values({ org_id: request.orgId, user_id: request.userId, kind: request.kind, phone_no: request.phoneNo })
      .execute();
  }
}
