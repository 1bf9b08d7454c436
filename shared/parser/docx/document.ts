import { parseXml } from './xml';
import { plainText } from '../content/inlines';
import { ommlToLatex } from '../omml/ommlToLatex';
import { isLegacyFont, loadFontContext, resolveRunFonts, fontForCharacter, styleNumbering, type FontContext } from './fonts';
import { symbolCharacter, symbolFontText } from './symbolFonts';
import { legacyVietnamese, unicodeFaceFor, vietnameseText } from './vietnameseFonts';
import type { DocxPackage } from './openDocx';
import { circleOfDrawing, circleOfVml, placeCircles, type DrawnCircle } from './circles';
import { formControlOf, type FormControl } from './formControls';

/** How the readers below find what a relationship of the document names. */
interface Parts {
  /** The part's path inside the package. */
  target(id: string): string | null;
  /** The form control (formControls.ts) that a w:control names, if it is one we read. */
  control(id: string): FormControl | null;
}

/** What a paragraph holds, in order. */
export type Inline =
  | ({ kind: 'text'; text: string; font: string | null } & RunFormat)
  | { kind: 'math'; latex: string }
  | { kind: 'picture'; path: string | null; widthPx: number | null; heightPx: number | null }
  /**
   * An equation object of Equation Editor 3.0 or MathType: the OLE part holding its MTEF and the
   * picture Word shows for it, read into LaTeX (or kept as that picture) by parseDocx.
   */
  | { kind: 'legacyEquation'; progId: string; ole: string | null; preview: string | null; widthPx: number | null; heightPx: number | null };

/**
 * How a run looks. Bold, italic, underline and scripts become HTML; colour and highlight are only
 * read, since teachers mark the correct option with them (engines/formatMarks.ts).
 */
export interface RunFormat {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  script: 'sub' | 'sup' | null;
  /** Text colour as RRGGBB, null for automatic or black. */
  color: string | null;
  /** Highlight or shading behind the text (a highlight name or RRGGBB), null for none. */
  highlight: string | null;
}

export interface Paragraph {
  /** 0-based, in reading order (table cells included), as problems report it. */
  index: number;
  style: string | null;
  /** Word's automatic numbering (w:numPr), read from the list definitions by the engines. */
  numbering: { numId: string; level: number } | null;
  inlines: Inline[];
  /** Where it stands in a table (0-based), if it does. */
  cell: { table: number; row: number; column: number } | null;
  /** A circle is drawn round it (docx/circles.ts): how a printed paper's key marks the right option. */
  circled?: boolean;
  /** The worked solution of the answer-key entry above it, known by the reader (a Hangul endnote's body after its answer). */
  keySolution?: boolean;
  /** Something in it the reader could not follow (it threw): its question is left out with a note, the rest of the paper read. */
  unreadable?: boolean;
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
  const target = (id: string) => relationships.get(id)?.target ?? null;
  const parts: Parts = { target, control: (id) => formControlOf(pkg, target(id)) };
  const paragraphs: Paragraph[] = [];
  const circles = new Map<number, DrawnCircle[]>();
  let tables = 0;

  const readParagraph = (p: Element, cell: Paragraph['cell']) => {
    const pPr = first(p, 'pPr');
    const style = attr(first(pPr, 'pStyle'), 'val');
    const numPr = first(pPr, 'numPr');
    const numId = attr(first(numPr, 'numId'), 'val');
    const inlines: Inline[] = [];
    // One paragraph the reader cannot follow never sinks the paper (a shape of XML no test has shown yet).
    let unreadable = false;
    try {
      readInlines(p, style, inlines, fonts, parts);
      inlines.push(...(floatingBoxes.get(inlines) ?? []));
    } catch {
      unreadable = true;
    }
    const drawn = drawnCircles.get(inlines);
    if (drawn) circles.set(paragraphs.length, drawn);
    paragraphs.push({
      index: paragraphs.length,
      style,
      numbering: numId
        ? numId !== '0'
          ? { numId, level: Number(attr(first(numPr, 'ilvl'), 'val') ?? 0) }
          : null
        : styleNumbering(fonts, style ?? fonts.defaultParagraphStyle),
      inlines,
      cell,
      ...(unreadable ? { unreadable } : {}),
    });
  };

