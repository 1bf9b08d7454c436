import { useEffect } from 'react';
import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { toastTaken } from '../../app/uiSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HELP_BUTTON_CLEARANCE_PX } from '../../app/layout';

export const TOAST_TIMEOUT_MS = 4000;

/**
 * Shows the toasts queued in the store (by the API client or any feature): bottom-right above
 * the help button, off the header and the editor's toolbar (issue 17), 4 s,
 * newest last; a toast already on screen is not shown twice (same id).
 */
export function ToastBridge() {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const queued = useAppSelector((state) => state.ui.toasts);
  const dispatch = useAppDispatch();

  useEffect(() => {
    for (const toast of queued) {
      dispatchToast(
        <Toast data-testid="toast">
          {toast.title && <ToastTitle>{toast.title}</ToastTitle>}
          <ToastBody>{toast.body}</ToastBody>
        </Toast>,
        { toastId: toast.id, intent: toast.intent },
      );
      dispatch(toastTaken(toast.id));
    }
  }, [queued, dispatchToast, dispatch]);

  return <Toaster toasterId={toasterId} position="bottom-end" offset={{ vertical: HELP_BUTTON_CLEARANCE_PX }} timeout={TOAST_TIMEOUT_MS} pauseOnHover />;
}
