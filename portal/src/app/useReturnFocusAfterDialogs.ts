import { useEffect, useRef } from 'react';
import { useAppSelector } from './hooks';

const IN_A_DIALOG = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * The app's dialogs opened from the store (help, What's new, bulk upload, the library's dialogs)
 * have no Fluent trigger to give the focus back to. When the last one closes, the focus goes back
 * to the last thing focused outside a dialog (the button that opened it), unless something else
 * has taken it meanwhile (issue 17: keyboard and screen-reader users are not left at the top of
 * the page).
 */
export function useReturnFocusAfterDialogs(): void {
  const open = useAppSelector((state) => state.ui.dialog !== null || state.library.dialog !== null);
  const lastOutside = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest(IN_A_DIALOG)) lastOutside.current = event.target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return undefined;
    }
    if (!wasOpen.current) return undefined;
    wasOpen.current = false;
    const target = lastOutside.current;
    // The dialog fades out first (Fluent's exit motion) with the focus still in it: wait until it
    // has gone (up to a second), then give the focus back if nothing else has taken it.
    const started = Date.now();
    const poll = setInterval(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body;
      if (lost && target?.isConnected) target.focus();
      if (lost || !active?.closest(IN_A_DIALOG) || Date.now() - started > 1_000) clearInterval(poll);
    }, 50);
    return () => clearInterval(poll);
  }, [open]);
}
