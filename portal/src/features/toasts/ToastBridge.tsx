import { useEffect } from 'react';
import { Link, Toast, ToastBody, Toaster, ToastTitle, ToastTrigger, useId, useToastController } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { toastTaken } from '../../app/uiSlice';
import { restoreFromTrash } from '../trash/undo';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HELP_BUTTON_CLEARANCE_PX } from '../../app/layout';

export const TOAST_TIMEOUT_MS = 4000;
/** A toast offering Undo stays longer: time to read it and reach the link. */
export const UNDO_TOAST_TIMEOUT_MS = 10_000;

/**
 * Shows the toasts queued in the store (by the API client or any feature): bottom-right above
 * the help button, off the header and the editor's toolbar (issue 17), 4 s,
 * newest last; a toast already on screen is not shown twice (same id). A delete's toast offers
 * Undo (issue 17): it restores what the delete put in the Trash; such a toast stays 10 s.
 */
export function ToastBridge() {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const queued = useAppSelector((state) => state.ui.toasts);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();

  useEffect(() => {
    for (const toast of queued) {
      const undo = toast.undo;
      const action = undo && (
        <ToastTrigger>
          <Link data-testid="toast-undo" onClick={() => void dispatch(restoreFromTrash(undo))}>
            {t('trash.undo')}
          </Link>
        </ToastTrigger>
      );
      dispatchToast(
        // Not a Tab stop, and never a trap (issue 17): a Fluent toast with nothing focusable inside
        // keeps Tab on itself. Tab goes on as anywhere else; screen readers hear every toast anyway
        // (the toaster announces it). A toast with Undo keeps its link reachable.
        <Toast
          data-testid="toast"
          tabIndex={-1}
          onKeyDownCapture={(event) => {
            if (event.key === 'Tab' && event.target === event.currentTarget) event.stopPropagation();
          }}
        >
          {(toast.title || action) && <ToastTitle action={action}>{toast.title ?? toast.body}</ToastTitle>}
          {(!action || toast.title) && <ToastBody>{toast.body}</ToastBody>}
        </Toast>,
        { toastId: toast.id, intent: toast.intent, ...(undo ? { timeout: UNDO_TOAST_TIMEOUT_MS } : {}) },
      );
      dispatch(toastTaken(toast.id));
    }
  }, [queued, dispatchToast, dispatch, t]);

  return <Toaster toasterId={toasterId} position="bottom-end" offset={{ vertical: HELP_BUTTON_CLEARANCE_PX }} timeout={TOAST_TIMEOUT_MS} pauseOnHover />;
}
