import { useCallback } from 'react';
import { toastQueued } from '../../app/uiSlice';
import { useAppDispatch } from '../../app/hooks';

/**
 * Runs an editor write: on success its toast (spec section 8, from the i18n files) shows and
 * true comes back; on failure the API client has toasted the server's message (a 409
 * TEST_CHANGED also offers Reload) and the dialog stays open with what the user typed.
 */
export function useEditorWrite() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (action: () => Promise<unknown>, successMessage?: string): Promise<boolean> => {
      try {
        await action();
        if (successMessage) dispatch(toastQueued({ intent: 'success', body: successMessage }));
        return true;
      } catch {
        return false;
      }
    },
    [dispatch],
  );
}
