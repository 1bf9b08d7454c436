import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import vi from './locales/vi.json';
import ko from './locales/ko.json';
import { FALLBACK_LANGUAGE, type Language } from './languages';
import { contentLanguageName } from '../domain/test/translations';

export const RESOURCES = { en: { translation: en }, vi: { translation: vi }, ko: { translation: ko } };

/** One i18next instance per app (portal, add-in, a test), EN as the fallback. */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: RESOURCES,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // `{{language, contentLanguage}}`: a test's content language ('Vietnamese') named, inside a sentence, in the UI's language.
  instance.services.formatter?.add('contentLanguage', (value: string, lng?: string) => contentLanguageName(value, lng ?? language, true));
  return instance;
}
