import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import { checkNewPassword } from '@shared/domain/password';
import { useApi } from '../../app/apiContext';
import { AppLink } from '../../app/AppLink';
import { AuthLayout, useAuthFormStyles } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';

/** Reached from the e-mailed link: /resetPassword?email=...&resetToken=... */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const api = useApi();
  const formClass = useAuthFormStyles();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const resetToken = params.get('resetToken') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);
  const problem = checkNewPassword(password, confirmation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      const { message } = await api.resetPassword({ email, newPassword: password, resetToken });
      setResult({ intent: 'success', text: message });
    } catch (error) {
      setResult({ intent: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  if (!email || !resetToken) {
    return (
      <AuthLayout title={t('auth.resetTitle')}>
        <MessageBar intent="warning">
          <MessageBarBody>{t('auth.resetMissingToken')}</MessageBarBody>
        </MessageBar>
        <AppLink to="/forgotPassword">{t('auth.forgotPassword')}</AppLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.resetTitle')} intro={t('auth.resetIntro', { email })}>
      <form className={formClass} onSubmit={submit} noValidate>
        {result && (
          <MessageBar intent={result.intent} data-testid="reset-result">
            <MessageBarBody>{result.text}</MessageBarBody>
          </MessageBar>
        )}
        <NewPasswordFields
          labels={{ password: t('auth.newPassword'), confirmation: t('auth.confirmPassword') }}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          touched={touched}
          autoFocus
        />
        <Button appearance="primary" type="submit" disabled={busy || result?.intent === 'success'}>
          {t('auth.resetSubmit')}
        </Button>
        <AppLink to="/auth">{t('auth.backToSignIn')}</AppLink>
      </form>
    </AuthLayout>
  );
}
