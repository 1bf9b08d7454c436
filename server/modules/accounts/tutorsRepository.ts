import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { likePattern } from '../../db/like';

/** Tutors of an organisation as colleagues see them (to share with): never another organisation's. */
export class TutorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The organisation's tutors but `exceptUserId`, by name, matching `search` in name or email. */
  list(orgId: string, exceptUserId: string, search: string | undefined, limit: number) {
    let query = this.db.selectFrom('users').select(['id', 'name', 'email']).where('org_id', '=', orgId).where('id', '!=', exceptUserId);
    if (search) query = query.where(sql<boolean>`(name ilike ${likePattern(search)} or email ilike ${likePattern(search)})`);
    return query.orderBy('name').limit(limit).execute();
  }

  /** Which of `userIds` are the organisation's. */
  async idsInOrg(orgId: string, userIds: string[]): Promise<string[]> {
    const found = await this.db.selectFrom('users').select('id').where('org_id', '=', orgId).where('id', 'in', userIds).execute();
    return found.map((r) => r.id);
  }
}
