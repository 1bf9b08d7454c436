import type { ReactNode } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame';

/**
 * The frame of the editor's dialogs that add a file's questions to a section (Upload word file,
 * Import): what the file gives is shown until it is added, then a success line and "another".
 */
export function SectionFileDialog({
  title,
  dataTestId,
  intro,
  busy,
  added,
  anotherLabel,
  onAnother,
  submit,
  onClose,
  children,
  nested,
}: {
  title: string;
  dataTestId: string;
  /** Shown above the file, before and after it is added. */
  intro: ReactNode;
  busy: boolean;
  /** Once the questions are added: the line that says so. */
  added: { message: string; dataTestId: string } | null;
  anotherLabel: string;
  onAnother: () => void;
  submit: { label: string; disabled: boolean; spinning: boolean; onClick: () => void; dataTestId: string };
  onClose: () => void;
  /** The file chooser and what was read from the file, until it is added. */
  children: ReactNode;
  /** Dialogs opened on top of this one while it works. */
  nested?: ReactNode;
}) {
  const { t } = useTranslation();
  // While the questions are sent the dialog stays: closing it would not stop them.
  const close = () => !busy && onClose();
  return (
    <DialogFrame
      title={title}
      dataTestId={dataTestId}
      onDismiss={close}
      surface={{ 'aria-describedby': undefined }}
      width={760}
      tall
      contentStyle={{ gap: 14 }}
      after={nested}
      actions={
        added ? (
          <>
            <Button onClick={onAnother}>{anotherLabel}</Button>
            <Button appearance="primary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </>
        ) : (
          <>
            <Button disabled={busy} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              appearance="primary"
              disabled={submit.disabled}
              icon={submit.spinning ? <Spinner size="tiny" /> : undefined}
              onClick={submit.onClick}
              data-testid={submit.dataTestId}
            >
              {submit.label}
            </Button>
          </>
        )
      }
    >
      {intro}
      {added ? (
        <MessageBar intent="success" data-testid={added.dataTestId}>
          <MessageBarBody>{added.message}</MessageBarBody>
        </MessageBar>
      ) : (
        children
      )}
    </DialogFrame>
  );
}
