import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import { checkNewPassword, PASSWORD_MIN_LENGTH } from '@shared/domain/password';
import { DialogFrame } from '../../app/DialogFrame';
import { dialogClosed, toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.dialog === 'changePassword');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = checkNewPassword(next, confirmation);

  const close = () => {
    dispatch(dialogClosed('changePassword'));
    setCurrent('');
    setNext('');
    setConfirmation('');
    setTouched(false);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!current || problem) return;
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await api.changePassword({ currentPassword: current, newPassword: next });
      dispatch(toastQueued({ intent: 'success', body: message }));
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      open={open}
      title={t('changePassword.title')}
      testId="change-password-dialog"
      onDismiss={close}
      surface={{ 'aria-describedby': undefined }}
      onSubmit={submit}
      actions={
        <>
          <Button appearance="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('changePassword.submit')}
          </Button>
        </>
      }
    >
      {failure && (
        <MessageBar intent="error" data-testid="change-password-error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('changePassword.current')} required validationMessage={touched && !current ? t('errors.required') : undefined}>
        <Input name="currentPassword" type="password" value={current} onChange={(_, d) => setCurrent(d.value)} autoComplete="current-password" />
      </Field>
      <Field
        label={t('changePassword.new')}
        required
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        validationMessage={touched && problem === 'tooShort' ? t('errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) : undefined}
      >
        <Input name="newPassword" type="password" value={next} onChange={(_, d) => setNext(d.value)} autoComplete="new-password" />
      </Field>
      <Field label={t('changePassword.confirm')} required validationMessage={touched && problem === 'mismatch' ? t('errors.passwordsDontMatch') : undefined}>
        <Input name="confirmPassword" type="password" value={confirmation} onChange={(_, d) => setConfirmation(d.value)} autoComplete="new-password" />
      </Field>
    </DialogFrame>
  );
}
