import { parseXml } from './xml';
import type { DocxPackage } from './openDocx';

/** The four font slots of a run (ECMA-376 §17.3.2.26): which one a character uses depends on its script. */
export interface ScriptFonts {
  ascii: string | null;
  hAnsi: string | null;
  eastAsia: string | null;
  cs: string | null;
}
type Slot = keyof ScriptFonts;
const SLOTS: Slot[] = ['ascii', 'hAnsi', 'eastAsia', 'cs'];
const THEME_ATTRIBUTE: Record<Slot, string> = { ascii: 'asciiTheme', hAnsi: 'hAnsiTheme', eastAsia: 'eastAsiaTheme', cs: 'cstheme' };

/** The theme's fonts (word/theme/theme1.xml): major and minor, Latin, East Asian and complex script. */
type ThemeFonts = Record<string, string | null>;

interface Style {
  basedOn: string | null;
  fonts: Partial<ScriptFonts>;
  /** Word's automatic numbering a paragraph style brings ("List Number", a teacher's own "Question" style). */
  numbering: { numId: string; level: number } | null;
}

export interface FontContext {
  defaults: Partial<ScriptFonts>;
  styles: Map<string, Style>;
  theme: ThemeFonts;
  /** The paragraph style of paragraphs that name none. */
  defaultParagraphStyle: string | null;
}

const elements = (parent: Element, name: string): Element[] => {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) if (node.nodeType === 1 && (node as Element).localName === name) out.push(node as Element);
  return out;
};
const first = (parent: Element | null, name: string): Element | null => (parent ? (elements(parent, name)[0] ?? null) : null);
function attribute(el: Element | null, name: string): string | null {
  if (!el) return null;
  for (let i = 0; i < el.attributes.length; i++) if (el.attributes[i].localName === name) return el.attributes[i].value;
  return null;
}

/** The fonts an `rPr`'s `rFonts` sets, each slot on its own; a theme font wins over a named one. */
export function fontsOf(rPr: Element | null, theme: ThemeFonts): Partial<ScriptFonts> {
  const rFonts = first(rPr, 'rFonts');
  const fonts: Partial<ScriptFonts> = {};
  if (!rFonts) return fonts;
  for (const slot of SLOTS) {
    const themed = attribute(rFonts, THEME_ATTRIBUTE[slot]);
    const face = themed ? (theme[themed] ?? null) : attribute(rFonts, slot);
    if (face) fonts[slot] = face;
  }
  return fonts;
}

function parse(xml: string | null): Element | null {
  return xml ? parseXml(xml) : null;
}

function themeFonts(themeXml: string | null): ThemeFonts {
  const fonts: ThemeFonts = {};
  const root = parse(themeXml);
  if (!root) return fonts;
  const scheme = root.getElementsByTagNameNS('*', 'fontScheme')[0] as unknown as Element | undefined;
  for (const [major, prefix] of [
    ['majorFont', 'major'],
    ['minorFont', 'minor'],
  ] as const) {
    const font = scheme ? first(scheme, major) : null;
    const latin = attribute(first(font, 'latin'), 'typeface') || null;
    fonts[`${prefix}Ascii`] = latin;
    fonts[`${prefix}HAnsi`] = latin;
    fonts[`${prefix}EastAsia`] = attribute(first(font, 'ea'), 'typeface') || null;
    fonts[`${prefix}Bidi`] = attribute(first(font, 'cs'), 'typeface') || null;
  }
  return fonts;
}

