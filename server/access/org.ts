import { notFound } from '../http/errors';
import type { Caller } from './caller';

/** Another organisation's id is not found, as a missing one is (decisions section 2). */
export function assertSameOrg(caller: Pick<Caller, 'orgId'>, orgId: string, what: Parameters<typeof notFound>[0]): void {
  if (orgId !== caller.orgId) throw notFound(what);
}

/** A call about a user that names someone other than the caller: not found. */
export function assertSelf(caller: Pick<Caller, 'userId'>, userId: string): void {
  if (userId !== caller.userId) throw notFound('user');
}
