import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { cssFontName, fontFaceCss, testFontStack, type ServedFont } from '@shared/render/testFonts';
import { contentLanguageCode } from '@shared/domain/test/translations';
import { SUPPORTED_LANGUAGES, type Language } from '@shared/i18n/languages';
import { FONT_FAMILIES, loadFontsFor } from '@shared/ui/fonts';
import { useApi } from './apiContext';

const PAGE_FONT = 'var(--fontFamilyBase)';

/** The font-family of a test's text: its faces first, then the page's own font (or the one given). */
const styleOf = (faces: string[], fallback = PAGE_FONT): CSSProperties | undefined =>
  faces.length || fallback !== PAGE_FONT ? { fontFamily: testFontStack(faces, fallback) } : undefined;

/**
 * The fonts of the content languages a test is shown in (issue 17): a Korean test read on a page
 * in English still needs the Korean font the portal ships. Loads them and answers the font stack
 * that draws them (after the test's own faces), or the page's font when no language needs one.
 */
export function useContentLanguageFonts(languages: readonly string[]): { ready: boolean; fallback: string } {
  const codes = [...new Set(languages.map(contentLanguageCode))].filter((code): code is Language =>
    (SUPPORTED_LANGUAGES as readonly (string | null)[]).includes(code),
  );
  const key = codes.join(',');
  const [readyKey, setReadyKey] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const list = key ? (key.split(',') as Language[]) : [];
    Promise.all(list.map((code) => loadFontsFor(code).catch(() => null))).finally(() => current && setReadyKey(key));
    return () => {
      current = false;
    };
  }, [key]);
  // Each language's own families first (Vietnamese, Korean), then the rest of the stack.
  const fallback = key
    ? [...new Set(key.split(',').flatMap((code) => FONT_FAMILIES[code as Language].split(',').map((family) => family.trim())))]
        .sort((a, b) => Number(a === 'system-ui' || a === 'sans-serif') - Number(b === 'system-ui' || b === 'sans-serif'))
        .join(', ')
    : PAGE_FONT;
  return { ready: readyKey === key, fallback };
}

/**
 * Adds the @font-face rules of the uploaded faces to the page and loads them (a failure leaves the
 * text in the page's font). Answers the function that removes the rules again.
 */
async function installFonts(entries: ServedFont[], isCurrent: () => boolean): Promise<() => void> {
  const css = fontFaceCss(entries);
  if (!css || !isCurrent()) return () => {};
  const style = document.createElement('style');
  style.dataset.testFonts = 'true';
  style.textContent = css;
  document.head.appendChild(style);
  const uploaded = entries.filter((entry) => entry.fileUrl);
  await Promise.all(uploaded.map((entry) => document.fonts.load(`16px ${cssFontName(entry.face)}`).catch(() => null)));
  return () => style.remove();
}

/**
 * The loading of a list of fonts, keyed so that it runs again only when the list changes: `load`
 * answers the entries to install. `ready` is true once they have loaded (or failed).
 */
function useFontLoading(key: string, load: () => Promise<ServedFont[]>): boolean {
  const [readyKey, setReadyKey] = useState<string | null>(key ? null : key);
  useEffect(() => {
    if (!key) {
      setReadyKey(key);
      return;
    }
    let current = true;
    let remove = () => {};
    load()
      .then((entries) => installFonts(entries, () => current))
      .then((undo) => {
        if (current) remove = undo;
        else undo();
      })
      .catch(() => null) // the text still shows, in the page's font
      .finally(() => current && setReadyKey(key));
    return () => {
      current = false;
      remove();
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- `load` reads what the key says
  return readyKey === key;
}

/**
 * The test's fonts (settings.fonts.list) for a view of its text: asks the server which are
 * uploaded (the Word font check, `GET /v2/parserfont`), adds their @font-face rules to the page,
 * loads them, and answers the style of the text (its faces first). `ready` is true once the
 * files have loaded (or failed): the print view waits for it, so its PDF has them.
 */
export function useTestFonts(
  fonts: readonly { face: string; supported: boolean }[] | undefined,
  fallback = PAGE_FONT,
): { ready: boolean; style: CSSProperties | undefined } {
  const api = useApi();
  // Checked again when a face is added or becomes supported (uploaded).
  const key = (fonts ?? []).map((font) => `${font.supported ? '+' : '-'}${font.face}`).join('\n');
  const faces = useMemo(() => (key ? key.split('\n').map((line) => line.slice(1)) : []), [key]);
  const ready = useFontLoading(key, () => api.checkFonts(faces));
  return { ready, style: useMemo(() => styleOf(faces, fallback), [faces, fallback]) };
}

/**
 * The same for a page that already has the fonts' files from the server (the student page: no
 * tutor session to ask with, issue 17): the faces with their `fileUrl` where uploaded.
 */
export function useServedFonts(fonts: readonly ServedFont[] | undefined, fallback = PAGE_FONT): { ready: boolean; style: CSSProperties | undefined } {
  const key = (fonts ?? []).map((font) => `${font.face}\t${font.fileUrl ?? ''}`).join('\n');
  const entries = useMemo(
    () =>
      key
        ? key.split('\n').map((line) => {
            const [face, fileUrl] = line.split('\t');
            return fileUrl ? { face, fileUrl } : { face };
          })
        : [],
    [key],
  );
  const ready = useFontLoading(key, async () => entries);
  return {
    ready,
    style: useMemo(
      () =>
        styleOf(
          entries.map((entry) => entry.face),
          fallback,
        ),
      [entries, fallback],
    ),
  };
}
