import type { ExpressionBuilder } from 'kysely';
import type { Database, TestRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { Caller } from './caller';

/**
 * Tests the caller may open: their own in My Library, and Global Library tests when they have
 * shared-global access. Any other test (another organisation's, a colleague's) is not found.
 */
export function testsVisibleTo(caller: Caller) {
  return (eb: ExpressionBuilder<Database, 'tests'>) => {
    const own = eb.and([eb('org_id', '=', caller.orgId), eb('owner_id', '=', caller.userId), eb('is_global', '=', false)]);
    return caller.sharedGlobal ? eb.or([own, eb('is_global', '=', true)]) : own;
  };
}

/** Folders of the test's own library (My Library of its owner, or the Global Library): where it may move. */
export function foldersOfLibraryOf(row: Pick<TestRow, 'is_global' | 'org_id' | 'owner_id'>) {
  return (eb: ExpressionBuilder<Database, 'folders'>) =>
    row.is_global ? eb('is_global', '=', true) : eb.and([eb('org_id', '=', row.org_id), eb('owner_id', '=', row.owner_id!), eb('is_global', '=', false)]);
}

/** A visible test may be changed unless it is the Global Library's and the caller is no CLP editor (403). */
export function assertMayChangeTest(caller: Caller, row: Pick<TestRow, 'is_global'>): void {
  if (row.is_global && !caller.clpEditor) throw new AppError(403, 'GLOBAL_READ_ONLY', 'globalReadOnly');
}

/** Turning a test into a TB test needs the TB tests feature. */
export function assertMayMakeTbTest(caller: Caller): void {
  if (!caller.tbTests) throw new AppError(403, 'FEATURE_DISABLED', 'tbTestsDisabled');
}
