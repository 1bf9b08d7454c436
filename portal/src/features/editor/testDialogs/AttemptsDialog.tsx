import { useState } from 'react';
import { Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LIMITS, UNLIMITED_ATTEMPTS } from '@shared/domain/test';
import { FormDialog } from '@portal/app/FormDialog';
import type { TestDialogProps } from './TestMenu';
import { useTestUpdate } from './useTestUpdate';

/** How many times a student may take the test: unlimited (-1) or 1 to the limit. */
export function AttemptsDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const save = useTestUpdate();
  const [unlimited, setUnlimited] = useState(test.attempts === UNLIMITED_ATTEMPTS);
  const [count, setCount] = useState(test.attempts === UNLIMITED_ATTEMPTS ? '1' : String(test.attempts));
  const n = Number(count);
  const invalid = !unlimited && !(Number.isInteger(n) && n >= 1 && n <= LIMITS.maxAttempts);
  return (
    <FormDialog
      testId="attempts-dialog"
      title={t('testDialogs.attempts.title')}
      submitLabel={t('common.save')}
      disabled={invalid}
      onClose={onClose}
      onSubmit={async () => {
        if (await save({ attempts: unlimited ? UNLIMITED_ATTEMPTS : n }, t('testDialogs.details.saved'))) onClose();
      }}
    >
      <RadioGroup value={unlimited ? 'unlimited' : 'limited'} onChange={(_, d) => setUnlimited(d.value === 'unlimited')}>
        <Radio value="unlimited" label={t('testDialogs.attempts.unlimited')} />
        <Radio value="limited" label={t('testDialogs.attempts.limited')} />
      </RadioGroup>
      {!unlimited && (
        <Field label={t('testDialogs.attempts.count')} validationMessage={invalid ? t('testDialogs.attempts.range', { max: LIMITS.maxAttempts }) : undefined}>
          <Input inputMode="numeric" value={count} onChange={(_, d) => setCount(d.value.replace(/\D/g, '').slice(0, 4))} data-testid="attempts-count" />
        </Field>
      )}
    </FormDialog>
  );
}
