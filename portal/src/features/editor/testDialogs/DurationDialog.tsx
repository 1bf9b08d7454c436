import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@portal/app/FormDialog';
import { DurationFields, durationFields, durationMs } from '../DurationFields';
import type { TestDialogProps } from './TestMenu';
import { useTestUpdate } from './useTestUpdate';

/** The test's duration in hours and minutes (stored in milliseconds). */
export function DurationDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const save = useTestUpdate();
  const [duration, setDuration] = useState(() => durationFields(test.duration));
  const zero = durationMs(duration) === 0;
  return (
    <FormDialog
      testId="duration-dialog"
      title={t('testDialogs.duration.title')}
      submitLabel={t('common.save')}
      disabled={zero}
      onClose={onClose}
      onSubmit={async () => {
        if (await save({ duration: durationMs(duration) }, t('testDialogs.details.saved'))) onClose();
      }}
    >
      <DurationFields value={duration} onChange={setDuration} validationMessage={zero ? t('testDialogs.duration.zero') : undefined} />
    </FormDialog>
  );
}
