import type { Language } from '../i18n/languages';

/**
 * Fonts ship with the app (no font CDN: the portal works offline). Noto Sans is always
 * loaded; Be Vietnam Pro for Vietnamese and Noto Sans KR for Korean only when chosen.
 * Each @font-face has a unicode-range, so the browser fetches only the files it needs.
 */
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import '@fontsource/noto-sans/latin-ext-400.css';

const loaders: Partial<Record<Language, () => Promise<unknown>>> = {
  vi: () =>
    Promise.all([
      import('@fontsource/be-vietnam-pro/vietnamese-400.css'),
      import('@fontsource/be-vietnam-pro/vietnamese-600.css'),
      import('@fontsource/be-vietnam-pro/latin-400.css'),
      import('@fontsource/be-vietnam-pro/latin-600.css'),
    ]),
  ko: () => Promise.all([import('@fontsource/noto-sans-kr/400.css'), import('@fontsource/noto-sans-kr/600.css')]),
};

export const FONT_FAMILIES: Record<Language, string> = {
  en: "'Noto Sans', 'Segoe UI', system-ui, sans-serif",
  vi: "'Be Vietnam Pro', 'Noto Sans', 'Segoe UI', system-ui, sans-serif",
  ko: "'Noto Sans KR', 'Noto Sans', 'Malgun Gothic', system-ui, sans-serif",
};

export function loadFontsFor(language: Language): Promise<unknown> {
  return loaders[language]?.() ?? Promise.resolve();
}
