import type { ServerConfig } from '../../config';
import { AppError, badRequest } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { dummyPasswordHash, hashPassword, hashToken, newToken, verifyPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../security';
import type { Language } from '@shared/i18n/languages';
import { serverMessage } from '@shared/i18n/serverMessages';
import type { LoginResult } from '@shared/api/types';
import type { AccountsRepository, UserToken, UserWithOrg } from '../accounts/repository';
import { presentUser } from '../accounts/presenter';
import { LoginThrottle } from './loginThrottle';
import type { SessionCache } from './sessionCache';

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'invalidCredentials');

export function assertPasswordRules(field: string, password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(field, 'passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) throw badRequest(field, 'passwordTooLong', { max: PASSWORD_MAX_LENGTH });
}

export class AuthService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly throttle: LoginThrottle,
    private readonly mailer: Mailer,
    private readonly config: ServerConfig,
    private readonly sessions: SessionCache,
  ) {}

  /** A new token of the user, kept by `store` (by its hash) for `ttlMs`: a session's, a password reset's. */
  private async issueToken({ user, org }: UserWithOrg, ttlMs: number, store: (token: UserToken) => Promise<void>): Promise<string> {
    const token = newToken();
    await store({ tokenHash: hashToken(token), orgId: org.id, userId: user.id, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  private async startSession({ user, org }: UserWithOrg): Promise<LoginResult> {
    const token = await this.issueToken({ user, org }, this.config.sessionTtlMs, (session) => this.accounts.createSession(session));
    const presented = presentUser(user, org, this.config);
    await this.accounts.markLoggedIn(user.id);
    return { token, user: { ...presented, token } };
  }

  /** A wrong org code, e-mail or password all get the same answer, in the same time. */
  async login(orgCode: string, email: string, password: string): Promise<LoginResult> {
    const key = LoginThrottle.key(orgCode, email);
    const now = new Date();
    const { attempt } = await this.throttle.countAttempt(key, now);
    const org = await this.accounts.findOrgByCode(orgCode);
    const user = org && (await this.accounts.findUserByEmail(org.id, email));
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!org || !user || !ok) {
      await this.throttle.recordFailure(key, attempt, now);
      throw invalidCredentials();
    }
    await this.throttle.clear(key);
    return this.startSession({ user, org });
  }

  async whitelabelLogin(wlToken: string | undefined): Promise<LoginResult> {
    if (!wlToken) throw new AppError(401, 'INVALID_WL_TOKEN', 'wlTokenInvalid');
    const found = await this.accounts.findByWhitelabelToken(hashToken(wlToken));
    if (!found) throw new AppError(401, 'INVALID_WL_TOKEN', 'wlTokenInvalid');
    return this.startSession(found);
  }

  async logout(tokenHash: string): Promise<void> {
    await this.accounts.deleteSession(tokenHash);
    this.sessions.forgetToken(tokenHash);
  }

  /** Other sessions of the user end; the one that changed the password stays logged in. */
  async changePassword(auth: { user: UserWithOrg['user']; tokenHash: string }, currentPassword: string, newPassword: string): Promise<void> {
    // The stored hash, not the session's (possibly cached) copy of the user.
    const stored = await this.accounts.findUserById(auth.user.id);
    if (!stored || !(await verifyPassword(currentPassword, stored.password_hash))) {
      throw new AppError(400, 'WRONG_PASSWORD', 'wrongCurrentPassword', { field: 'currentPassword' }, [
        { field: 'currentPassword', message: 'wrongCurrentPassword' },
      ]);
    }
    assertPasswordRules('newPassword', newPassword);
    if (currentPassword === newPassword) throw badRequest('newPassword', 'passwordSame');
    await this.accounts.setPassword(auth.user.id, await hashPassword(newPassword));
    await this.accounts.deleteSessionsOfUser(auth.user.id, auth.tokenHash);
    this.sessions.forgetUser(auth.user.id);
    // A reset link mailed before the change must not undo it.
    await this.accounts.burnPasswordResetsOfUser(auth.user.id, new Date());
  }

  /**
   * Answers the same, in the same time, whether or not the account exists: the same look-ups run
   * for both, and the reset link is made and mailed after the answer has gone (issue 14: waiting
   * for SMTP for real accounts only told a stranger which addresses have one).
   */
  async forgotPassword(orgCode: string, email: string, lang: Language): Promise<void> {
    const org = await this.accounts.findOrgByCode(orgCode);
    const user = org && (await this.accounts.findUserByEmail(org.id, email));
    if (org && user) this.mailer.later(() => this.mailResetLink(org, user, lang));
  }

  private async mailResetLink(org: UserWithOrg['org'], user: UserWithOrg['user'], lang: Language): Promise<void> {
    const token = await this.issueToken({ user, org }, this.config.resetTokenTtlMs, (reset) => this.accounts.createPasswordReset(reset));
    const link = `${this.config.publicUrl}/resetPassword?${new URLSearchParams({ email: user.email, resetToken: token })}`;
    const params = { name: user.name, email: user.email, orgCode: org.code, link, minutes: this.config.resetTokenTtlMs / 60_000 };
    await this.mailer.send({
      orgId: org.id,
      kind: 'password-reset',
      to: user.email,
      subject: serverMessage(lang, 'resetMailSubject', params),
      body: serverMessage(lang, 'resetMailBody', params),
    });
  }

  async resetPassword(email: string, newPassword: string, resetToken: string): Promise<void> {
    const tokenHash = hashToken(resetToken);
    const invalid = () =>
      new AppError(400, 'INVALID_RESET_TOKEN', 'resetTokenInvalid', { field: 'resetToken' }, [{ field: 'resetToken', message: 'resetTokenInvalid' }]);
    // Check everything before using the token up, so a typo in the e-mail or a weak password
    // does not cost the user their link.
    const userId = await this.accounts.peekPasswordReset(tokenHash, new Date());
    const owner = userId && (await this.accounts.findUserById(userId));
    if (!owner || owner.email.toLowerCase() !== email.trim().toLowerCase()) throw invalid();
    assertPasswordRules('newPassword', newPassword);
    const found = await this.accounts.consumePasswordReset(tokenHash, new Date());
    if (!found) throw invalid();
    await this.accounts.setPassword(found.user.id, await hashPassword(newPassword));
    await this.accounts.deleteSessionsOfUser(found.user.id);
    this.sessions.forgetUser(found.user.id);
    // Other links mailed earlier die with this one; a lock from failed logins ends, since the
    // password those failures guessed at is gone.
    await this.accounts.burnPasswordResetsOfUser(found.user.id, new Date());
    await this.throttle.clear(LoginThrottle.key(found.org.code, found.user.email));
  }
}
