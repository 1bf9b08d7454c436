import { useCallback } from 'react';
import { libraryDialogClosed, reloadLibrary } from './librarySlice';
import { toastQueued } from '../../app/uiSlice';
import { undoOf } from '../trash/undo';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

/**
 * What the user may do in the library on screen: the Global Library is read-only unless the
 * user is a CLP editor (decisions section 4); sharing needs allowSharing.
 */
export function useLibraryAccess() {
  const user = useAppSelector((state) => state.auth.user);
  const library = useAppSelector((state) => state.library.query?.library ?? 'local');
  const isGlobal = library === 'global';
  const canWrite = !isGlobal || Boolean(user?.isCLPEditor);
  return { library, isGlobal, canWrite, canShare: canWrite && Boolean(user?.allowSharing), canLink: canWrite };
}

/**
 * Runs a library action from a dialog: on success its message toasts, the dialog closes and
 * the folder reloads; on failure the API client has toasted the server's message and the
 * dialog stays open with what the user typed.
 */
export function useLibraryAction() {
  const dispatch = useAppDispatch();
  const isGlobal = useAppSelector((state) => state.library.query?.library === 'global');
  return useCallback(
    async (action: () => Promise<{ message?: string } | unknown>, successMessage?: string): Promise<boolean> => {
      try {
        const result = (await action()) as { message?: string } | undefined;
        const message = successMessage ?? result?.message;
        // A delete's toast offers Undo (issue 17).
        if (message) dispatch(toastQueued({ intent: 'success', body: message, undo: undoOf(result, isGlobal) }));
        dispatch(libraryDialogClosed());
        await dispatch(reloadLibrary());
        return true;
      } catch {
        return false;
      }
    },
    [dispatch, isGlobal],
  );
}
