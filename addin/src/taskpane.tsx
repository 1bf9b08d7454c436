import '../../portal/src/app/global.css';
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Body1, Button, Field, FluentProvider, Input, MessageBar, MessageBarBody, Title3, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createApiClient, errorMessage } from '../../shared/api/client';
import { createEndpoints } from '../../shared/api/endpoints';
import type { AuthUser } from '../../shared/api/types';
import { createI18n } from '../../shared/i18n/createI18n';
import { pickLanguage } from '../../shared/i18n/languages';
import { STORAGE_KEYS } from '../../shared/state/storageKeys';

/**
 * The Word task pane's shell: a teacher signs in to Testforge with the same API client as the
 * portal. Reading the open document and uploading its questions come with the Word issue.
 */
const i18n = createI18n(pickLanguage(localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language));
let token: string | null = localStorage.getItem(STORAGE_KEYS.token);
const api = createEndpoints(
  createApiClient({
    baseURL: '/api',
    getToken: () => token,
    getLanguage: () => i18n.language,
    onSessionTimedOut: () => {
      token = null;
      localStorage.removeItem(STORAGE_KEYS.token);
    },
    onSubscriptionExpired: () => undefined,
    onError: () => undefined,
  }),
);

function TaskPane() {
  const { t } = useTranslation();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [orgCode, setOrgCode] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const result = await api.login({ orgCode: orgCode.trim(), email: email.trim(), password });
      token = result.token;
      localStorage.setItem(STORAGE_KEYS.token, result.token);
      setUser(result.user);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <main style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Title3 as="h1">{t('bulkUpload.title')}</Title3>
      {user ? (
        <Body1 data-testid="addin-signed-in">{`${user.name} · ${user.organization.name}`}</Body1>
      ) : (
        <form onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          {failure && (
            <MessageBar intent="error">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('auth.orgCode')} required>
            <Input value={orgCode} onChange={(_, d) => setOrgCode(d.value)} />
          </Field>
          <Field label={t('auth.email')} required>
            <Input type="email" value={email} onChange={(_, d) => setEmail(d.value)} />
          </Field>
          <Field label={t('auth.password')} required>
            <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <Button appearance="primary" type="submit">
            {t('auth.signIn')}
          </Button>
        </form>
      )}
      <Body1>{t('bulkUpload.unicodeOnly')}</Body1>
    </main>
  );
}

function mount() {
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={{ ...webLightTheme, fontFamilyBase: "'Noto Sans', 'Segoe UI', system-ui, sans-serif" }}>
        <TaskPane />
      </FluentProvider>
    </I18nextProvider>,
  );
}

// Inside Word, wait for Office; in a plain browser (or without the CDN) start at once.
if (typeof Office !== 'undefined' && typeof Office.onReady === 'function') void Office.onReady(mount);
else mount();
