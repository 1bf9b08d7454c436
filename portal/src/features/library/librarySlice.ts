import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorMessage } from '@shared/api/client';
import type { Breadcrumb, FolderChildren, LibraryFolder, LibraryKind, SelectionBody, TestSummary } from '@shared/api/libraryTypes';
import { logout, type ThunkExtra } from '../auth/authSlice';

/** Spec section 9: a page of folders and a page of tests. */
export const FOLDER_PAGE_LIMIT = 100;
export const TEST_PAGE_LIMIT = 10;
export const ROOT_FOLDER_ID = '0';

export type ItemKind = 'folder' | 'test';

/**
 * Many-item selection (spec section 4, decisions section 4). In `some` mode the ids are the
 * selected items; in `all` mode every item matching the folder, search and filters is selected
 * and the ids are the ones unticked.
 */
export interface LibrarySelection {
  mode: 'some' | 'all';
  folderIds: string[];
  testIds: string[];
}

export interface LibraryQuery {
  library: LibraryKind;
  folderId: string;
  search: string;
  tags: string[];
}

/** The library dialogs; the target is the item a row's menu acted on, else the selection. */
export type LibraryDialog =
  | { kind: 'createFolder' }
  | { kind: 'editFolder'; folder: LibraryFolder }
  | { kind: 'copyTest'; test: TestSummary }
  | { kind: 'freeTest'; test: TestSummary }
  | { kind: 'move' | 'delete' | 'share' | 'link'; target: { kind: ItemKind; id: string; name: string } | null };

/** The folder and test list state of spec section 3, with its error field. */
export interface LibraryState {
  query: LibraryQuery | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The request the lists will take their answer from; older answers are dropped. */
  requestId: string | null;
  loadingMore: ItemKind | null;
  error: string | null;
  breadcrumbs: Breadcrumb[];
  folders: LibraryFolder[];
  folderCount: number;
  tests: TestSummary[];
  testCount: number;
  recentTests: TestSummary[];
  selection: LibrarySelection;
  dialog: LibraryDialog | null;
}

const emptySelection: LibrarySelection = { mode: 'some', folderIds: [], testIds: [] };

/** What a folder shows before it is read, and after reading it failed. */
const noListing = (): Pick<LibraryState, 'breadcrumbs' | 'folders' | 'folderCount' | 'tests' | 'testCount' | 'recentTests'> => ({
  breadcrumbs: [],
  folders: [],
  folderCount: 0,
  tests: [],
  testCount: 0,
  recentTests: [],
});

export const initialLibraryState: LibraryState = {
  query: null,
  status: 'idle',
  requestId: null,
  loadingMore: null,
  error: null,
  ...noListing(),
  selection: emptySelection,
  dialog: null,
};

type Thunk = { extra: ThunkExtra; rejectValue: string; state: { library: LibraryState } };

