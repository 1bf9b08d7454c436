import type { FastifyRequest } from 'fastify';
import type { DefaultTestSettings } from '@shared/domain/testSettings';
import type { FeatureFlag, Organization, User } from '../db/schema';
import { authOf } from '../http/context';

/** A user's flag is the organisation's unless the user has one of their own. */
export function effectiveFlag(user: User, org: Organization, flag: FeatureFlag): boolean {
  return user[flag] ?? org[flag];
}

/** Who is asking, and what their organisation allows them: what every rule of this folder reads. */
export interface Caller {
  orgId: string;
  userId: string;
  /** May read Global Library tests. */
  sharedGlobal: boolean;
  /** May change Global Library tests (with sharedGlobal). */
  clpEditor: boolean;
  allowGpscType: boolean;
  tbTests: boolean;
  /** May share folders and tests with colleagues; a caller made without it (a test's owner, read by a job) may not. */
  allowSharing?: boolean;
  /** The caller's default test settings: a test of theirs without settings starts with them. */
  defaultSettings: Partial<DefaultTestSettings> | null;
}

export function callerFrom(user: User, org: Organization): Caller {
  return {
    orgId: org.id,
    userId: user.id,
    sharedGlobal: effectiveFlag(user, org, 'is_shared_global'),
    clpEditor: user.is_clp_editor,
    allowGpscType: effectiveFlag(user, org, 'allow_gpsc_type'),
    tbTests: effectiveFlag(user, org, 'is_tb_test_enabled'),
    allowSharing: effectiveFlag(user, org, 'allow_sharing'),
    defaultSettings: user.default_settings as Partial<DefaultTestSettings> | null,
  };
}

/** The signed-in tutor of a request (behind requireAuth). */
export function callerOf(request: FastifyRequest): Caller {
  const { user, org } = authOf(request);
  return callerFrom(user, org);
}
