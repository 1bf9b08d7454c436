import { useCallback } from 'react';
import { toastQueued } from '../../app/uiSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { undoOf } from '../trash/undo';
import { selectEditor } from './editorState';

/**
 * Runs an editor write: on success its toast (spec section 8, from the i18n files) shows and
 * true comes back; on failure the API client has toasted the server's message (a 409
 * TEST_CHANGED also offers Reload) and the dialog stays open with what the user typed. A delete
 * of questions puts them in the Trash: its toast offers Undo (issue 17).
 */
export function useEditorWrite() {
  const dispatch = useAppDispatch();
  const isGlobal = useAppSelector((s) => Boolean(selectEditor(s).test?.isGlobal));
  return useCallback(
    async (action: () => Promise<unknown>, successMessage?: string): Promise<boolean> => {
      try {
        const result = await action();
        if (successMessage) dispatch(toastQueued({ intent: 'success', body: successMessage, undo: undoOf(result, isGlobal) }));
        return true;
      } catch {
        return false;
      }
    },
    [dispatch, isGlobal],
  );
}
