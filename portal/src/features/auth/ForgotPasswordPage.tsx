import { useState } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/apiContext';
import { AppLink } from '../../app/AppLink';
import { AuthLayout, useAuthFormStyles } from './AuthLayout';
import { AuthResult, useAuthRequest } from './useAuthRequest';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const api = useApi();
  const formClass = useAuthFormStyles();
  const [orgCode, setOrgCode] = useState('');
  const [email, setEmail] = useState('');
  const { touched, busy, result, submit } = useAuthRequest(
    () => Boolean(orgCode.trim() && email.trim()),
    () => api.forgotPassword({ orgCode: orgCode.trim(), email: email.trim() }),
  );
  const required = (value: string) => (touched && !value.trim() ? t('errors.required') : undefined);

  return (
    <AuthLayout title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')}>
      <form className={formClass} onSubmit={submit} noValidate>
        <AuthResult result={result} dataTestId="forgot-result" />
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
