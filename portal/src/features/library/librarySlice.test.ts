import {
  allToggled,
  initialLibraryState,
  isSelected,
  itemToggled,
  libraryReducer,
  loadLibrary,
  selectedCount,
  selectionBody,
  selectionCounts,
  type LibraryQuery,
  type LibraryState,
} from './librarySlice';
import type { FolderChildren } from '@shared/api/libraryTypes';

const query: LibraryQuery = { library: 'local', folderId: 'f1', search: 'alg', tags: ['easy'] };

/** A folder with 2 folders and 3 tests loaded (of 2 and 3). */
function loaded(): LibraryState {
  const folder = (id: string) => ({ _id: id, name: id }) as FolderChildren['folders']['folderArray'][number];
  const test = (id: string) => ({ _id: id, name: id }) as FolderChildren['tests']['testsArray'][number];
  const children: FolderChildren = {
    folders: { folderCount: 2, folderArray: [folder('a'), folder('b')] },
    parentFolderDetail: [{ _id: 'f1', name: 'F1', level: 0 }],
    tests: { testCount: 3, testsArray: [test('x'), test('y'), test('z')] },
    recentTests: [],
  };
  let state = libraryReducer(undefined, loadLibrary.pending('r1', query));
  state = libraryReducer(state, loadLibrary.fulfilled(children, 'r1', query));
  return state;
}

describe('library selection (spec section 4: toggling the last unselected item flips to all-selected)', () => {
  it('ticks items one by one, and the last one flips to all-selected mode with no exclusions', () => {
    let state = loaded();
    for (const [kind, id] of [
      ['folder', 'a'],
      ['folder', 'b'],
      ['test', 'x'],
      ['test', 'y'],
    ] as const) {
      state = libraryReducer(state, itemToggled({ kind, id }));
      expect(state.selection.mode).toBe('some');
    }
    expect(selectedCount(state)).toBe(4);
    state = libraryReducer(state, itemToggled({ kind: 'test', id: 'z' }));
    expect(state.selection).toEqual({ mode: 'all', folderIds: [], testIds: [] });
    expect(selectedCount(state)).toBe(5);
  });

  it('in all-selected mode, unticking excludes the item and the count goes down; unticking all empties the selection', () => {
    let state = libraryReducer(loaded(), allToggled());
    state = libraryReducer(state, itemToggled({ kind: 'test', id: 'y' }));
    expect(state.selection).toEqual({ mode: 'all', folderIds: [], testIds: ['y'] });
    expect(isSelected(state.selection, 'test', 'y')).toBe(false);
    expect(isSelected(state.selection, 'test', 'x')).toBe(true);
    expect(selectedCount(state)).toBe(4);
    expect(selectionCounts(state)).toEqual({ folders: 2, tests: 2 });
    for (const [kind, id] of [
      ['folder', 'a'],
      ['folder', 'b'],
      ['test', 'x'],
      ['test', 'z'],
    ] as const)
      state = libraryReducer(state, itemToggled({ kind, id }));
    expect(state.selection).toEqual({ mode: 'some', folderIds: [], testIds: [] });
  });

  it('select all toggles between everything and nothing', () => {
    let state = libraryReducer(loaded(), itemToggled({ kind: 'folder', id: 'a' }));
    state = libraryReducer(state, allToggled());
    expect(selectedCount(state)).toBe(5);
    state = libraryReducer(state, allToggled());
    expect(selectedCount(state)).toBe(0);
  });

  it('the action body carries selectAll, the search, the tag filter and the exclusions (decisions section 4)', () => {
    let state = libraryReducer(loaded(), allToggled());
    state = libraryReducer(state, itemToggled({ kind: 'test', id: 'z' }));
    expect(selectionBody(state)).toEqual({
      parentFolderId: 'f1',
      isGlobal: false,
      selectAll: true,
      searchString: 'alg',
      filters: { tags: ['easy'] },
      folderIds: [],
      testIds: ['z'],
    });
    // A row's menu acts on its one item, whatever is selected.
    expect(selectionBody(state, { kind: 'folder', id: 'b' })).toEqual({
      parentFolderId: 'f1',
      isGlobal: false,
      selectAll: false,
      folderIds: ['b'],
      testIds: [],
    });
  });

  it('a new load drops the selection; another folder also drops the lists', () => {
    let state = libraryReducer(loaded(), itemToggled({ kind: 'folder', id: 'a' }));
    state = libraryReducer(state, loadLibrary.pending('r2', query));
    expect(selectedCount(state)).toBe(0);
    expect(state.folders).toHaveLength(2);
    state = libraryReducer(state, loadLibrary.pending('r3', { ...query, folderId: 'f2' }));
    expect(state.folders).toHaveLength(0);
  });
});

describe('library list state (spec: lists keep an error field; on error the lists empty)', () => {
  it('empties the lists and keeps the error', () => {
    let state = loaded();
    state = libraryReducer(state, loadLibrary.pending('r2', query));
    state = libraryReducer(state, loadLibrary.rejected(null, 'r2', query, 'Folder not found'));
    expect(state.status).toBe('failed');
    expect(state.error).toBe('Folder not found');
    expect([state.folders, state.tests, state.recentTests]).toEqual([[], [], []]);
    expect([state.folderCount, state.testCount]).toEqual([0, 0]);
  });

  it('drops an older answer that arrives after a newer request', () => {
    let state = libraryReducer(initialLibraryState, loadLibrary.pending('old', query));
    state = libraryReducer(state, loadLibrary.pending('new', { ...query, folderId: 'f2' }));
    const stale: FolderChildren = {
      folders: { folderCount: 1, folderArray: [] },
      parentFolderDetail: [],
      tests: { testCount: 9, testsArray: [] },
      recentTests: [],
    };
    state = libraryReducer(state, loadLibrary.fulfilled(stale, 'old', query));
    expect(state.status).toBe('loading');
    expect(state.testCount).toBe(0);
  });
});