/** Styles, document defaults and the theme, read once per document. */
export function loadFontContext(pkg: Pick<DocxPackage, 'xml'>): FontContext {
  const theme = themeFonts(pkg.xml('word/theme/theme1.xml'));
  const root = parse(pkg.xml('word/styles.xml'));
  const styles = new Map<string, Style>();
  let defaults: Partial<ScriptFonts> = {};
  let defaultParagraphStyle: string | null = null;
  if (root) {
    defaults = fontsOf(first(first(first(root, 'docDefaults'), 'rPrDefault'), 'rPr'), theme);
    for (const style of elements(root, 'style')) {
      const id = attribute(style, 'styleId');
      if (!id) continue;
      const numPr = first(first(style, 'pPr'), 'numPr');
      const numId = attribute(first(numPr, 'numId'), 'val');
      const numbering = numId ? { numId, level: Number(attribute(first(numPr, 'ilvl'), 'val') ?? 0) } : null;
      styles.set(id, { basedOn: attribute(first(style, 'basedOn'), 'val'), fonts: fontsOf(first(style, 'rPr'), theme), numbering });
      if (attribute(style, 'type') === 'paragraph' && ['1', 'true', 'on'].includes(attribute(style, 'default') ?? '')) defaultParagraphStyle = id;
    }
  }
  return { defaults, styles, theme, defaultParagraphStyle };
}

/** The numbering a paragraph style gives (its own or the one of a style it is based on); numId 0 turns it off. */
export function styleNumbering(ctx: FontContext, id: string | null): { numId: string; level: number } | null {
  const seen = new Set<string>();
  for (let at = id; at && !seen.has(at); at = ctx.styles.get(at)?.basedOn ?? null) {
    seen.add(at);
    const numbering = ctx.styles.get(at)?.numbering;
    if (numbering) return numbering.numId === '0' ? null : numbering;
  }
  return null;
}

/** A style's fonts with those it is based on beneath (a loop in basedOn is cut). */
function styleFonts(ctx: FontContext, id: string | null): Partial<ScriptFonts> {
  const chain: Partial<ScriptFonts>[] = [];
  const seen = new Set<string>();
  for (let at = id; at && !seen.has(at); at = ctx.styles.get(at)?.basedOn ?? null) {
    seen.add(at);
    const style = ctx.styles.get(at);
    if (style) chain.unshift(style.fonts);
  }
  return Object.assign({}, ...chain);
}

/**
 * A run's fonts, slot by slot: document defaults, then the paragraph's style (and what it is
 * based on), then the run's character style, then the run's own formatting.
 */
export function resolveRunFonts(ctx: FontContext, paragraphStyle: string | null, runStyle: string | null, runProperties: Element | null): ScriptFonts {
  const merged = {
    ...ctx.defaults,
    ...styleFonts(ctx, paragraphStyle ?? ctx.defaultParagraphStyle),
    ...styleFonts(ctx, runStyle),
    ...fontsOf(runProperties, ctx.theme),
  };
  return { ascii: merged.ascii ?? null, hAnsi: merged.hAnsi ?? null, eastAsia: merged.eastAsia ?? null, cs: merged.cs ?? null };
}

const COMPLEX_SCRIPT = /[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0e7f]/; // Hebrew, Arabic, Indic scripts, Thai
const EAST_ASIAN = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/; // Hangul, CJK

/** The font a character is drawn with (simplified §17.3.2.26: complex scripts, East Asian, ASCII, the rest). */
export function fontForCharacter(fonts: ScriptFonts, character: string, complexScript = false): string | null {
  if (complexScript || COMPLEX_SCRIPT.test(character)) return fonts.cs ?? fonts.hAnsi;
  if (EAST_ASIAN.test(character)) return fonts.eastAsia ?? fonts.hAnsi;
  if (character.charCodeAt(0) < 0x80) return fonts.ascii;
  return fonts.hAnsi ?? fonts.ascii;
}

/**
 * Legacy (non-Unicode) Indic fonts: their text is Latin letters drawn as Devanagari or Gujarati
 * glyphs, so it means nothing once out of Word. Kruti Dev, DevLys, Chanakya, Shree-Lipi and
 * their kind.
 */
const LEGACY_FONT =
  /^(kruti\s*dev|devlys|(walkman[-\s]*)?chanakya|shree[-\s]*(lipi|dev|guj)|akruti|aps[-\s]*dv|dv[-\s]*tt|terafont|lmg[-\s]|saral|sushma|shivaji|kruti|agra\b|aman\b)/i;

export function isLegacyFont(face: string | null): boolean {
  return face !== null && LEGACY_FONT.test(face.trim());
}
