import { strFromU8, strToU8 } from 'fflate';
import { blankEmf, blankWmf, greyBmp } from './placeholders';
import { greyPng } from './png';
import { pictureInfo, type PictureFormat } from '../content/pictureInfo';
import { greyTiff } from './tiff';

/**
 * Pictures: whatever Word keeps in a media folder (the document's, its glossary's), and picture
 * files anywhere else under word/ except embedded objects (an equation's OLE file is not a picture).
 */
export const isPicturePart = (path: string) =>
  /^word\/(?:[^/]+\/)?media\/[^/]+$/.test(path) || /^word\/(?!embeddings\/).+\.(png|jpe?g|jfif|gif|bmp|dib|tiff?|wdp|jxr|webp|emf|wmf|svg)$/i.test(path);

/**
 * The size a picture is drawn at when its header gives none, or gives an absurd one (a damaged
 * header claiming 60000 × 60000 would take minutes to deflate); the document's drawing still sets
 * how large it shows.
 */
const UNKNOWN_SIZE = 64;
const MAX_PIXELS = 100_000_000;

export type PictureOutcome = { kind: 'replaced'; bytes: Uint8Array; renameTo: string | null; width: number; height: number } | { kind: 'unknown' };

/**
 * An SVG (Office 2016 keeps one beside a PNG fallback) may hold text: it becomes an empty SVG with
 * the root's width, height and viewBox, under the same name.
 */
function blankSvg(bytes: Uint8Array): Uint8Array {
  const root = /<svg\b[^>]*>/.exec(strFromU8(bytes))?.[0] ?? '';
  const keep = ['width', 'height', 'viewBox'].map((name) => new RegExp(`\\s${name}="[^"]*"`).exec(root)?.[0] ?? '').join('');
  return strToU8(`<svg xmlns="http://www.w3.org/2000/svg"${keep}/>`);
}

/** A name for the PNG that replaces a picture: the same name with .png, unless that name is taken. */
function pngName(path: string, taken: (path: string) => boolean): string | null {
  const dot = path.lastIndexOf('.');
  const stem = dot > path.lastIndexOf('/') ? path.slice(0, dot) : path;
  const extension = dot > path.lastIndexOf('/') ? path.slice(dot + 1) : '';
  if (extension.toLowerCase() === 'png') return null;
  for (let n = 0; ; n++) {
    const candidate = `${stem}${n === 0 ? '' : `-${extension || 'picture'}${n === 1 ? '' : n}`}.png`;
    if (!taken(candidate)) return candidate;
  }
}

/** Formats written again in their own format (placeholders.ts says why); every other picture becomes a PNG. */
const OWN_FORMAT: Partial<Record<PictureFormat, (original: Uint8Array, width: number, height: number) => Uint8Array>> = {
  emf: (original) => blankEmf(original),
  wmf: (original) => blankWmf(original),
  bmp: (_, width, height) => greyBmp(width, height),
  tiff: (_, width, height) => greyTiff(width, height),
  svg: (original) => blankSvg(original),
};

/**
 * A picture of the paper replaced by a plain one of its pixel size. PNG, JPEG, GIF, WebP (and the
 * JPEG XR copy Word keeps for artistic effects) become a solid grey PNG: a .png part keeps its
 * name, any other is renamed to .png, since a .jpeg part holding PNG bytes would be wrong.
 * Metafiles, bitmaps and TIFFs stay in their format, under their name. A format this tool cannot
 * read is left as it is, and reported.
 */
export function replacePicture(path: string, bytes: Uint8Array, taken: (path: string) => boolean): PictureOutcome {
  const info = pictureInfo(bytes);
  if (!info) return { kind: 'unknown' };
  const known = info.width !== null && info.height !== null && info.width * info.height <= MAX_PIXELS;
  const width = known ? info.width! : UNKNOWN_SIZE;
  const height = known ? info.height! : UNKNOWN_SIZE;
  const own = OWN_FORMAT[info.format];
  if (own) return { kind: 'replaced', bytes: own(bytes, width, height), renameTo: null, width, height };
  return { kind: 'replaced', bytes: greyPng(width, height), renameTo: pngName(path, taken), width, height };
}
