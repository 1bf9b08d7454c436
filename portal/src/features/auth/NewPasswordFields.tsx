import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { checkNewPassword, PASSWORD_MIN_LENGTH } from '@shared/domain/password';

/**
 * The new password and its confirmation, checked by the shared rule (length, match) once the
 * form was submitted: the same pair on the reset page and in the change-password dialog.
 */
export function NewPasswordFields(props: {
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  touched: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const problem = checkNewPassword(props.password, props.confirmation);
  return (
    <>
      <Field
        label={props.labels.password}
        required
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        validationMessage={props.touched && problem === 'tooShort' ? t('errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) : undefined}
      >
        <Input
          name="newPassword"
          type="password"
          value={props.password}
          onChange={(_, d) => props.onPassword(d.value)}
          autoComplete="new-password"
          autoFocus={props.autoFocus}
        />
      </Field>
      <Field
        label={props.labels.confirmation}
        required
        validationMessage={props.touched && problem === 'mismatch' ? t('errors.passwordsDontMatch') : undefined}
      >
        <Input
          name="confirmPassword"
          type="password"
          value={props.confirmation}
          onChange={(_, d) => props.onConfirmation(d.value)}
          autoComplete="new-password"
        />
      </Field>
    </>
  );
}
