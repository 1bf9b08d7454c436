import { useState } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@shared/api/types';
import { api, session } from './api';
import { ErrorBar } from './ErrorBar';
import { useAction } from './useAction';

/** Sign-in with the portal's credentials (organisation code, e-mail, password). */
export function SignIn({ onSignedIn }: { onSignedIn: (user: AuthUser) => void }) {
  const { t } = useTranslation();
  const [orgCode, setOrgCode] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, failure, submit } = useAction();
  const signIn = submit(async () => {
    const result = await api.login({ orgCode: orgCode.trim(), email: email.trim(), password });
    session.set(result.token);
    onSignedIn(result.user);
  });

  return (
    <form onSubmit={signIn} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ErrorBar message={failure} />
      <Field label={t('auth.orgCode')} required>
        <Input value={orgCode} onChange={(_, d) => setOrgCode(d.value)} />
      </Field>
      <Field label={t('auth.email')} required>
        <Input type="email" value={email} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <Field label={t('auth.password')} required>
        <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} />
      </Field>
      <Button appearance="primary" type="submit" disabled={busy}>
        {t(busy ? 'auth.signingIn' : 'auth.signIn')}
      </Button>
    </form>
  );
}
