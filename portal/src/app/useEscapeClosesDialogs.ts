import { useEffect } from 'react';
import { dialogClosed } from './uiSlice';
import { libraryDialogClosed } from '../features/library/librarySlice';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * Every modal closes on Escape, even when focus has left it (a dialog whose focused button
 * went away on a step change, or one opened while focus was elsewhere). Fluent closes a
 * dialog on Escape only from inside it; this catches the rest.
 */
export function useEscapeClosesDialogs(): void {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.dialog !== null || state.library.dialog !== null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      dispatch(dialogClosed());
      dispatch(libraryDialogClosed());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dispatch]);
}
