import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { callerOf, type Caller } from './caller';

/** Whose library a call addresses: the caller's own (My Library) or the Global Library. */
export interface LibraryScope {
  orgId: string;
  userId: string;
  isGlobal: boolean;
}

/**
 * The scope of a library call. The Global Library is invisible (404) without shared-global
 * access, and read-only (403) for users who are not CLP editors.
 */
export function libraryScope(caller: Caller, isGlobal: boolean, access: 'read' | 'write'): LibraryScope {
  if (isGlobal) {
    if (!caller.sharedGlobal) throw notFound('library');
    if (access === 'write' && !caller.clpEditor) throw new AppError(403, 'GLOBAL_READ_ONLY', 'globalReadOnly');
  }
  return { orgId: caller.orgId, userId: caller.userId, isGlobal };
}

/** The scope of a request's library call (see libraryScope). */
export function scopeOf(request: FastifyRequest, isGlobal: boolean, access: 'read' | 'write'): LibraryScope {
  return libraryScope(callerOf(request), isGlobal, access);
}

/**
 * The Global Library's part of an answer that also lists My Library (tags): left out, not
 * refused, without shared-global access.
 */
export function mayReadGlobal(caller: Caller): boolean {
  return caller.sharedGlobal;
}

/** Rows of `table` (folders, tests, the Trash's items) that belong to the scope; everything else is invisible (404). */
export function inScope<T extends 'folders' | 'tests' | 'trash_items'>(scope: LibraryScope) {
  return (eb: ExpressionBuilder<Database, T>) =>
    scope.isGlobal
      ? eb(eb.ref('is_global' as any), '=', true)
      : eb.and([eb(eb.ref('org_id' as any), '=', scope.orgId), eb(eb.ref('owner_id' as any), '=', scope.userId), eb(eb.ref('is_global' as any), '=', false)]);
}

/** Sharing with colleagues is a feature the organisation (or the user's own flag) turns on. */
export function assertMayShare(caller: Caller): void {
  if (!caller.allowSharing) throw new AppError(403, 'SHARING_DISABLED', 'sharingDisabled');
}
