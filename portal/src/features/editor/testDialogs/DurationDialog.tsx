import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DurationFields, durationFields, durationMs } from '../DurationFields';
import type { TestDialogProps } from './TestMenu';
import { TestChangeDialog } from './TestChangeDialog';

/** The test's duration in hours and minutes (stored in milliseconds). */
export function DurationDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const [duration, setDuration] = useState(() => durationFields(test.duration));
  const zero = durationMs(duration) === 0;
  return (
    <TestChangeDialog name="duration" disabled={zero} onClose={onClose} change={() => ({ duration: durationMs(duration) })}>
      <DurationFields value={duration} onChange={setDuration} validationMessage={zero ? t('testDialogs.duration.zero') : undefined} />
    </TestChangeDialog>
  );
}
