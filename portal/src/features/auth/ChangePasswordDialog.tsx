import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import { DialogFrame } from '../../app/DialogFrame';
import { dialogClosed, toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.dialog === 'changePassword');
  const [current, setCurrent] = useState('');
  const next = useNewPassword();
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    dispatch(dialogClosed('changePassword'));
    setCurrent('');
    next.reset();
    setTouched(false);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!current || next.problem) return;
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await api.changePassword({ currentPassword: current, newPassword: next.password });
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
      dataTestId="change-password-dialog"
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
      <NewPasswordFields labels={{ password: t('changePassword.new'), confirmation: t('changePassword.confirm') }} value={next} touched={touched} />
    </DialogFrame>
  );
}