  const readBlocks = (parent: Element, cell: Paragraph['cell']) => {
    for (const el of childElements(parent)) {
      if (el.localName === 'p') readParagraph(el, cell);
      else if (el.localName === 'tbl' && cell && oneCell(el)) {
        // A box inside a cell (a one-cell table nested in it): its lines are the cell's, in place, so the outer table stays one.
        readBlocks(first(first(el, 'tr'), 'tc') ?? el, cell);
      } else if (el.localName === 'tbl') {
        const table = tables++;
        let row = 0;
        for (const tr of childElements(el)) {
          if (tr.localName !== 'tr') continue;
          let column = 0;
          for (const tc of childElements(tr)) {
            if (tc.localName !== 'tc') continue;
            const from = paragraphs.length;
            readBlocks(tc, { table, row, column });
            shadeCell(paragraphs.slice(from), attr(first(first(tc, 'tcPr'), 'shd'), 'fill'));
            column += 1;
          }
          row += 1;
        }
      } else if (el.localName === 'sdt') readBlocks(first(el, 'sdtContent') ?? el, cell);
      else if (el.localName === 'customXml') readBlocks(el, cell);
    }
  };
  if (body) readBlocks(body, null);
  const cellOf = (index: number) => JSON.stringify(paragraphs[index].cell);
  for (const index of placeCircles(circles, cellOf, paragraphs.length)) paragraphs[index].circled = true;
  return { paragraphs };
}

/**
 * A cell shaded in a colour (w:tcPr/w:shd, the right option's cell of a quiz exported from the web): its
 * words have that colour behind them, as a highlight does, where they have none of their own.
 */
function shadeCell(paragraphs: Paragraph[], fill: string | null): void {
  const colour = fill?.toUpperCase();
  if (!colour || ['AUTO', 'FFFFFF', '000000'].includes(colour)) return;
  for (const paragraph of paragraphs)
    paragraph.inlines = paragraph.inlines.map((inline) =>
      inline.kind === 'text' && !inline.highlight && inline.text.trim() ? { ...inline, highlight: colour } : inline,
    );
}

/** A table of one row of one cell. */
const oneCell = (tbl: Element) => {
  const rows = [...childElements(tbl)].filter((el) => el.localName === 'tr');
  return rows.length === 1 && [...childElements(rows[0])].filter((el) => el.localName === 'tc').length === 1;
};

function readInlines(parent: Element, paragraphStyle: string | null, out: Inline[], fonts: FontContext, parts: Parts): void {
  for (const el of childElements(parent)) {
    switch (el.localName) {
      case 'r':
        readRun(el, paragraphStyle, out, fonts, parts);
        break;
      case 'oMath':
      case 'oMathPara':
        out.push({ kind: 'math', latex: ommlToLatex(el) });
        break;
      case 'hyperlink':
      case 'ins':
      case 'moveTo':
      case 'smartTag':
      case 'customXml':
      case 'dir':
      case 'bdo':
      case 'fldSimple':
        readInlines(el, paragraphStyle, out, fonts, parts);
        break;
      case 'sdt':
        readInlines(first(el, 'sdtContent') ?? el, paragraphStyle, out, fonts, parts);
        break;
      default:
        break; // pPr, del (deleted text), bookmarks, proofing marks
    }
  }
}

/** The circles drawn in the paragraph an inline list is read into (placed on their lines once the document is read). */
const drawnCircles = new WeakMap<Inline[], DrawnCircle[]>();
const addCircle = (out: Inline[], circle: DrawnCircle | null) => {
  if (circle) drawnCircles.set(out, [...(drawnCircles.get(out) ?? []), circle]);
};

/** The complex fields open in the paragraph an inline list is read into, innermost last: in their instructions, or in their result. */
const openFields = new WeakMap<Inline[], ('instructions' | 'result')[]>();