/** Loads the first page of folders and tests of a folder (and recent tests at the root). */
export const loadLibrary = createAsyncThunk<FolderChildren, LibraryQuery, Thunk>('library/load', async (query, { extra, rejectWithValue, signal }) => {
  try {
    const atRoot = query.folderId === ROOT_FOLDER_ID && !query.search && query.tags.length === 0;
    return await extra.api.folderChildren(
      query.folderId,
      {
        folderLimit: FOLDER_PAGE_LIMIT,
        testLimit: TEST_PAGE_LIMIT,
        showRecent: atRoot,
        isGlobal: query.library === 'global',
        searchString: query.search || undefined,
        tags: query.tags,
      },
      signal,
    );
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** The next page of folders or of tests ("load more"). */
export const loadMore = createAsyncThunk<{ kind: ItemKind; children: FolderChildren }, ItemKind, Thunk>(
  'library/loadMore',
  async (kind, { extra, getState, rejectWithValue }) => {
    const { query, folders, tests } = getState().library;
    if (!query) return rejectWithValue('no folder');
    try {
      const children = await extra.api.folderChildren(query.folderId, {
        folderLimit: kind === 'folder' ? FOLDER_PAGE_LIMIT : 0,
        folderOffset: folders.length,
        testLimit: kind === 'test' ? TEST_PAGE_LIMIT : 0,
        testOffset: tests.length,
        isGlobal: query.library === 'global',
        searchString: query.search || undefined,
        tags: query.tags,
      });
      return { kind, children };
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** Reloads the current folder after an action changed it (keeps the query, drops the selection). */
export const reloadLibrary = createAsyncThunk<void, void, Thunk>('library/reload', async (_, { dispatch, getState }) => {
  const { query } = getState().library;
  if (query) await dispatch(loadLibrary(query));
});

export function totalItems(state: Pick<LibraryState, 'folderCount' | 'testCount'>): number {
  return state.folderCount + state.testCount;
}

export function selectedCount(state: Pick<LibraryState, 'selection' | 'folderCount' | 'testCount'>): number {
  const { mode, folderIds, testIds } = state.selection;
  const listed = folderIds.length + testIds.length;
  return mode === 'all' ? totalItems(state) - listed : listed;
}

export function isSelected(selection: LibrarySelection, kind: ItemKind, id: string): boolean {
  const listed = (kind === 'folder' ? selection.folderIds : selection.testIds).includes(id);
  return selection.mode === 'all' ? !listed : listed;
}

const idsOf = (selection: LibrarySelection, kind: ItemKind) => (kind === 'folder' ? selection.folderIds : selection.testIds);

const librarySlice = createSlice({
  name: 'library',
  initialState: initialLibraryState,
  reducers: {
    /**
     * Ticks or unticks one item. Ticking the last unselected item flips to the all-selected
     * mode; unticking the last selected one in that mode empties the selection.
     */
    itemToggled: (state, action: PayloadAction<{ kind: ItemKind; id: string }>) => {
      const { kind, id } = action.payload;
      const ids = idsOf(state.selection, kind);
      const at = ids.indexOf(id);
      if (at >= 0) ids.splice(at, 1);
      else ids.push(id);
      const count = selectedCount(state);
      const total = totalItems(state);
      if (state.selection.mode === 'some' && total > 0 && count === total) state.selection = { mode: 'all', folderIds: [], testIds: [] };
      else if (state.selection.mode === 'all' && count === 0) state.selection = { ...emptySelection };
    },
    allToggled: (state) => {
      const everything = state.selection.mode === 'all' && selectedCount(state) === totalItems(state);
      state.selection = everything ? { ...emptySelection } : { mode: 'all', folderIds: [], testIds: [] };
    },
    selectionCleared: (state) => {
      state.selection = { ...emptySelection };
    },
    libraryDialogOpened: (state, action: PayloadAction<LibraryDialog>) => {
      state.dialog = action.payload;
    },
    libraryDialogClosed: (state) => {
      state.dialog = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // Nothing of one user's library outlives their session.
      .addCase(logout.fulfilled, () => initialLibraryState)
      .addCase(loadLibrary.pending, (state, action) => {
        const query = action.meta.arg;
        const sameFolder =
          state.query?.library === query.library &&
          state.query.folderId === query.folderId &&
          state.query.search === query.search &&
          state.query.tags.join('\n') === query.tags.join('\n');
        if (!sameFolder) {
          // Another folder or query: its lists are new, and nothing stays selected.
          Object.assign(state, { breadcrumbs: [], folders: [], folderCount: 0, tests: [], testCount: 0, recentTests: [] });
        }
        state.selection = { ...emptySelection };
        state.query = query;
        state.status = 'loading';
        state.requestId = action.meta.requestId;
        state.error = null;
      })
      .addCase(loadLibrary.fulfilled, (state, action) => {
        if (state.requestId !== action.meta.requestId) return;
        const children = action.payload;
        state.status = 'loaded';
        state.breadcrumbs = children.parentFolderDetail;
        state.folders = children.folders.folderArray;
        state.folderCount = children.folders.folderCount;
        state.tests = children.tests.testsArray;
        state.testCount = children.tests.testCount;
        state.recentTests = children.recentTests;
      })
      .addCase(loadLibrary.rejected, (state, action) => {
        if (state.requestId !== action.meta.requestId || action.meta.aborted) return;
        // Spec: on error the lists empty and the error is kept (the API client toasts it).
        Object.assign(state, { status: 'failed', error: action.payload ?? 'error', ...noListing() });
      })
      .addCase(loadMore.pending, (state, action) => {
        state.loadingMore = action.meta.arg;
      })
      .addCase(loadMore.fulfilled, (state, action) => {
        state.loadingMore = null;
        const { kind, children } = action.payload;
        if (kind === 'folder') {
          const known = new Set(state.folders.map((f) => f._id));
          state.folders.push(...children.folders.folderArray.filter((f) => !known.has(f._id)));
          state.folderCount = children.folders.folderCount;
        } else {
          const known = new Set(state.tests.map((t) => t._id));
          state.tests.push(...children.tests.testsArray.filter((t) => !known.has(t._id)));
          state.testCount = children.tests.testCount;
        }
      })
      .addCase(loadMore.rejected, (state, action) => {
        state.loadingMore = null;
        state.error = action.payload ?? 'error';
      });
  },
});

export const { itemToggled, allToggled, selectionCleared, libraryDialogOpened, libraryDialogClosed } = librarySlice.actions;
export const libraryReducer = librarySlice.reducer;

/**
 * The body of a library action for the current selection, or for one item a row's menu named.
 * `folderIds` and `testIds` are the selected ids, or in all-selected mode the exclusions.
 */
export function selectionBody(state: LibraryState, target?: { kind: ItemKind; id: string } | null): SelectionBody & { folderIds: string[]; testIds: string[] } {
  const query = state.query ?? { library: 'local', folderId: ROOT_FOLDER_ID, search: '', tags: [] };
  const base = { parentFolderId: query.folderId, isGlobal: query.library === 'global' };
  if (target) {
    return { ...base, selectAll: false, folderIds: target.kind === 'folder' ? [target.id] : [], testIds: target.kind === 'test' ? [target.id] : [] };
  }
  return {
    ...base,
    selectAll: state.selection.mode === 'all',
    searchString: query.search || undefined,
    filters: query.tags.length ? { tags: query.tags } : undefined,
    folderIds: state.selection.folderIds,
    testIds: state.selection.testIds,
  };
}

/** How many folders and tests an action on the selection (or a target) covers. */
export function selectionCounts(state: LibraryState, target?: { kind: ItemKind } | null): { folders: number; tests: number } {
  if (target) return { folders: target.kind === 'folder' ? 1 : 0, tests: target.kind === 'test' ? 1 : 0 };
  const { mode, folderIds, testIds } = state.selection;
  if (mode === 'all') return { folders: state.folderCount - folderIds.length, tests: state.testCount - testIds.length };
  return { folders: folderIds.length, tests: testIds.length };
}
