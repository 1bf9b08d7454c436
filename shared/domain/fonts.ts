/**
 * Fonts of Word documents (spec "Fonts": missing fonts are detected and the user uploads them).
 *
 * A face is supported when a student's browser will show it without an upload: the faces the
 * portal ships (Noto Sans, Be Vietnam Pro, Noto Sans KR, Roboto, Carlito, from @fontsource), and the standard
 * faces that come with Windows, macOS and Office, which are the ones teachers write in Word
 * (Latin, Indic, Korean, symbol and math faces). Any other face is "missing" until the
 * organisation uploads it (`POST /api/v2/parserfont/upload`). Keep this list in this one place:
 * the server's check (`GET /api/v2/parserfont`) and the clients read it from here.
 */
export const KNOWN_FONT_FACES = [
  // Shipped with the portal (shared/ui/fonts.ts).
  'Noto Sans',
  'Be Vietnam Pro',
  'Noto Sans KR',
  'Roboto',
  'Carlito',
  // Latin faces of Windows / Office / macOS.
  'Times New Roman',
  'Arial',
  'Arial Black',
  'Calibri',
  'Calibri Light',
  'Cambria',
  'Cambria Math',
  'Candara',
  'Consolas',
  'Constantia',
  'Corbel',
  'Courier New',
  'Franklin Gothic Medium',
  'Garamond',
  'Georgia',
  'Helvetica',
  'Lucida Console',
  'Lucida Sans Unicode',
  'Palatino Linotype',
  'Segoe UI',
  'Segoe UI Symbol',
  'Tahoma',
  'Trebuchet MS',
  'Verdana',
  // Office's own faces (Aptos is Word's default since 2023): every Office install has them.
  'Aptos',
  'Aptos Display',
  'Aptos Narrow',
  'Aptos Light',
  'Aptos Serif',
  'Aptos Mono',
  'Book Antiqua',
  'Bookman Old Style',
  'Century',
  'Century Gothic',
  'Century Schoolbook',
  'Comic Sans MS',
  'Gill Sans MT',
  'Impact',
  'Segoe UI Light',
  'Segoe UI Semibold',
  'Segoe UI Emoji',
  'Segoe Print',
  'Segoe Script',
  'Sitka Text',
  'Arial Narrow',
  'Microsoft Sans Serif',
  'MS Gothic',
  'MS Mincho',
  'Tw Cen MT',
  'Lucida Sans',
  'Lucida Bright',
  'Bahnschrift',
  // Symbol and math faces.
  'Symbol',
  'Wingdings',
  'Wingdings 2',
  'Wingdings 3',
  'Webdings',
  'MT Extra',
  // Indic (Unicode) faces of Windows.
  'Mangal',
  'Nirmala UI',
  'Shruti',
  'Kokila',
  'Aparajita',
  'Utsaah',
  'Latha',
  'Vijaya',
  'Gautami',
  'Tunga',
  'Kartika',
  'Raavi',
  'Vrinda',
  'Kalinga',
  'Arial Unicode MS',
  // Korean faces of Windows.
  'Malgun Gothic',
  'Batang',
  'BatangChe',
  'Gulim',
  'GulimChe',
  'Dotum',
  'DotumChe',
  'Gungsuh',
  // The same Korean faces under the names a Korean Windows gives them.
  '맑은 고딕',
  '바탕',
  '바탕체',
  '굴림',
  '굴림체',
  '돋움',
  '돋움체',
  '궁서',
  // Hangul's own faces (installed with Hancom Office, the defaults of .hwp and .hwpx papers; issue 30).
  '함초롬바탕',
  '함초롬돋움',
  'HCR Batang',
  'HCR Dotum',
  '한컴바탕',
  '한컴돋움',
  '신명조',
  '중고딕',
  '견명조',
  '견고딕',
  '태명조',
  '신명조체',
  '한양신명조',
  '한양중고딕',
  '휴먼명조',
  'HY신명조',
  'HY중고딕',
  'HY견명조',
  'HY견고딕',
  '나눔고딕',
  '나눔명조',
  // Chinese and Japanese faces of Windows (installed with every Windows 10 and 11), in both spellings.
  'SimSun',
  '宋体',
  'NSimSun',
  '新宋体',
  'SimHei',
  '黑体',
  'KaiTi',
  '楷体',
  'FangSong',
  '仿宋',
  'Microsoft YaHei',
  '微软雅黑',
  'DengXian',
  '等线',
  'PMingLiU',
  '新細明體',
  'MingLiU',
  '細明體',
  'PMingLiU-ExtB',
  'MingLiU-ExtB',
  'SimSun-ExtB',
  'Microsoft JhengHei',
  '微軟正黑體',
  'Yu Mincho',
  'Yu Gothic',
  '游明朝',
  '游ゴシック',
  'Meiryo',
  'メイリオ',
  'MS PGothic',
  'MS PMincho',
  'ＭＳ 明朝',
  'ＭＳ ゴシック',
  // Arabic-script faces of Windows.
  'Traditional Arabic',
  'Simplified Arabic',
  'Sakkal Majalla',
  'Arabic Typesetting',
  'Andalus',
] as const;

/** How faces are compared: Unicode NFC, blanks collapsed and trimmed, case ignored. */
export const normaliseFontFace = (face: string): string => face.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

const KNOWN = new Set<string>(KNOWN_FONT_FACES.map(normaliseFontFace));
export const isKnownFontFace = (face: string): boolean => KNOWN.has(normaliseFontFace(face));

/**
 * Names that are no font face: CSS keywords and generic families that text pasted from a web page
 * brings into Word ("inherit", "-apple-system", "sans-serif"). A browser resolves them itself, so
 * they are never reported as missing, and nobody could upload them.
 */
const NOT_A_FACE = new Set([
  'inherit',
  'initial',
  'unset',
  'revert',
  'default',
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  '-apple-system',
  'blinkmacsystemfont',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'var(--font)',
]);
export const isFontFace = (face: string): boolean => !NOT_A_FACE.has(normaliseFontFace(face)) && !/^var\(/.test(normaliseFontFace(face));

/** The largest font file an organisation may upload. */
export const FONT_MAX_BYTES = 20 * 1024 * 1024;
/** The longest face name (characters, after trimming). */
export const FONT_FACE_MAX_LENGTH = 100;
/** How many faces one check may ask about. */
export const FONT_CHECK_MAX_FACES = 200;

/** Font file formats an upload may be, by how their bytes begin. */
export const FONT_FORMATS = {
  ttf: { contentType: 'font/ttf', css: 'truetype' },
  otf: { contentType: 'font/otf', css: 'opentype' },
  ttc: { contentType: 'font/collection', css: 'collection' },
  woff: { contentType: 'font/woff', css: 'woff' },
  woff2: { contentType: 'font/woff2', css: 'woff2' },
} as const;
export type FontFormat = keyof typeof FONT_FORMATS;

/**
 * The format of a font file from its first four bytes (its magic number): TrueType 00 01 00 00
 * or 'true', OpenType 'OTTO', a collection 'ttcf', 'wOFF', 'wOF2'. Null: not a font.
 */
export function fontFormatOf(bytes: Uint8Array): FontFormat | null {
  if (bytes.length < 12) return null;
  const tag = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (tag === '\u0000\u0001\u0000\u0000' || tag === 'true') return 'ttf';
  const formats: Record<string, FontFormat> = { OTTO: 'otf', ttcf: 'ttc', wOFF: 'woff', wOF2: 'woff2' };
  return formats[tag] ?? null;
}
