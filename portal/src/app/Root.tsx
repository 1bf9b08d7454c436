import { useEffect, useMemo, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { FluentProvider, webLightTheme, type Theme } from '@fluentui/react-components';
import { pickLanguage, type Language } from '@shared/i18n/languages';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { FONT_FAMILIES, loadFontsFor } from '@shared/ui/fonts';
import type { PortalServices } from './services';
import { ApiContext } from './apiContext';
import { App } from './App';

/** Providers around the app: store, API, translations and the Fluent theme of the language. */
export function Root({ i18n, services }: { i18n: I18n; services: PortalServices }) {
  const [language, setLanguage] = useState<Language>(pickLanguage(i18n.language));
  useEffect(() => {
    const onChange = (lng: string) => {
      const next = pickLanguage(lng);
      setLanguage(next);
      localStorage.setItem(STORAGE_KEYS.language, next);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  useEffect(() => {
    document.documentElement.lang = language;
    void loadFontsFor(language);
  }, [language]);
  const theme: Theme = useMemo(() => ({ ...webLightTheme, fontFamilyBase: FONT_FAMILIES[language] }), [language]);

  return (
    <Provider store={services.store}>
      <ApiContext.Provider value={services.api}>
        <I18nextProvider i18n={i18n}>
          <FluentProvider theme={theme} style={{ minHeight: '100vh' }}>
            <App />
          </FluentProvider>
        </I18nextProvider>
      </ApiContext.Provider>
    </Provider>
  );
}
