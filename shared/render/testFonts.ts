/**
 * The fonts a test is written in (settings.fonts.list) as CSS: the organisation's uploaded faces
 * as @font-face rules (their files served by /api/v2/parserfont/file/...), and the font stack of
 * the test's text, its faces first, so the editor, the print view and its PDF draw the text in them.
 */
export interface ServedFont {
  face: string;
  fileUrl?: string;
}

/** A face name as a CSS string: quoted, with what could end the string escaped. */
export const cssFontName = (face: string): string => `"${face.replace(/[\\"<>\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;

const FORMATS: Record<string, string> = { ttf: 'truetype', otf: 'opentype', ttc: 'collection', woff: 'woff', woff2: 'woff2' };

/** @font-face rules of the uploaded faces (the others are the devices' own or ours). */
export function fontFaceCss(fonts: ServedFont[]): string {
  return fonts
    .filter((font): font is Required<ServedFont> => Boolean(font.fileUrl) && /^\/api\/v2\/parserfont\/file\/[\w-]+\.[a-z0-9]+$/.test(font.fileUrl!))
    .map((font) => {
      const format = FORMATS[font.fileUrl.split('.').pop()!];
      return `@font-face { font-family: ${cssFontName(font.face)}; src: url("${font.fileUrl}")${format ? ` format("${format}")` : ''}; font-display: block; }`;
    })
    .join('\n');
}

/** The font-family of the test's text: its faces, then the page's own. */
export const testFontStack = (faces: string[], fallback: string): string => [...faces.map(cssFontName), fallback].join(', ');
