import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../app/FormDialog';
import { useEditorWrite } from './useEditorWrite';

/**
 * The editor's "Delete …?" question (a question, a section, the ticked questions), its text the
 * children: Delete makes the write with its toast and closes the dialog once it is done; a
 * refused write leaves it open.
 */
export function ConfirmDeleteDialog({
  remove,
  removed,
  onClose,
  ...frame
}: Pick<ComponentProps<typeof FormDialog>, 'dataTestId' | 'title' | 'onClose' | 'children'> & {
  remove: () => Promise<unknown>;
  /** The success toast. */
  removed: string;
}) {
  const { t } = useTranslation();
  const run = useEditorWrite();
  const submit = async () => {
    if (await run(remove, removed)) onClose();
  };
  return <FormDialog {...frame} submitLabel={t('editor.delete')} destructive onClose={onClose} onSubmit={submit} />;
}
