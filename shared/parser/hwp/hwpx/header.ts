import type { RunFormat } from '../../docx/document';
import { parseXml } from '../../docx/xml';
import { attr, children, childElements, first, firstDescendant, intAttr } from './dom';
import type { HwpxPackage } from './openHwpx';

/** How a character shape (hh:charPr) looks, as the Word reader's runs do, with the face that draws its Hangul. */
export interface CharShape extends RunFormat {
  font: string | null;
}

/** One level of a numbering definition (hh:paraHead): its first number, Hangul's format name and the text around the number (`^1.`). */
export interface ParaHead {
  start: number;
  numFormat: string;
  text: string;
}

/** The numbered or bulleted head a paragraph shape gives its paragraphs (hh:heading). */
export interface Heading {
  type: 'NUMBER' | 'OUTLINE' | 'BULLET';
  /** The numbering's (or the bullet's) id; for OUTLINE the section's outline numbering replaces it. */
  idRef: string;
  /** 0-based. */
  level: number;
}

/** What header.xml says that the body refers to by id. */
export interface HwpxStyles {
  charShapes: Map<string, CharShape>;
  /** Paragraph shape id -> its numbered head, when it has one. */
  headings: Map<string, Heading>;
  /** Numbering id -> level (0-based) -> definition. */
  numberings: Map<string, Map<number, ParaHead>>;
  /** Bullet id -> the character shown. */
  bullets: Map<string, string>;
  /** Style id -> its name (바탕글, 본문…), kept as the paragraph's style. */
  styleNames: Map<string, string>;
}

export const PLAIN: CharShape = { bold: false, italic: false, underline: false, script: null, color: null, highlight: null, font: null };

/** A colour attribute (`#RRGGBB`, or `none`) as RRGGBB, null for none. */
export function rgb(value: string | null): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  return match ? match[1].toUpperCase() : null;
}

/** Reads Contents/header.xml; a package without one reads as plain text with no numbering. */
export function readHeader(pkg: Pick<HwpxPackage, 'xml'>): HwpxStyles {
  const styles: HwpxStyles = { charShapes: new Map(), headings: new Map(), numberings: new Map(), bullets: new Map(), styleNames: new Map() };
  const xml = pkg.xml('Contents/header.xml');
  if (!xml) return styles;
  const head = parseXml(xml, 'Contents/header.xml');
  const refList = first(head, 'refList');
  const hangulFaces = fontFaces(first(refList, 'fontfaces'));
  for (const charPr of children(first(refList, 'charProperties'), 'charPr')) styles.charShapes.set(attr(charPr, 'id') ?? '', charShape(charPr, hangulFaces));
  for (const paraPr of children(first(refList, 'paraProperties'), 'paraPr')) {
    const heading = headingOf(paraPr);
    if (heading) styles.headings.set(attr(paraPr, 'id') ?? '', heading);
  }
  for (const numbering of children(first(refList, 'numberings'), 'numbering')) {
    const levels = new Map<number, ParaHead>();
    for (const paraHead of children(numbering, 'paraHead')) {
      // paraHead levels are 1-based (1..7, or 10 in newer files); heading levels 0-based.
      levels.set((intAttr(paraHead, 'level') ?? 1) - 1, {
        start: intAttr(paraHead, 'start') ?? 1,
        numFormat: attr(paraHead, 'numFormat') ?? 'DIGIT',
        text: paraHead.textContent ?? '',
      });
    }
    styles.numberings.set(attr(numbering, 'id') ?? '', levels);
  }
  for (const bullet of children(first(refList, 'bullets'), 'bullet')) styles.bullets.set(attr(bullet, 'id') ?? '', attr(bullet, 'char') ?? '•');
  for (const style of children(first(refList, 'styles'), 'style'))
    styles.styleNames.set(attr(style, 'id') ?? '', attr(style, 'name') ?? attr(style, 'engName') ?? '');
  return styles;
}

/** Font id -> face of the HANGUL font list: the face Korean text is drawn in (함초롬바탕, 맑은 고딕…). */
function fontFaces(fontfaces: Element | null): Map<string, string> {
  const faces = new Map<string, string>();
  for (const fontface of children(fontfaces, 'fontface')) {
    if ((attr(fontface, 'lang') ?? '').toUpperCase() !== 'HANGUL') continue;
    for (const font of children(fontface, 'font')) faces.set(attr(font, 'id') ?? '', attr(font, 'face') ?? '');
  }
  return faces;
}

/**
 * A character shape as a run format: bold and italic are empty elements, underline a type other
 * than NONE, scripts hh:supscript / hh:subscript; text colour null for black; shading (the 음영
 * colour) as the highlight unless none or white, since teachers shade the right answer.
 */
function charShape(charPr: Element, hangulFaces: Map<string, string>): CharShape {
  const has = (name: string) => first(charPr, name) !== null;
  const underline = first(charPr, 'underline');
  const color = rgb(attr(charPr, 'textColor'));
  const shade = rgb(attr(charPr, 'shadeColor'));
  const fontId = attr(first(charPr, 'fontRef'), 'hangul');
  return {
    bold: has('bold'),
    italic: has('italic'),
    underline: underline !== null && (attr(underline, 'type') ?? 'NONE') !== 'NONE',
    script: has('supscript') ? 'sup' : has('subscript') ? 'sub' : null,
    color: color && color !== '000000' ? color : null,
    highlight: shade && shade !== 'FFFFFF' ? shade : null,
    font: fontId !== null ? hangulFaces.get(fontId) || null : null,
  };
}

/** A paragraph shape's numbered head; Hangul writes hh:heading directly in hh:paraPr, some writers inside an hp:switch. */
function headingOf(paraPr: Element): Heading | null {
  const heading = first(paraPr, 'heading') ?? firstDescendant(paraPr, 'heading');
  const type = attr(heading, 'type');
  if (type !== 'NUMBER' && type !== 'OUTLINE' && type !== 'BULLET') return null;
  return { type, idRef: attr(heading, 'idRef') ?? '0', level: Math.max(0, intAttr(heading, 'level') ?? 0) };
}

/** The manifest (Contents/content.hpf): item id -> path (a picture's binaryItemIDRef names an item), and the spine's order. */
export function readManifest(pkg: Pick<HwpxPackage, 'xml'>): { items: Map<string, string>; spine: string[] } {
  const items = new Map<string, string>();
  const spine: string[] = [];
  const xml = pkg.xml('Contents/content.hpf');
  if (!xml) return { items, spine };
  const root = parseXml(xml, 'Contents/content.hpf');
  for (const item of children(first(root, 'manifest'), 'item')) items.set(attr(item, 'id') ?? '', (attr(item, 'href') ?? '').replace(/^\//, ''));
  for (const ref of childElements(first(root, 'spine'))) if (ref.localName === 'itemref') spine.push(attr(ref, 'idref') ?? '');
  return { items, spine };
}
