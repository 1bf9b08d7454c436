import '@shared/ui/global.css';
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Body1,
  Button,
  Caption1,
  FluentProvider,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Spinner,
  Subtitle1,
  webLightTheme,
} from '@fluentui/react-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { AuthUser } from '@shared/api/types';
import { LANGUAGE_LABELS, pickLanguage, SUPPORTED_LANGUAGES } from '@shared/i18n/languages';
import { FONT_FAMILIES, loadFontsFor } from '@shared/ui/fonts';
import { ready } from '@shared/i18n/createI18n';
import { api, i18n, session } from './api';
import { SignIn } from './SignIn';
import { loadTarget, saveTarget, type UploadTarget } from './target';
import { TargetCard } from './TargetCard';
import { TestPicker } from './TestPicker';
import { UploadPane } from './UploadPane';
import { whenOfficeReady } from './word/officeHost';

/**
 * The Word task pane: sign in, choose the test and section, check the open document and upload
 * its questions. Everything but reading the document and selecting in it works outside Word too.
 */
function TaskPane({ inWord }: { inWord: boolean }) {
  const { t, i18n: instance } = useTranslation();
  const [user, setUser] = useState<AuthUser | null>(null);
  // With a stored session, the user is read back before showing the sign-in form.
  const [restoring, setRestoring] = useState(Boolean(session.token));

  useEffect(() => {
    session.onEnded(() => setUser(null));
    if (!session.token) return;
    api
      .currentUser()
      .then(setUser, () => session.set(null))
      .finally(() => setRestoring(false));
  }, []);

  const signOut = () => {
    void api.logout().catch(() => undefined);
    session.set(null);
    setUser(null);
  };

  return (
    // Korean breaks between words, not inside them (keep-all).
    <main
      style={{
        padding: '12px 14px 16px',
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        minWidth: 0,
        wordBreak: instance.language === 'ko' ? 'keep-all' : undefined,
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Subtitle1 as="h1">{t('bulkUpload.title')}</Subtitle1>
        <LanguageSwitch />
      </header>
      {restoring ? (
        <Spinner size="small" label={t('common.loading')} />
      ) : user ? (
        <>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
            <Body1 data-testid="addin-signed-in" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{`${user.name} · ${user.organization.name}`}</Body1>
            <Button size="small" appearance="subtle" onClick={signOut}>
              {t('addin.signOut')}
            </Button>
          </div>
          {user.enableViduParser ? (
            <SignedIn user={user} inWord={inWord} />
          ) : (
            <MessageBar intent="warning" layout="multiline" data-testid="addin-not-enabled">
              <MessageBarBody>
                <MessageBarTitle>{t('addin.notEnabledTitle')}</MessageBarTitle>
                {t('addin.notEnabled')}
              </MessageBarBody>
            </MessageBar>
          )}
        </>
      ) : (
        <SignIn onSignedIn={setUser} />
      )}
      <Caption1>{t('bulkUpload.unicodeOnly')}</Caption1>
    </main>
  );
}

function SignedIn({ user, inWord }: { user: AuthUser; inWord: boolean }) {
  const [target, setTarget] = useState<UploadTarget | null>(() => loadTarget(user._id));
  const [picking, setPicking] = useState(target === null);
  const pick = (next: UploadTarget) => {
    saveTarget(user._id, next);
    setTarget(next);
    setPicking(false);
  };
  if (picking || !target) return <TestPicker onPicked={pick} onCancel={target ? () => setPicking(false) : undefined} />;
  return (
    <>
      <TargetCard target={target} onChange={() => setPicking(true)} />
      <UploadPane key={`${target.testId}/${target.sectionId}`} orgId={user.organization.id} target={target} inWord={inWord} />
    </>
  );
}

function LanguageSwitch() {
  const { t, i18n: instance } = useTranslation();
  return (
    <Select
      size="small"
      aria-label={t('common.language')}
      data-testid="addin-language"
      value={pickLanguage(instance.language)}
      onChange={(_, d) => void instance.changeLanguage(d.value)}
      style={{ width: 120 }}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {LANGUAGE_LABELS[lng]}
        </option>
      ))}
    </Select>
  );
}

/** Fluent's light theme in the language's font (the portal's fonts, shipped with the app). */
function Themed({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = pickLanguage(instance.language);
  useEffect(() => {
    void loadFontsFor(language);
    document.documentElement.lang = language;
  }, [language]);
  return <FluentProvider theme={{ ...webLightTheme, fontFamilyBase: FONT_FAMILIES[language] }}>{children}</FluentProvider>;
}

async function mount() {
  // Inside Word, wait for Office; without office.js (plain browser, offline) start at once.
  const [{ inWord }] = await Promise.all([whenOfficeReady(), ready(i18n)]);
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <Themed>
        <TaskPane inWord={inWord} />
      </Themed>
    </I18nextProvider>,
  );
}

void mount();
