import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import { useApi } from '../../app/apiContext';
import { AppLink } from '../../app/AppLink';
import { AuthLayout, useAuthFormStyles } from './AuthLayout';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const api = useApi();
  const formClass = useAuthFormStyles();
  const [orgCode, setOrgCode] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!orgCode.trim() || !email.trim()) return;
    setBusy(true);
    try {
      const { message } = await api.forgotPassword({ orgCode: orgCode.trim(), email: email.trim() });
      setResult({ intent: 'success', text: message });
    } catch (error) {
      setResult({ intent: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const required = (value: string) => (touched && !value.trim() ? t('errors.required') : undefined);

  return (
    <AuthLayout title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')}>
      <form className={formClass} onSubmit={submit} noValidate>
        {result && (
          <MessageBar intent={result.intent} data-testid="forgot-result">
            <MessageBarBody>{result.text}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('auth.orgCode')} required validationMessage={required(orgCode)}>
          <Input name="orgCode" value={orgCode} onChange={(_, d) => setOrgCode(d.value)} autoFocus />
        </Field>
        <Field label={t('auth.email')} required validationMessage={required(email)}>
          <Input name="email" type="email" value={email} onChange={(_, d) => setEmail(d.value)} />
        </Field>
        <Button appearance="primary" type="submit" disabled={busy}>
          {t('auth.sendResetLink')}
        </Button>
        <AppLink to="/auth">{t('auth.backToSignIn')}</AppLink>
      </form>
    </AuthLayout>
  );
}
