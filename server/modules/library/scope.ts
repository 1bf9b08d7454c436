import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** Whose library a call addresses: the caller's own (My Library) or the Global Library. */
export interface LibraryScope {
  orgId: string;
  userId: string;
  isGlobal: boolean;
}

/** Rows of `table` that belong to the scope; everything else is invisible (404). */
export function inScope<T extends 'folders' | 'tests'>(scope: LibraryScope) {
  return (eb: ExpressionBuilder<Database, T>) =>
    scope.isGlobal
      ? eb(eb.ref('is_global' as any), '=', true)
      : eb.and([
          eb(eb.ref('org_id' as any), '=', scope.orgId),
          eb(eb.ref('owner_id' as any), '=', scope.userId),
          eb(eb.ref('is_global' as any), '=', false),
        ]);
}

export const ROOT_FOLDER_ID = '0';
