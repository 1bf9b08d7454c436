import i18next, { type BackendModule, type i18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { FALLBACK_LANGUAGE, type Language } from './languages';
import { contentLanguageName } from '../domain/test/translations';

/**
 * English is in the first download (it is the fallback); Vietnamese and Korean each come as
 * their own chunk when chosen: the three together were a sixth of /auth's 250 KB budget.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceLanguage }>> = {
  vi: () => import(/* webpackChunkName: "locale-vi" */ './locales/vi.json') as Promise<{ default: ResourceLanguage }>,
  ko: () => import(/* webpackChunkName: "locale-ko" */ './locales/ko.json') as Promise<{ default: ResourceLanguage }>,
};

/** i18next's backend: a language's translations loaded the first time it is asked for. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LOADERS[language as keyof typeof LOADERS];
    if (!load) return callback(null, language === 'en' ? en : {});
    load().then(
      (module) => callback(null, module.default ?? module),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * One i18next instance per app (portal, add-in, a test), EN as the fallback. Other languages
 * load on first use: `i18n.changeLanguage` waits for them, and an app starting in one waits
 * for `ready(i18n)` before its first render. `preloaded` (tests) skips the loading.
 */
export function createI18n(language: Language, preloaded: Partial<Record<Language, ResourceLanguage>> = {}): i18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries({ en, ...preloaded }).map(([lng, translation]) => [lng, { translation }]));
  void instance
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  // `{{language, contentLanguage}}`: a test's content language ('Vietnamese') named, inside a sentence, in the UI's language.
  instance.services.formatter?.add('contentLanguage', (value: string, lng?: string) => contentLanguageName(value, lng ?? language, true));
  return instance;
}

/** Resolves when the instance's language is loaded (at once for English or a preloaded one). */
export function ready(instance: i18n): Promise<void> {
  return new Promise((resolve) => {
    void instance.loadLanguages(instance.language, () => resolve());
  });
}
