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
