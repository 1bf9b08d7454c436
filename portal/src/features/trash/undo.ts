import { createAsyncThunk } from '@reduxjs/toolkit';
import type { TrashRestoredItem } from '@shared/contract/trash';
import type { ThunkExtra } from '../auth/authSlice';
import { reloadLibrary, type LibraryState } from '../library/librarySlice';
import { toastQueued, trashRestored, type Toast } from '../../app/uiSlice';

export type Undo = NonNullable<Toast['undo']>;

/** The toast of a restore: the server's message, and what came back elsewhere than where it was. */
export function restoredMessage(result: { message: string; restored: TrashRestoredItem[] }): string {
  const notes = [...new Set(result.restored.map((r) => r.note).filter((note): note is string => Boolean(note)))];
  return [result.message, ...notes].join(' ');
}

/**
 * Restores what a delete put in the Trash (the Undo of its toast, issue 17): toasts the result,
 * reloads the library on screen, and tells an open test editor that its test came back changed.
 * A failure has been toasted by the API client.
 */
export const restoreFromTrash = createAsyncThunk<TrashRestoredItem[], Undo, { extra: ThunkExtra; state: { library: LibraryState } }>(
  'trash/restore',
  async (undo, { extra, dispatch, rejectWithValue }) => {
    try {
      const result = await extra.api.restoreTrash({ ids: undo.trashIds, isGlobal: undo.isGlobal });
      dispatch(toastQueued({ intent: 'success', body: restoredMessage(result) }));
      dispatch(trashRestored([...new Set(result.restored.flatMap((r) => (r.testId ? [r.testId] : [])))]));
      await dispatch(reloadLibrary());
      return result.restored;
    } catch {
      return rejectWithValue(undefined);
    }
  },
);

/** The Undo a delete's answer offers, when it put something in the Trash. */
export function undoOf(result: unknown, isGlobal: boolean): Undo | undefined {
  const ids = (result as { trashIds?: string[] } | undefined)?.trashIds;
  return ids?.length ? { trashIds: ids, isGlobal } : undefined;
}
