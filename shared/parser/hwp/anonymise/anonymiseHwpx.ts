import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import type { KeyedHash } from '../../anonymise/pseudoWord';
import { replacePicture } from '../../anonymise/pictures';
import { HwpFormatError } from './records';
import { hangulMapper, type HangulMapper, type HangulStats } from './words';

/**
 * An HWPX (OWPML) paper made anonymous with its structure kept: the zip's parts and every element
 * and attribute stay as they are; only the text of `hp:t` runs, the Hangul of equation scripts
 * (`hp:script`) and field parameters, the preview text and the document's title and author change.
 * Pictures become grey ones of their pixel size (docs/hwp-fixtures.md).
 */
export interface HwpxReport {
  words: HangulStats;
  runs: number;
  equations: number;
  pictures: number;
  unknownPictures: string[];
}

export interface HwpxResult {
  bytes: Uint8Array;
  report: HwpxReport;
  originals: ReadonlySet<string>;
}

/** Text between tags mapped, entities (`&amp;`, `&#x3C;`) kept: their names are Latin letters too. */
const mapXmlText = (text: string, map: (plain: string) => string) => text.replace(/&[^;&<]*;|[^&]+/g, (piece) => (piece[0] === '&' ? piece : map(piece)));

/** The inside of each `<tag>…</tag>` mapped, child elements (hp:tab, hp:lineBreak) kept. */
function mapElements(xml: string, tag: string, map: (plain: string) => string, count: () => void): string {
  const element = new RegExp(`(<${tag}(?:\\s[^>]*)?>)([\\s\\S]*?)(</${tag}>)`, 'g');
  return xml.replace(element, (_, open: string, inner: string, close: string) => {
    count();
    return open + inner.replace(/<[^>]*>|[^<]+/g, (piece) => (piece[0] === '<' ? piece : mapXmlText(piece, map))) + close;
  });
}

function anonymiseSectionXml(xml: string, mapper: HangulMapper, report: HwpxReport): string {
  let out = mapElements(xml, 'hp:t', mapper.text, () => report.runs++);
  out = mapElements(out, 'hp:script', mapper.hangul, () => report.equations++);
  // An object's description names the original picture file ("원본 그림의 이름: 학교로고.png").
  out = mapElements(out, 'hp:shapeComment', mapper.text, () => undefined);
  // Click-here guide texts and link labels are kept in field parameters.
  return mapElements(out, 'hp:stringParam', mapper.hangul, () => undefined);
}

/** content.hpf: the title and the people are blanked; dates stay. */
function blankMetadata(hpf: string): string {
  return hpf
    .replace(/(<opf:title(?:\s[^>]*)?>)[^<]*(<\/opf:title>)/g, '$1$2')
    .replace(/(<opf:meta name="(?:creator|lastsaveby|subject|description|keyword)"[^>]*>)[^<]*(<\/opf:meta>)/g, '$1$2');
}

const PICTURE = /^(BinData|Preview)\/[^/]+\.(png|jpe?g|gif|bmp|tiff?|webp|wmf|emf|svg)$/i;

/**
 * Pictures replaced; a JPEG, GIF or WebP turned PNG is renamed and content.hpf's manifest (its
 * href and media type) follows, since Hangul finds a picture by the item the manifest names.
 */
function replacePictures(files: Record<string, Uint8Array>, report: HwpxReport): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const path of Object.keys(files).filter((p) => PICTURE.test(p))) {
    const outcome = replacePicture(path, files[path], (candidate) => candidate in files);
    if (outcome.kind === 'unknown') {
      report.unknownPictures.push(path);
      continue;
    }
    report.pictures++;
    files[path] = outcome.bytes;
    if (outcome.renameTo) renamed.set(path, outcome.renameTo);
  }
  return renamed;
}

function followRenames(hpf: string, renamed: Map<string, string>): string {
  let out = hpf;
  for (const [from, to] of renamed) {
    out = out.replace(new RegExp(`(<opf:item\\b[^>]*href="${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>)`, 'g'), (item: string) =>
      item.replace(`href="${from}"`, `href="${to}"`).replace(/media-type="[^"]*"/, 'media-type="image/png"'),
    );
  }
  return out;
}

export function anonymiseHwpx(file: Uint8Array, hash: KeyedHash): HwpxResult {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(file);
  } catch {
    throw new HwpFormatError('not a zip: not an .hwpx');
  }
  if (!Object.keys(files).some((p) => /^Contents\/section\d+\.xml$/.test(p))) throw new HwpFormatError('no Contents/section*.xml: not an .hwpx');
  const mapper = hangulMapper(hash);
  const report: HwpxReport = { words: mapper.stats, runs: 0, equations: 0, pictures: 0, unknownPictures: [] };
  for (const path of Object.keys(files).filter((p) => /^Contents\/(section\d+|masterpage\d*)\.xml$/.test(p)))
    files[path] = strToU8(anonymiseSectionXml(strFromU8(files[path]), mapper, report));
  if (files['Preview/PrvText.txt']) files['Preview/PrvText.txt'] = strToU8(mapper.text(strFromU8(files['Preview/PrvText.txt'])));
  const renamed = replacePictures(files, report);
  if (files['Contents/content.hpf']) files['Contents/content.hpf'] = strToU8(followRenames(blankMetadata(strFromU8(files['Contents/content.hpf'])), renamed));
  const zippable: Zippable = {};
  // mimetype first and stored, as OWPML (like ODF and EPUB) requires.
  if (files.mimetype) zippable.mimetype = [files.mimetype, { level: 0 }];
  for (const [path, bytes] of Object.entries(files)) {
    if (path !== 'mimetype') zippable[renamed.get(path) ?? path] = [bytes, { level: 6 }];
  }
  return { bytes: zipSync(zippable), report, originals: mapper.originals };
}

/** The text of an .hwpx, one line a paragraph (`hp:p`), equations as $script$: for reading and for the check. */
export function hwpxLines(file: Uint8Array): string[] {
  const files = unzipSync(file);
  const sections = Object.keys(files)
    .filter((p) => /^Contents\/section\d+\.xml$/.test(p))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  return sections.flatMap((path) =>
    strFromU8(files[path])
      .split(/<\/hp:p>/)
      .map((p) =>
        Array.from(p.matchAll(/<hp:t(?:\s[^>]*)?>([\s\S]*?)<\/hp:t>|<hp:script(?:\s[^>]*)?>([\s\S]*?)<\/hp:script>|<hp:tab\b/g), (m) =>
          m[1] !== undefined ? m[1].replace(/<hp:tab\b[^>]*\/>/g, '\t').replace(/<[^>]*>/g, '') : m[2] !== undefined ? `$${m[2].trim()}$` : '\t',
        ).join(''),
      ),
  );
}
