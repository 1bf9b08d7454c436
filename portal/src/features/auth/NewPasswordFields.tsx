import { useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { checkNewPassword, PASSWORD_MIN_LENGTH } from '@shared/domain/password';

/** What was typed in the pair, what the shared rule (length, match) says of it, and a reset for a form closed. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    setPassword,
    setConfirmation,
    problem: checkNewPassword(password, confirmation),
    reset: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}

/**
 * The new password and its confirmation, checked once the form was submitted: the same pair on
 * the reset page and in the change-password dialog.
 */
export function NewPasswordFields({
  labels,
  value,
  touched,
  autoFocus,
}: {
  labels: { password: string; confirmation: string };
  value: ReturnType<typeof useNewPassword>;
  touched: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const shown = touched ? value.problem : null;
  return (
    <>
      <Field
        label={labels.password}
        required
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        validationMessage={shown === 'tooShort' ? t('errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) : undefined}
      >
        <NewPasswordInput name="newPassword" value={value.password} onChange={value.setPassword} autoFocus={autoFocus} />
      </Field>
      <Field label={labels.confirmation} required validationMessage={shown === 'mismatch' ? t('errors.passwordsDontMatch') : undefined}>
        <NewPasswordInput name="confirmPassword" value={value.confirmation} onChange={value.setConfirmation} />
      </Field>
    </>
  );
}

/** Hidden as it is typed; password managers offer to generate and save it. */
function NewPasswordInput({ name, value, onChange, autoFocus }: { name: string; value: string; onChange: (value: string) => void; autoFocus?: boolean }) {
  return <Input name={name} type="password" value={value} onChange={(_, d) => onChange(d.value)} autoComplete="new-password" autoFocus={autoFocus} />;
}
