import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@portal/app/FormDialog';
import { RichTextEditor } from '../richText/RichTextEditor';
import type { TestDialogProps } from './TestMenu';
import { useTestUpdate } from './useTestUpdate';

/** The test's instructions, shown to students before they start (rich text with maths). */
export function InstructionsDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const save = useTestUpdate();
  const [instructions, setInstructions] = useState(test.instructions);
  return (
    <FormDialog
      testId="instructions-dialog"
      title={t('testDialogs.instructions.title')}
      submitLabel={t('common.save')}
      wide
      onClose={onClose}
      onSubmit={async () => {
        if (await save({ instructions }, t('testDialogs.instructions.saved'))) onClose();
      }}
    >
      <RichTextEditor label={t('testDialogs.instructions.title')} value={instructions} onChange={setInstructions} testId="test-instructions" />
    </FormDialog>
  );
}
