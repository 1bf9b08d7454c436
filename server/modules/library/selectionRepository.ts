import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { likePattern } from '../../db/like';
import type { LibraryItemKind, Selection } from './selection';

// The SQL of a selection (selection.ts says what one is), as parts of the repositories' queries.

/** The tag filter of the listing and of selections: the test (aliased `alias`) has every tag. */
export function hasAllTags(alias: string, tags: string[]): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.tags`)} @> ${JSON.stringify(tags)}::jsonb`;
}

/**
 * Items anywhere below folder `parentId` (null: the whole library): a search covers the folder
 * and everything under it (issue 14). Folders carry their ancestors' ids in `path` ('/a/b/').
 */
export function underFolder(alias: string, kind: LibraryItemKind, parentId: string | null): RawBuilder<boolean> {
  if (parentId === null) return sql<boolean>`true`;
  const below = sql`(select p.path || p.id || '/' from folders p where p.id = ${parentId}) || '%'`;
  return kind === 'folders'
    ? sql<boolean>`${sql.ref(`${alias}.path`)} like ${below}`
    : sql<boolean>`(${sql.ref(`${alias}.parent_folder_id`)} = ${parentId} or ${sql.ref(`${alias}.parent_folder_id`)} in (select d.id from folders d where d.path like ${below}))`;
}

/** Narrows a query over folders or tests (aliased `t`) to the selection. */
export function applySelection<DB extends Database, O>(
  query: SelectQueryBuilder<DB, any, O>,
  selection: Selection,
  kind: LibraryItemKind,
): SelectQueryBuilder<DB, any, O> {
  if (!selection.selectAll) return query.where('t.id' as any, 'in', selection.ids.length ? selection.ids : ['']);
  const parentColumn = kind === 'folders' ? 't.parent_id' : 't.parent_folder_id';
  let narrowed: SelectQueryBuilder<DB, any, O>;
  // A search selects what it lists: matches anywhere below the folder.
  if (selection.search) narrowed = query.where(underFolder('t', kind, selection.parentId)).where(sql<boolean>`t.name ilike ${likePattern(selection.search)}`);
  else narrowed = selection.parentId === null ? query.where(parentColumn as any, 'is', null) : query.where(parentColumn as any, '=', selection.parentId);
  if (selection.tags.length) narrowed = narrowed.where(kind === 'folders' ? sql<boolean>`false` : hasAllTags('t', selection.tags));
  if (selection.ids.length) narrowed = narrowed.where('t.id' as any, 'not in', selection.ids);
  return narrowed;
}
