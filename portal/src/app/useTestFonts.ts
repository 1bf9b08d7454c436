import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { cssFontName, fontFaceCss, testFontStack } from '@shared/render/testFonts';
import { useApi } from './apiContext';

/**
 * The test's fonts (settings.fonts.list) for a view of its text: asks the server which are
 * uploaded (the Word font check, `GET /v2/parserfont`), adds their @font-face rules to the page,
 * loads them, and answers the style of the text (its faces first). `ready` is true once the
 * files have loaded (or failed): the print view waits for it, so its PDF has them.
 */
export function useTestFonts(fonts: readonly { face: string; supported: boolean }[] | undefined): { ready: boolean; style: CSSProperties | undefined } {
  const api = useApi();
  // Checked again when a face is added or becomes supported (uploaded).
  const key = (fonts ?? []).map((font) => `${font.supported ? '+' : '-'}${font.face}`).join('\n');
  const [readyKey, setReadyKey] = useState<string | null>(key ? null : key);
  useEffect(() => {
    if (!key) {
      setReadyKey(key);
      return;
    }
    let current = true;
    let style: HTMLStyleElement | null = null;
    const list = key.split('\n').map((line) => line.slice(1));
    api
      .checkFonts(list)
      .then(async (entries) => {
        if (!current) return;
        const css = fontFaceCss(entries);
        if (css) {
          style = document.createElement('style');
          style.dataset.testFonts = 'true';
          style.textContent = css;
          document.head.appendChild(style);
          const uploaded = entries.filter((entry) => entry.fileUrl);
          await Promise.all(uploaded.map((entry) => document.fonts.load(`16px ${cssFontName(entry.face)}`).catch(() => null)));
        }
      })
      .catch(() => null) // the text still shows, in the page's font
      .finally(() => current && setReadyKey(key));
    return () => {
      current = false;
      style?.remove();
    };
  }, [api, key]);
  const style = useMemo(
    () =>
      key
        ? {
            fontFamily: testFontStack(
              key.split('\n').map((line) => line.slice(1)),
              'var(--fontFamilyBase)',
            ),
          }
        : undefined,
    [key],
  );
  return { ready: readyKey === key, style };
}
