import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { ROOT_FOLDER_ID } from './scope';

/**
 * What a library action applies to (decisions section 4): the listed ids, or with `selectAll`
 * every item in the folder that matches the search, minus the listed ids.
 */
export interface Selection {
  parentId: string | null;
  ids: string[];
  selectAll: boolean;
  search?: string;
}

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Narrows a query over folders or tests (aliased `t`) to the selection. */
export function applySelection<DB extends Database, O>(
  query: SelectQueryBuilder<DB, any, O>,
  selection: Selection,
  parentColumn: 'parent_id' | 'parent_folder_id',
): SelectQueryBuilder<DB, any, O> {
  if (!selection.selectAll) return query.where('t.id' as any, 'in', selection.ids.length ? selection.ids : ['']);
  let narrowed = selection.parentId === null ? query.where(`t.${parentColumn}` as any, 'is', null) : query.where(`t.${parentColumn}` as any, '=', selection.parentId);
  if (selection.search) narrowed = narrowed.where(sql<boolean>`t.name ilike ${likePattern(selection.search)}`);
  if (selection.ids.length) narrowed = narrowed.where('t.id' as any, 'not in', selection.ids);
  return narrowed;
}

/** The selection a request body describes (`parentFolderId`, `selectAll`, `searchString`, and the ids). */
export function selectionFrom(body: { parentFolderId: string; selectAll: boolean; searchString?: string }, ids: string[]): Selection {
  return {
    parentId: body.parentFolderId === ROOT_FOLDER_ID ? null : body.parentFolderId,
    ids,
    selectAll: body.selectAll,
    search: body.searchString || undefined,
  };
}
