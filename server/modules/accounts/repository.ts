import { sql, type Kysely } from 'kysely';
import { FEATURE_FLAGS, type Database, type Organization, type User } from '../../db/schema';

const ORG_COLUMNS = [
  'id',
  'code',
  'name',
  'subscription_ends_at',
  ...FEATURE_FLAGS,
  'region',
  'org_location',
  'whitelabel_id',
  'login_settings',
  'created_at',
] as const;

export interface UserWithOrg {
  user: User;
  org: Organization;
}

/** A token of a user (a session, a password reset), stored by its hash until it expires. */
export interface UserToken {
  tokenHash: string;
  orgId: string;
  userId: string;
  expiresAt: Date;
}

/** Every SQL query about organisations, users and their tokens lives here. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findOrgByCode(code: string): Promise<Organization | undefined> {
    return this.db
      .selectFrom('organizations')
      .selectAll()
      .where(sql`lower(code)`, '=', code.trim().toLowerCase())
      .executeTakeFirst();
  }

  findOrgById(id: string): Promise<Organization | undefined> {
    return this.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserById(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserByEmail(orgId: string, email: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('org_id', '=', orgId)
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  private async joinOrg(user: User | undefined): Promise<UserWithOrg | undefined> {
    if (!user) return undefined;
    const org = await this.findOrgById(user.org_id);
    return org && { user, org };
  }

  /**
   * The hot path of every authenticated call: one round trip finds the live session, its user
   * and the organisation (org columns come back prefixed `o_`).
   */
  async findBySessionToken(tokenHash: string, now: Date): Promise<(UserWithOrg & { sessionExpiresAt: Date }) | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('organizations as o', 'o.id', 's.org_id')
      .selectAll('u')
      .select(ORG_COLUMNS.map((c) => sql.ref(`o.${c}`).as(`o_${c}`)))
      .select(sql.ref('s.expires_at').as('s_expires_at'))
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const org = {} as Record<string, unknown>;
    const user = {} as Record<string, unknown>;
    let sessionExpiresAt = now;
    for (const [key, value] of Object.entries(row)) {
      if (key === 's_expires_at') sessionExpiresAt = new Date(value as Date);
      else if (key.startsWith('o_')) org[key.slice(2)] = value;
      else user[key] = value;
    }
    return { user: user as User, org: org as Organization, sessionExpiresAt };
  }

  async findByWhitelabelToken(tokenHash: string): Promise<UserWithOrg | undefined> {
    const link = await this.db.selectFrom('whitelabel_tokens').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!link) return undefined;
    return this.joinOrg(await this.findUserById(link.user_id));
  }

  createSession(session: UserToken): Promise<void> {
    return this.insertToken('sessions', session);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of a user but the one kept (password change keeps the caller's). */
  async deleteSessionsOfUser(userId: string, keepTokenHash?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
    await query.execute();
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, is_first_login: false }).where('id', '=', userId).execute();
  }

  async markLoggedIn(userId: string): Promise<void> {
    await this.db.updateTable('users').set({ is_first_login: false }).where('id', '=', userId).where('is_first_login', '=', true).execute();
  }

  createPasswordReset(reset: UserToken): Promise<void> {
    return this.insertToken('password_resets', reset);
  }

  private async insertToken(table: 'sessions' | 'password_resets', token: UserToken): Promise<void> {
    await this.db.insertInto(table).values({ token_hash: token.tokenHash, org_id: token.orgId, user_id: token.userId, expires_at: token.expiresAt }).execute();
  }

  /**
   * Uses a reset token at most once: the update only matches an unused, unexpired token,
   * so two racing requests cannot both succeed.
   */
  async consumePasswordReset(tokenHash: string, now: Date): Promise<UserWithOrg | undefined> {
    const used = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!used) return undefined;
    return this.joinOrg(await this.findUserById(used.user_id));
  }

  async peekPasswordReset(tokenHash: string, now: Date): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Every unused reset token of a user stops working (the password changed some other way). */
  async burnPasswordResetsOfUser(userId: string, now: Date): Promise<void> {
    await this.db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }

  /** Merges in the database, so two concurrent PATCHes of different fields both survive. */
  async mergeDefaultSettings(userId: string, patch: Record<string, unknown>): Promise<unknown> {
    const row = await this.db
      .updateTable('users')
      .set({ default_settings: sql`coalesce(default_settings, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
      .where('id', '=', userId)
      .returning('default_settings')
      .executeTakeFirstOrThrow();
    return row.default_settings;
  }
}
