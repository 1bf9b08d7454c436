import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { libraryDialogClosed } from '../../../../../shared/state/librarySlice';
import { useAppDispatch } from '../../../app/hooks';

/**
 * The frame of every library dialog: a form whose primary button runs the action once at a
 * time; Cancel and Escape close it.
 */
export function ActionDialog({
  title,
  submitLabel,
  onSubmit,
  disabled,
  destructive,
  children,
  testId,
}: {
  title: string;
  submitLabel: string;
  /** Resolves when the action finished (the dialog closes itself on success). */
  onSubmit: () => Promise<unknown>;
  disabled?: boolean;
  destructive?: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const close = () => dispatch(libraryDialogClosed());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || disabled) return;
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface aria-describedby={undefined} data-testid={testId}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12, minHeight: 0 }}>{children}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabled={busy || disabled}
                icon={busy ? <Spinner size="tiny" /> : undefined}
                style={destructive ? { backgroundColor: 'var(--colorPaletteRedBackground3)' } : undefined}
              >
                {submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
