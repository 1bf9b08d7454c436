import { useState } from 'react';
import { Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LIMITS, UNLIMITED_ATTEMPTS } from '@shared/domain/test';
import type { TestDialogProps } from './TestMenu';
import { TestChangeDialog } from './TestChangeDialog';

/** How many times a student may take the test: unlimited (-1) or 1 to the limit. */
export function AttemptsDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const [unlimited, setUnlimited] = useState(test.attempts === UNLIMITED_ATTEMPTS);
  const [count, setCount] = useState(test.attempts === UNLIMITED_ATTEMPTS ? '1' : String(test.attempts));
  const n = Number(count);
  const invalid = !unlimited && !(Number.isInteger(n) && n >= 1 && n <= LIMITS.maxAttempts);
  return (
    <TestChangeDialog name="attempts" disabled={invalid} onClose={onClose} change={() => ({ attempts: unlimited ? UNLIMITED_ATTEMPTS : n })}>
      <RadioGroup value={unlimited ? 'unlimited' : 'limited'} onChange={(_, d) => setUnlimited(d.value === 'unlimited')}>
        <Radio value="unlimited" label={t('testDialogs.attempts.unlimited')} />
        <Radio value="limited" label={t('testDialogs.attempts.limited')} />
      </RadioGroup>
      {!unlimited && (
        <Field label={t('testDialogs.attempts.count')} validationMessage={invalid ? t('testDialogs.attempts.range', { max: LIMITS.maxAttempts }) : undefined}>
          <Input inputMode="numeric" value={count} onChange={(_, d) => setCount(d.value.replace(/\D/g, '').slice(0, 4))} data-testid="attempts-count" />
        </Field>
      )}
    </TestChangeDialog>
  );
}
