import { notFound } from '../../http/errors';

/** The id a call gives the root of a library (My Library or the Global Library). */
export const ROOT_FOLDER_ID = '0';

/**
 * What a library action applies to (decisions section 4): the listed ids, or with `selectAll`
 * every item in the folder that matches the search and the filters, minus the listed ids.
 */
export interface Selection {
  parentId: string | null;
  ids: string[];
  selectAll: boolean;
  search?: string;
  /** Tests carrying all of these tags; folders carry no tags, so none match while it is set. */
  tags: string[];
}

export type LibraryItemKind = 'folders' | 'tests';

/**
 * The selection a request body describes (`parentFolderId`, `selectAll`, `searchString`,
 * `filters`, and the ids). Without selectAll the ids are the selection and filters do not apply.
 */
export function selectionFrom(
  body: { parentFolderId: string; selectAll: boolean; searchString?: string; filters?: { tags?: string[] } },
  ids: string[],
): Selection {
  return {
    parentId: body.parentFolderId === ROOT_FOLDER_ID ? null : body.parentFolderId,
    ids,
    selectAll: body.selectAll,
    search: body.searchString || undefined,
    tags: body.selectAll ? (body.filters?.tags ?? []) : [],
  };
}

/**
 * Without selectAll the listed ids are the selection, and each must be in the caller's library:
 * one that is not (another organisation's or tutor's, or no item at all) is 404, as a missing
 * folder is everywhere, and the call changes nothing (issue 29: a move or delete of another
 * organisation's ids once answered 200 with counts of 0). Called with how many of the ids the
 * scope holds, inside the call's transaction and before its first write. With selectAll the ids
 * are exclusions, and one not there excludes nothing.
 */
export function assertSelectionFound(selection: Selection, found: number, kind: LibraryItemKind): void {
  if (!selection.selectAll && found !== new Set(selection.ids).size) throw notFound(kind === 'folders' ? 'folder' : 'test');
}
