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

/** Each screen's font first; Noto Sans KR after it for Korean text on any screen (see loadContentFonts). */
export const FONT_FAMILIES: Record<Language, string> = {
  en: "'Noto Sans', 'Noto Sans KR', 'Segoe UI', system-ui, sans-serif",
  vi: "'Be Vietnam Pro', 'Noto Sans', 'Noto Sans KR', 'Segoe UI', system-ui, sans-serif",
  ko: "'Noto Sans KR', 'Noto Sans', 'Malgun Gothic', system-ui, sans-serif",
};

export function loadFontsFor(language: Language): Promise<unknown> {
  return loaders[language]?.() ?? Promise.resolve();
}

/**
 * Questions are in any language, whatever the screen's: a Korean question in a Vietnamese bank
 * must not show blank where a computer has no Korean font (it showed only its final "."). Once
 * signed in, the Korean faces are declared on every screen too; their unicode-range means a
 * font file is fetched only when a page shows Korean. (Vietnamese and English letters are in the
 * faces every screen has.)
 */
export function loadContentFonts(language: Language): Promise<unknown> {
  return Promise.all([language === 'ko' ? Promise.resolve() : loadFontsFor('ko'), loadPaperFaces()]);
}

/**
 * Faces teachers' papers come in beyond Office's own: Roboto (text pasted from Google Docs, Forms
 * and web pages; Android's face) and Carlito (LibreOffice's Calibri). Declared like the Korean
 * faces: a file is fetched only when a question uses the face.
 */
const loadPaperFaces = () =>
  Promise.all([
    import('@fontsource/roboto/400.css'),
    import('@fontsource/roboto/700.css'),
    import('@fontsource/carlito/400.css'),
    import('@fontsource/carlito/700.css'),
  ]);
