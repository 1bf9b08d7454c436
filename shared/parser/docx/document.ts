import { parseXml } from './xml';
import { ommlToLatex } from '../omml/ommlToLatex';
import { isLegacyFont, loadFontContext, resolveRunFonts, fontForCharacter, type FontContext } from './fonts';
import type { DocxPackage } from './openDocx';

/** What a paragraph holds, in order. */
export type Inline =
  | { kind: 'text'; text: string; bold: boolean; italic: boolean; underline: boolean; script: 'sub' | 'sup' | null; font: string | null }
  | { kind: 'math'; latex: string }
  | { kind: 'picture'; path: string | null; widthPx: number | null; heightPx: number | null }
  /** An equation stored as a picture (Equation 3.0 / MathType object): reported, not dropped. */
  | { kind: 'legacyEquation'; progId: string };

export interface Paragraph {
  /** 0-based, in reading order (table cells included), as problems report it. */
  index: number;
  style: string | null;
  /** Word's automatic numbering (w:numPr), read from the list definitions by the engines. */
  numbering: { numId: string; level: number } | null;
  inlines: Inline[];
  /** Where it stands in a table (0-based), if it does. */
  cell: { table: number; row: number; column: number } | null;
}

export interface WordDocument {
  paragraphs: Paragraph[];
}

const EMU_PER_PX = 9525;

function* childElements(el: Element): Generator<Element> {
  for (let node = el.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) yield node as Element;
}
const first = (el: Element | null, name: string): Element | null => {
  if (!el) return null;
  for (const c of childElements(el)) if (c.localName === name) return c;
  return null;
};
function attr(el: Element | null, name: string): string | null {
  if (!el) return null;
  for (let i = 0; i < el.attributes.length; i++) if (el.attributes[i].localName === name) return el.attributes[i].value;
  return null;
}
/** A toggle property (w:b, w:i): present and not turned off. */
const toggled = (rPr: Element | null, name: string) => {
  const el = first(rPr, name);
  return el !== null && !['0', 'false', 'off'].includes(attr(el, 'val') ?? '');
};
const descendants = (el: Element, name: string): Element[] => Array.from(el.getElementsByTagNameNS('*', name) as unknown as ArrayLike<Element>);

/**
 * The document body as paragraphs of text runs (with their formatting and font), equations as
 * LaTeX, pictures (with their size) and legacy equation objects, tables cell by cell. Deleted
 * text of tracked changes is left out; inserted text is in.
 */
export function readDocument(pkg: DocxPackage): WordDocument {
  const xml = pkg.xml('word/document.xml');
  const root = xml ? parseXml(xml) : null;
  const body = first(root, 'body');
  const fonts = loadFontContext(pkg);
  const relationships = pkg.relationships('word/document.xml');
  const paragraphs: Paragraph[] = [];
  let tables = 0;

  const readParagraph = (p: Element, cell: Paragraph['cell']) => {
    const pPr = first(p, 'pPr');
    const style = attr(first(pPr, 'pStyle'), 'val');
    const numPr = first(pPr, 'numPr');
    const numId = attr(first(numPr, 'numId'), 'val');
    const inlines: Inline[] = [];
    readInlines(p, style, inlines, fonts, (id) => relationships.get(id)?.target ?? null);
    paragraphs.push({
      index: paragraphs.length,
      style,
      numbering: numId && numId !== '0' ? { numId, level: Number(attr(first(numPr, 'ilvl'), 'val') ?? 0) } : null,
      inlines,
      cell,
    });
  };

  const readBlocks = (parent: Element, cell: Paragraph['cell']) => {
    for (const el of childElements(parent)) {
      if (el.localName === 'p') readParagraph(el, cell);
      else if (el.localName === 'tbl') {
        const table = tables++;
        let row = 0;
        for (const tr of childElements(el)) {
          if (tr.localName !== 'tr') continue;
          let column = 0;
          for (const tc of childElements(tr)) {
            if (tc.localName !== 'tc') continue;
            readBlocks(tc, { table, row, column });
            column += 1;
          }
          row += 1;
        }
      } else if (el.localName === 'sdt') readBlocks(first(el, 'sdtContent') ?? el, cell);
    }
  };
  if (body) readBlocks(body, null);
  return { paragraphs };
}