function readRun(run: Element, paragraphStyle: string | null, out: Inline[], fonts: FontContext, parts: Parts): void {
  const rPr = first(run, 'rPr');
  const runFonts = resolveRunFonts(fonts, paragraphStyle, attr(first(rPr, 'rStyle'), 'val'), rPr);
  const complexScript = toggled(rPr, 'cs') || toggled(rPr, 'rtl');
  const hidden = toggled(rPr, 'vanish');
  const vertAlign = attr(first(rPr, 'vertAlign'), 'val');
  const color = attr(first(rPr, 'color'), 'val')?.toUpperCase() ?? null;
  const highlight = attr(first(rPr, 'highlight'), 'val');
  const shading = attr(first(rPr, 'shd'), 'fill')?.toUpperCase() ?? null;
  const format: RunFormat = {
    bold: toggled(rPr, 'b'),
    italic: toggled(rPr, 'i'),
    underline: (attr(first(rPr, 'u'), 'val') ?? 'none') !== 'none',
    script: vertAlign === 'subscript' ? 'sub' : vertAlign === 'superscript' ? 'sup' : null,
    color: color && !['AUTO', '000000'].includes(color) ? color : null,
    highlight: highlight && highlight !== 'none' ? highlight : shading && !['AUTO', 'FFFFFF'].includes(shading) ? shading : null,
  };
  const text = (value: string) => {
    if (!value) return;
    // The font that draws it: the first letter's (a run is one font per script).
    const letter = [...value].find((c) => /\S/.test(c)) ?? value[0];
    let font = fontForCharacter(runFonts, letter, complexScript);
    // TCVN3 and VNI Vietnamese: Unicode text in the Office face that looks the same.
    if (legacyVietnamese(font)) {
      value = vietnameseText(font!, value);
      font = unicodeFaceFor(font!);
    }
    const last = out.at(-1);
    if (last?.kind === 'text' && last.font === font && sameFormat(last, format)) last.text += value;
    else out.push({ kind: 'text', text: value, ...format, font });
  };
  // A complex field runs from its begin mark through its instructions to its separate mark, then its result to its end mark.
  const fields = openFields.get(out) ?? [];
  openFields.set(out, fields);
  for (const el of childElements(run)) {
    if (el.localName === 'fldChar') {
      const type = attr(el, 'fldCharType');
      if (type === 'begin') fields.push('instructions');
      else if (type === 'separate' && fields.length) fields[fields.length - 1] = 'result';
      else if (type === 'end') fields.pop();
      continue;
    }
    // What a field's instructions hold (a QUOTE field's copy of its picture, an IF's branches) is not shown: only its result is;
    // nor is hidden text (Format > Font > Hidden: a web form's "Top of Form" pasted into Word).
    if (fields.includes('instructions') || hidden) continue;
    switch (el.localName) {
      case 't':
        // Old papers write Greek and maths in the Symbol font ("p" drawn as π): the Unicode character it shows.
        text(symbolFontText(runFonts.ascii ?? runFonts.hAnsi, el.textContent ?? ''));
        break;
      case 'sym': {
        // Insert > Symbol: a character of a symbol font (a Wingdings tick beside the right option, a Symbol-font α).
        const character = symbolCharacter(attr(el, 'font'), attr(el, 'char'));
        if (character) text(character);
        break;
      }
      case 'noBreakHyphen':
        text('-');
        break;
      case 'tab':
        text('\t');
        break;
      case 'br':
      case 'cr':
        text('\n');
        break;
      case 'drawing':
        addCircle(out, circleOfDrawing(el));
        // A floating box (wp:anchor) stands beside or below its paragraph's text on the page: its words follow that text.
        readDrawing(el, out, (box) => readBox(box, paragraphStyle, boxOut(out, first(el, 'anchor') !== null), fonts, parts), parts);
        break;
      case 'AlternateContent':
        // Word 2010+ shapes: the mc:Choice in DrawingML, the mc:Fallback in VML for older readers. Read one, never both.
        readRun(alternative(el) ?? el, paragraphStyle, out, fonts, parts);
        break;
      case 'pict':
      case 'object': {
        // A form control of a web page saved into Word (a quiz's radio buttons): its box, ticked when it was checked, not its picture.
        const control = first(el, 'control');
        if (control) {
          const found = parts.control(attr(control, 'id') ?? '');
          if (found) text(found.kind === 'text' ? '_____ ' : found.checked ? '☑ ' : '☐ ');
          break;
        }
        // Old files keep an equation object in w:pict too; anything else is VML: pictures and text boxes.
        const ole = descendants(el, 'OLEObject')[0] ?? null;
        const progId = attr(ole, 'ProgID') ?? '';
        if (/equation|mathtype|dsmt/i.test(progId)) {
          const image = descendants(el, 'imagedata')[0] ?? null;
          const id = attr(image, 'id');
          const oleId = attr(ole, 'id');
          const shape = descendants(el, 'shape')[0] ?? null;
          const size = (name: string) => {
            const found = new RegExp(`${name}:\\s*([\\d.]+)pt`).exec(attr(shape, 'style') ?? '');
            return found ? Math.round((Number(found[1]) * 96) / 72) || null : null;
          };
          out.push({
            kind: 'legacyEquation',
            progId,
            ole: oleId ? parts.target(oleId) : null,
            preview: id ? parts.target(id) : null,
            widthPx: size('width'),
            heightPx: size('height'),
          });
        } else {
          addCircle(out, circleOfVml(el));
          // A VML shape placed on the page (position:absolute) floats like a wp:anchor.
          const floating = descendants(el, 'shape').some((shape) => /position\s*:\s*absolute/i.test(attr(shape, 'style') ?? ''));
          readVml(el, out, (box) => readBox(box, paragraphStyle, boxOut(out, floating), fonts, parts), parts);
        }
        break;
      }
      default:
        break;
    }
  }
}

