import { useSearchParams } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/apiContext';
import { AppLink } from '../../app/AppLink';
import { AuthLayout, useAuthFormStyles } from './AuthLayout';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';
import { AuthResult, useAuthRequest } from './useAuthRequest';

/** Reached from the e-mailed link: /resetPassword?email=...&resetToken=... */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const api = useApi();
  const formClass = useAuthFormStyles();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const resetToken = params.get('resetToken') ?? '';
  const newPassword = useNewPassword();
  const { touched, busy, result, submit } = useAuthRequest(
    () => !newPassword.problem,
    () => api.resetPassword({ email, newPassword: newPassword.password, resetToken }),
  );

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
        <AuthResult result={result} dataTestId="reset-result" />
        <NewPasswordFields
          labels={{ password: t('auth.newPassword'), confirmation: t('auth.confirmPassword') }}
          value={newPassword}
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
