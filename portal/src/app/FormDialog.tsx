import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame';
import { useDiscardGuard } from './useDiscardGuard';

/**
 * The frame of the library's and the editor's dialogs: a form whose primary button runs the
 * action once at a time; Cancel and Escape close it, after asking "Discard changes?" when the form
 * was changed (useDiscardGuard; `dirty` overrides what it reads from the form).
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
  dataTestId,
  dirty,
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
  dataTestId: string;
  /** Whether the form holds unsaved changes, when the dialog knows (otherwise read from its fields). */
  dirty?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const guard = useDiscardGuard({ dirty });
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
    <DialogFrame
      title={title}
      dataTestId={dataTestId}
      onDismiss={(event) => guard.requestClose(onClose, event)}
      surface={{ ...guard.surfaceProps, 'aria-describedby': undefined }}
      width={wide ? 860 : undefined}
      tall={wide}
      contentStyle={{ minHeight: 0, overflowY: 'auto' }}
      onSubmit={submit}
      after={guard.question}
      actions={
        <>
          <Button appearance="secondary" onClick={() => guard.requestClose(onClose)}>
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
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