const sameFormat = (a: RunFormat, b: RunFormat) =>
  a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.script === b.script && a.color === b.color && a.highlight === b.highlight;

/** The branch of mc:AlternateContent to read: the first mc:Choice holding content, else mc:Fallback. */
function alternative(el: Element): Element | null {
  for (const c of childElements(el)) if (c.localName === 'Choice' && first(c, 'drawing')) return c;
  return first(el, 'Fallback') ?? first(el, 'Choice');
}

/** Whether an element lies inside a text box (its pictures are read with the box's text). */
function inBox(el: Element, stop: Element): boolean {
  for (let node = el.parentNode as Element | null; node && node !== stop; node = node.parentNode as Element | null)
    if (node.localName === 'txbxContent') return true;
  return false;
}

/**
 * A DrawingML drawing: a picture, a group or a drawing canvas of pictures (each one kept, at its
 * own size), or a shape with a text box, whose words and pictures stay in place in the paragraph.
 */
function readDrawing(el: Element, out: Inline[], readBoxContent: (box: Element) => void, parts: Parts): void {
  const extent = descendants(el, 'extent')[0] ?? null;
  const blips = descendants(el, 'blip').filter((b) => !inBox(b, el));
  for (const blip of blips) {
    const id = attr(blip, 'embed') ?? attr(blip, 'link');
    if (!id) continue;
    // One picture: the drawing's size; several (a canvas, a group): each picture's own.
    const own = blips.length > 1 ? (descendants(blip.parentNode!.parentNode as Element, 'ext')[0] ?? null) : extent;
    const size = (name: string) => (own ? Math.round(Number(attr(own, name)) / EMU_PER_PX) || null : null);
    out.push({ kind: 'picture', path: parts.target(id), widthPx: size('cx'), heightPx: size('cy') });
  }
  for (const box of descendants(el, 'txbxContent').filter((b) => !inBox(b, el))) readBoxContent(box);
}

/** A VML picture or shape (w:pict, w:object): its pictures, and the text of its text box. */
function readVml(el: Element, out: Inline[], readBoxContent: (box: Element) => void, parts: Parts): void {
  for (const image of descendants(el, 'imagedata').filter((i) => !inBox(i, el))) {
    const id = attr(image, 'id');
    if (id) out.push({ kind: 'picture', path: parts.target(id), widthPx: null, heightPx: null });
  }
  for (const box of descendants(el, 'txbxContent').filter((b) => !inBox(b, el))) readBoxContent(box);
}

/** The words of a paragraph's floating text boxes, read after its own text (by the paragraph's inlines). */
const floatingBoxes = new WeakMap<Inline[], Inline[]>();
/** Those lists themselves: a box floating inside a floating box stays in place among its words. */
const deferred = new WeakSet<Inline[]>();
/** Where a text box's lines go: in place for a box in the line, after the paragraph's text for a floating one. */
function boxOut(out: Inline[], floating: boolean): Inline[] {
  if (!floating || deferred.has(out)) return out;
  const lines = floatingBoxes.get(out) ?? [];
  floatingBoxes.set(out, lines);
  deferred.add(lines);
  return lines;
}

/** A text box's paragraphs, in the paragraph that holds it, each on a line of its own. */
function readBox(box: Element, paragraphStyle: string | null, out: Inline[], fonts: FontContext, parts: Parts): void {
  for (const p of descendants(box, 'p')) {
    if (inBox(p, box)) continue;
    // The line break goes first, so the box's words never run into the text before it (a plain run may merge into it:
    // the break goes again only when nothing came after it).
    const lineBreak = plainText('\n');
    out.push(lineBreak);
    readInlines(p, paragraphStyle, out, fonts, parts);
    if (out.at(-1) === lineBreak && lineBreak.text === '\n') out.pop();
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
