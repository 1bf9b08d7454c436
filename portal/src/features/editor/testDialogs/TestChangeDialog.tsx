import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@portal/app/FormDialog';
import type { TestChange } from '../editorState';
import { useTestUpdate } from './useTestUpdate';

/**
 * A dialog of the test menu that saves one change of the test: Save writes it with its success
 * toast and closes the dialog once it is saved; a refused write leaves the dialog open.
 */
export function TestChangeDialog({
  testId,
  title,
  saved,
  change,
  disabled,
  wide,
  onClose,
  children,
}: {
  testId: string;
  title: string;
  /** The success toast. */
  saved: string;
  /** The change to save, or null when the form is not ready to be saved. */
  change: () => TestChange | null;
  disabled?: boolean;
  wide?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const save = useTestUpdate();
  return (
    <FormDialog
      testId={testId}
      title={title}
      submitLabel={t('common.save')}
      disabled={disabled}
      wide={wide}
      onClose={onClose}
      onSubmit={async () => {
        const next = change();
        if (next && (await save(next, saved))) onClose();
      }}
    >
      {children}
    </FormDialog>
  );
}