function readInlines(parent: Element, paragraphStyle: string | null, out: Inline[], fonts: FontContext, target: (id: string) => string | null): void {
  for (const el of childElements(parent)) {
    switch (el.localName) {
      case 'r':
        readRun(el, paragraphStyle, out, fonts, target);
        break;
      case 'oMath':
      case 'oMathPara':
        out.push({ kind: 'math', latex: ommlToLatex(el) });
        break;
      case 'hyperlink':
      case 'ins':
      case 'smartTag':
      case 'fldSimple':
        readInlines(el, paragraphStyle, out, fonts, target);
        break;
      case 'sdt':
        readInlines(first(el, 'sdtContent') ?? el, paragraphStyle, out, fonts, target);
        break;
      default:
        break; // pPr, del (deleted text), bookmarks, proofing marks
    }
  }
}

function readRun(run: Element, paragraphStyle: string | null, out: Inline[], fonts: FontContext, target: (id: string) => string | null): void {
  const rPr = first(run, 'rPr');
  const runFonts = resolveRunFonts(fonts, paragraphStyle, attr(first(rPr, 'rStyle'), 'val'), rPr);
  const complexScript = toggled(rPr, 'cs') || toggled(rPr, 'rtl');
  const vertAlign = attr(first(rPr, 'vertAlign'), 'val');
  const format = {
    bold: toggled(rPr, 'b'),
    italic: toggled(rPr, 'i'),
    underline: (attr(first(rPr, 'u'), 'val') ?? 'none') !== 'none',
    script: vertAlign === 'subscript' ? ('sub' as const) : vertAlign === 'superscript' ? ('sup' as const) : null,
  };
  const text = (value: string) => {
    if (!value) return;
    // The font that draws it: the first letter's (a run is one font per script).
    const letter = [...value].find((c) => /\S/.test(c)) ?? value[0];
    const font = fontForCharacter(runFonts, letter, complexScript);
    const last = out.at(-1);
    if (last?.kind === 'text' && last.font === font && last.bold === format.bold && last.italic === format.italic && last.underline === format.underline && last.script === format.script) last.text += value;
    else out.push({ kind: 'text', text: value, ...format, font });
  };
  for (const el of childElements(run)) {
    switch (el.localName) {
      case 't':
        text(el.textContent ?? '');
        break;
      case 'tab':
        text('\t');
        break;
      case 'br':
      case 'cr':
        text('\n');
        break;
      case 'drawing': {
        const blip = descendants(el, 'blip')[0];
        const extent = descendants(el, 'extent')[0];
        const id = attr(blip ?? null, 'embed');
        const size = (name: string) => (extent ? Math.round(Number(attr(extent, name)) / EMU_PER_PX) || null : null);
        out.push({ kind: 'picture', path: id ? target(id) : null, widthPx: size('cx'), heightPx: size('cy') });
        break;
      }
      case 'object':
      case 'pict': {
        const ole = descendants(el, 'OLEObject')[0];
        const progId = attr(ole ?? null, 'ProgID') ?? '';
        if (/equation|mathtype/i.test(progId)) out.push({ kind: 'legacyEquation', progId });
        else {
          const image = descendants(el, 'imagedata')[0];
          const id = attr(image ?? null, 'id');
          if (id) out.push({ kind: 'picture', path: target(id), widthPx: null, heightPx: null });
        }
        break;
      }
      default:
        break;
    }
  }
}

export { parseXml };

/** The legacy (non-Unicode) fonts a paragraph's text is in, if any. */
export function legacyFontsOf(paragraph: Paragraph): string[] {
  const faces = new Set<string>();
  for (const inline of paragraph.inlines) if (inline.kind === 'text' && inline.text.trim() && isLegacyFont(inline.font)) faces.add(inline.font!);
  return [...faces];
}

/** A paragraph's plain text, equations as `$latex$` (what the engines read lines from). */
export function paragraphText(paragraph: Paragraph): string {
  return paragraph.inlines.map((i) => (i.kind === 'text' ? i.text : i.kind === 'math' ? `$${i.latex}$` : '')).join('');
}
