import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@portal/app/FormDialog';
import type { TestChange } from '../editorState';
import { useTestUpdate } from './useTestUpdate';

/**
 * The success toast of each dialog (testDialogs.<toast>.saved): the duration and the attempts are
 * test details, the fonts a setting.
 */
const TOAST = {
  details: 'details',
  instructions: 'instructions',
  duration: 'details',
  attempts: 'details',
  grades: 'grades',
  fonts: 'settings',
  settings: 'settings',
} as const;

/**
 * A dialog of the test menu that saves one change of the test: Save writes it with its success
 * toast and closes the dialog once it is saved; a refused write leaves the dialog open. The
 * dialog's name gives its test id (<name>-dialog), its title and its toast.
 */
export function TestChangeDialog({
  name,
  change,
  afterSave,
  disabled,
  wide,
  onClose,
  children,
}: {
  name: keyof typeof TOAST;
  /** The change to save, or null when the form is not ready to be saved. */
  change: () => TestChange | null;
  /** A further write once the change is saved; the dialog stays open when it fails. */
  afterSave?: () => Promise<boolean>;
  disabled?: boolean;
  wide?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const save = useTestUpdate();
  return (
    <FormDialog
      dataTestId={`${name}-dialog`}
      title={t(`testDialogs.${name}.title`)}
      submitLabel={t('common.save')}
      disabled={disabled}
      wide={wide}
      onClose={onClose}
      onSubmit={async () => {
        const next = change();
        if (next && (await save(next, t(`testDialogs.${TOAST[name]}.saved`))) && (!afterSave || (await afterSave()))) onClose();
      }}
    >
      {children}
    </FormDialog>
  );
}
