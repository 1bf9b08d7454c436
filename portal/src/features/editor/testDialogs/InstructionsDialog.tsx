import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../richText/RichTextEditor';
import type { TestDialogProps } from './TestMenu';
import { TestChangeDialog } from './TestChangeDialog';

/** The test's instructions, shown to students before they start (rich text with maths). */
export function InstructionsDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const [instructions, setInstructions] = useState(test.instructions);
  return (
    <TestChangeDialog name="instructions" wide onClose={onClose} change={() => ({ instructions })}>
      <RichTextEditor label={t('testDialogs.instructions.title')} value={instructions} onChange={setInstructions} dataTestId="test-instructions" />
    </TestChangeDialog>
  );
}
