import type { Kysely } from 'kysely';
import type { Database, FeatureFlag, Organization, User } from '../../db/schema';
import { brandingOf, brandingProblem, type OrgBranding } from '@shared/domain/branding';
import { generatePassword, hashPassword, hashToken, newId, newToken, PASSWORD_MIN_LENGTH } from '../../security';
import { OrgsRepository, type OrgChanges } from './repository';

/**
 * Operator commands on organisations and users: used by the admin CLI, the demo seed and tests.
 * Each takes the database (its callers hold nothing else) and reads and writes through OrgsRepository.
 */

export class CommandError extends Error {}

export type OrgFlags = Partial<Record<FeatureFlag, boolean>>;

const DAY_MS = 86_400_000;

/** Only the flags that were given: an absent flag keeps the column's default (or current value). */
function definedFlags(flags: OrgFlags = {}): Partial<Record<FeatureFlag, boolean>> {
  return Object.fromEntries(Object.entries(flags).filter(([, value]) => typeof value === 'boolean'));
}
const CODE_PATTERN = /^[A-Za-z0-9_-]{2,64}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function createOrg(
  db: Kysely<Database>,
  input: { code: string; name: string; days: number; flags?: OrgFlags; now?: Date },
): Promise<Organization> {
  if (!CODE_PATTERN.test(input.code)) throw new CommandError('--code must be 2-64 letters, digits, "-" or "_"');
  if (!input.name.trim()) throw new CommandError('--name must not be empty');
  if (!Number.isFinite(input.days) || input.days < 0) throw new CommandError('--days must be a number of days, 0 or more');
  const orgs = new OrgsRepository(db);
  if (await orgs.byCode(input.code)) throw new CommandError(`An organisation with the code ${input.code} exists already`);
  const now = input.now ?? new Date();
  return orgs.createOrg({
    id: newId(),
    code: input.code,
    name: input.name.trim(),
    subscription_ends_at: new Date(now.getTime() + input.days * DAY_MS),
    region: JSON.stringify({ dateTimeStamp: 'DD MMM YYYY' }),
    login_settings: '{}',
    ...definedFlags(input.flags),
  });
}

export async function updateOrg(db: Kysely<Database>, input: { code: string; days?: number; flags?: OrgFlags; now?: Date }): Promise<Organization> {
  const orgs = new OrgsRepository(db);
  const org = await orgs.byCode(input.code);
  if (!org) throw new CommandError(`No organisation has the code ${input.code}`);
  if (input.days !== undefined && (!Number.isFinite(input.days) || input.days < 0)) throw new CommandError('--days must be a number of days, 0 or more');
  const changes: OrgChanges = { ...definedFlags(input.flags) };
  if (input.days !== undefined) changes.subscription_ends_at = new Date((input.now ?? new Date()).getTime() + input.days * DAY_MS);
  if (Object.keys(changes).length === 0) throw new CommandError('Nothing to change: give --days or a flag');
  return orgs.updateOrg(org.id, changes);
}

export async function createUser(
  db: Kysely<Database>,
  input: { orgCode: string; email: string; password?: string; name: string; clpEditor?: boolean; role?: 'tutor' | 'admin' },
): Promise<{ user: User; password: string }> {
  const orgs = new OrgsRepository(db);
  const org = await orgs.byCode(input.orgCode);
  if (!org) throw new CommandError(`No organisation has the code ${input.orgCode}`);
  const email = input.email.trim();
  if (!EMAIL_PATTERN.test(email)) throw new CommandError('--email must be an e-mail address');
  if (!input.name.trim()) throw new CommandError('--name must not be empty');
  const password = input.password ?? generatePassword();
  if (password.length < PASSWORD_MIN_LENGTH) throw new CommandError(`--password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (await orgs.userByEmail(org.id, email)) throw new CommandError(`A user with the e-mail ${email} exists already in ${input.orgCode}`);
  const role = input.role ?? 'tutor';
  const user = await orgs.createUser({
    id: newId(),
    org_id: org.id,
    email,
    name: input.name.trim(),
    password_hash: await hashPassword(password),
    role: JSON.stringify([role]),
    is_first_login: true,
    is_clp_editor: input.clpEditor ?? false,
  });
  return { user, password };
}

/** A long-lived white-label token for one user; printed once, stored hashed. */
export async function createWhitelabelToken(db: Kysely<Database>, input: { orgCode: string; email: string }): Promise<string> {
  const orgs = new OrgsRepository(db);
  const org = await orgs.byCode(input.orgCode);
  if (!org) throw new CommandError(`No organisation has the code ${input.orgCode}`);
  const user = await orgs.userByEmail(org.id, input.email.trim());
  if (!user) throw new CommandError(`No user ${input.email} in ${input.orgCode}`);
  const token = newToken();
  await orgs.addWhitelabelToken({ token_hash: hashToken(token), org_id: org.id, user_id: user.id });
  return token;
}

/**
 * The organisation's sign-in branding (organizations.login_settings): only the values given
 * change; an empty value clears one. Each is checked by the shared rule (shared/domain/branding.ts).
 */
export async function setOrgBranding(
  db: Kysely<Database>,
  input: { code: string; branding: Partial<Record<keyof OrgBranding, string>> },
): Promise<{ org: Organization; branding: OrgBranding }> {
  const orgs = new OrgsRepository(db);
  const org = await orgs.byCode(input.code);
  if (!org) throw new CommandError(`No organisation has the code ${input.code}`);
  const given = Object.entries(input.branding).filter(([, value]) => value !== undefined) as [keyof OrgBranding, string][];
  if (given.length === 0) throw new CommandError('Nothing to change: give --logo, --color or --welcome');
  const flagOf: Record<keyof OrgBranding, string> = { logoUrl: '--logo', brandColor: '--color', welcome: '--welcome' };
  const next: Record<string, unknown> = { ...(org.login_settings as Record<string, unknown>) };
  for (const [field, value] of given) {
    const problem = brandingProblem(field, value);
    if (problem) throw new CommandError(`${flagOf[field]} ${problem}`);
    if (value === '') delete next[field];
    else next[field] = value;
  }
  const updated = await orgs.updateOrg(org.id, { login_settings: JSON.stringify(next) });
  return { org: updated, branding: brandingOf(updated.login_settings) };
}
