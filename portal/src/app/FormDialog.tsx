import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * The frame of the library's and the editor's dialogs: a form whose primary button runs the
 * action once at a time; Cancel and Escape close it.
 */
export function FormDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  disabled,
  destructive,
  wide,
  children,
  testId,
}: {
  title: string;
  submitLabel: string;
  /** Resolves when the action finished. */
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  disabled?: boolean;
  destructive?: boolean;
  wide?: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
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
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid={testId} style={wide ? { maxWidth: 860, width: '95vw' } : undefined}>
        <form onSubmit={submit} noValidate>
          <DialogBody style={wide ? { maxHeight: '85vh' } : undefined}>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12, minHeight: 0, overflowY: 'auto' }}>{children}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
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
