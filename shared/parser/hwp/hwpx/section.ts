import type { Inline, Paragraph, RunFormat } from '../../docx/document';
import { privateUseCircled } from '../../docx/symbolFonts';
import { hwpEquationToLatex } from '../equation';
import { attr, childElements, children, first, firstDescendant, intAttr } from './dom';
import { PLAIN, rgb, type CharShape, type HwpxStyles } from './header';
import type { NumberedHead } from './numbering';

/**
 * A paragraph as a section is read, before it has its place: the engines' Paragraph is made from
 * it once the whole document (and its endnotes) is read.
 */
export interface Draft {
  inlines: Inline[];
  cell: Paragraph['cell'];
  style: string | null;
  /** Its numbered head (on the first piece of a paragraph only). */
  head: NumberedHead | null;
  /** It stood before a table of its own paragraph: left out when nothing else stands in it (Word's tables are blocks, Hangul's sit in a paragraph). */
  heldBlock: boolean;
  /** An endnote's paragraph after its first: the worked solution of the key entry the first gives. */
  keySolution?: boolean;
  /** The text of the footnotes standing in it, in order. */
  footnotes: string[];
  /** Equation scripts kept as text because they could not be translated. */
  untranslated: string[];
}

/** An endnote: the answer key of a Korean paper is often written in them (first line the answer, then the worked solution). */
export interface Endnote {
  /** The number Hangul shows for it. */
  number: number;
  /** The paragraph whose text holds its mark. */
  anchor: Draft;
  paragraphs: Draft[];
  /** Its mark stands before any text of its paragraph (where a question's number would). */
  first: boolean;
}

export interface SectionContext {
  styles: HwpxStyles;
  /** A picture's path in the package by its binaryItemIDRef. */
  picturePath(id: string): string | null;
  endnotes: Endnote[];
  /** Tables read so far (a table's number; renumbered in reading order once the document is read). */
  tables: number;
  /** The numbering OUTLINE paragraphs count in: the section's outlineShapeIDRef. */
  outlineId: string | null;
}

const HWPUNIT_PER_INCH = 7200;
const px = (unit: number | null) => (unit && unit > 0 ? Math.round((unit * 96) / HWPUNIT_PER_INCH) || null : null);
const DRAWINGS = new Set(['rect', 'ellipse', 'arc', 'polygon', 'curve', 'line', 'connectLine']);

export const newDraft = (cell: Paragraph['cell'], style: string | null, head: NumberedHead | null = null): Draft => ({
  inlines: [],
  cell,
  style,
  head,
  heldBlock: false,
  footnotes: [],
  untranslated: [],
});

/** Anything a reader sees in a piece: words, a picture, an equation. */
const hasContent = (draft: Draft) => draft.inlines.some((inline) => inline.kind !== 'text' || inline.text.trim() !== '');

const sameFormat = (a: RunFormat, b: RunFormat) =>
  a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.script === b.script && a.color === b.color && a.highlight === b.highlight;

/**
 * Where a paragraph's content goes: its draft, until a table splits it (the table's cells come
 * next in reading order, and what follows the table in the paragraph goes in a new piece). Marks
 * of a markpen (형광펜) and tracked deletions are open between their begin and end, across runs.
 */
export class Cursor {
  markpen: string | null = null;
  deleted = false;
  readonly out: Draft[];
  private draft: Draft | null;
  /** The piece a table split off, until the paragraph goes on after the table. */
  private held: Draft | null = null;
  /** Where a new piece stands: the paragraph's cell and style. */
  readonly cell: Paragraph['cell'];
  private readonly style: string | null;
  constructor(out: Draft[], draft: Draft) {
    this.out = out;
    this.draft = draft;
    this.cell = draft.cell;
    this.style = draft.style;
  }

  target(): Draft {
    if (!this.draft) {
      // A numbered paragraph that opens with its table (the paper's title box before question 1):
      // the number Hangul shows stands before the words after the table, not before nothing.
      const held = this.held;
      const carried = held && held.head && !hasContent(held) ? held.head : null;
      if (held && carried) held.head = null;
      this.held = null;
      this.draft = newDraft(this.cell, this.style, carried);
      this.out.push(this.draft);
    }
    return this.draft;
  }

  push(inline: Inline): void {
    if (!this.deleted) this.target().inlines.push(inline);
  }

  /** A figure floating over the page, anchored somewhere in the paragraph (maybe inside a word): it goes after the paragraph's words. */
  private floating: Inline[] = [];
  float(inline: Inline): void {
    if (!this.deleted) this.floating.push(inline);
  }
  /** The paragraph is read: its floating figures go after its words. */
  end(): void {
    for (const inline of this.floating) this.target().inlines.push(inline);
    this.floating = [];
  }

  text(written: string, shape: CharShape): void {
    if (!written || this.deleted) return;
    const value = privateUseCircled(written);
    const { font, ...own } = shape;
    // A markpen stroke is a highlight, over any shading: teachers mark the right answer with it.
    const format: RunFormat = { ...own, highlight: this.markpen ?? own.highlight };
    const inlines = this.target().inlines;
    const last = inlines.at(-1);
    if (last?.kind === 'text' && last.font === font && sameFormat(last, format)) last.text += value;
    else inlines.push({ kind: 'text', text: value, font, ...format });
  }

  /** A table follows: what was read so far stays in its piece, what follows goes in a new one. */
  split(): void {
    if (this.draft) {
      this.draft.heldBlock = true;
      this.held = this.draft;
    }
    this.draft = null;
  }
}

/** A section's paragraphs (hs:sec > hp:p), tables' cells and the pieces tables split paragraphs into, in reading order. */
export function readSection(root: Element, ctx: SectionContext): Draft[] {
  const outline = attr(firstDescendant(root, 'secPr'), 'outlineShapeIDRef');
  if (outline !== null) ctx.outlineId = outline;
  const out: Draft[] = [];
  for (const p of children(root, 'p')) readParagraph(p, null, ctx, out);
  return out;
}

export function readParagraph(p: Element, cell: Paragraph['cell'], ctx: SectionContext, out: Draft[]): void {
  const heading = ctx.styles.headings.get(attr(p, 'paraPrIDRef') ?? '');
  const head: NumberedHead | null = heading
    ? { type: heading.type, id: heading.type === 'OUTLINE' ? (ctx.outlineId ?? heading.idRef) : heading.idRef, level: heading.level }
    : null;
  const draft = newDraft(cell, ctx.styles.styleNames.get(attr(p, 'styleIDRef') ?? '') || null, head);
  out.push(draft);
  const cursor = new Cursor(out, draft);
  readRuns(p, cursor, ctx);
  cursor.end();
}

function readRuns(p: Element, cursor: Cursor, ctx: SectionContext): void {
  // Words of the paragraph's own (not of its objects): a box among them stands inside a sentence.
  const worded = [...children(p, 'run')].some((run) => [...children(run, 't')].some((t) => (t.textContent ?? '').trim() !== ''));
  for (const run of children(p, 'run')) {
    const shape = ctx.styles.charShapes.get(attr(run, 'charPrIDRef') ?? '') ?? PLAIN;
    for (const el of childElements(run)) {
      if (el.localName === 't') readText(el, shape, cursor);
      else if (el.localName === 'ctrl') readControls(el, cursor, ctx);
      else readObject(el, shape, cursor, ctx, worded);
    }
  }
}

/** hp:t: text, with tabs, line breaks and the marks that open and close a markpen stroke or a tracked deletion. */
function readText(t: Element, shape: CharShape, cursor: Cursor): void {
  for (let node = t.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      cursor.text(node.textContent ?? '', shape);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    switch (el.localName) {
      case 'tab':
        cursor.text('\t', shape);
        break;
      case 'lineBreak':
        cursor.text('\n', shape);
        break;
      case 'hyphen':
        cursor.text('-', shape);
        break;
      case 'nbSpace':
      case 'fwSpace':
        cursor.text(' ', shape);
        break;
      case 'markpenBegin':
        cursor.markpen = rgb(attr(el, 'color')) ?? 'FFFF00';
        break;
      case 'markpenEnd':
        cursor.markpen = null;
        break;
      case 'deleteBegin':
        cursor.deleted = true; // deleted text of tracked changes is left out, as the Word reader leaves out w:del
        break;
      case 'deleteEnd':
        cursor.deleted = false;
        break;
      default:
        break; // titleMark, insertBegin/End: inserted text is in
    }
  }
}

/**
 * hp:ctrl: of its controls only notes hold the document's words. Endnotes are collected (the
 * answer key goes after the body, see sourceDocument.ts); a footnote's text is added in
 * parentheses at the end of its paragraph. Headers, footers, page numbers, column and section
 * definitions, hidden comments, bookmarks, automatic numbers and fields' instructions
 * (hp:fieldBegin's parameters) are not the body's text; a field's result is, in the runs between
 * fieldBegin and fieldEnd.
 */
function readControls(ctrl: Element, cursor: Cursor, ctx: SectionContext): void {
  for (const el of childElements(ctrl)) {
    if (el.localName === 'footNote') {
      const drafts = readNote(el, ctx);
      const text = drafts
        .map((draft) => textOf(draft.inlines))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      const anchor = cursor.target();
      if (text) anchor.footnotes.push(text);
      // An equation of the note that stays a script is noted at the paragraph the note's text goes to.
      anchor.untranslated.push(...drafts.flatMap((draft) => draft.untranslated));
    } else if (el.localName === 'endNote') {
      const anchor = cursor.target();
      const first = !textOf(anchor.inlines).trim();
      ctx.endnotes.push({ number: intAttr(el, 'number') ?? ctx.endnotes.length + 1, anchor, paragraphs: readNote(el, ctx), first });
    }
  }
}

function readNote(note: Element, ctx: SectionContext): Draft[] {
  const out: Draft[] = [];
  // A note in a note is not Hangul's; its paragraphs are read without their own notes' places mattering.
  for (const p of children(first(note, 'subList'), 'p')) readParagraph(p, null, ctx, out);
  return out;
}

/** An object in a run: a table, a picture, an equation, a drawing (its text box read in place), a group of them. */
function readObject(el: Element, shape: CharShape, cursor: Cursor, ctx: SectionContext, worded = false): void {
  switch (el.localName) {
    case 'tbl':
      if (!(worded && (readBoxedWordTable(el, cursor, ctx) || readFractionTable(el, cursor, ctx)))) readTable(el, cursor, ctx);
      break;
    case 'pic':
      readPicture(el, cursor, ctx);
      break;
    case 'equation':
      readEquation(el, shape, cursor);
      break;
    case 'container':
      for (const child of childElements(el)) readObject(child, shape, cursor, ctx);
      break;
    case 'compose': {
      // 글자 겹치기: characters drawn over each other, most often a number in a circle (㉑, or ① typed so).
      const text = attr(el, 'composeText') ?? '';
      const circled = /CIRCLE/i.test(attr(el, 'circleType') ?? '') && /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 20;
      cursor.text(circled ? String.fromCodePoint(0x2460 + Number(text) - 1) : text, shape);
      break;
    }
    case 'dutmal':
      cursor.text(first(el, 'mainText')?.textContent ?? '', shape); // the text, not its ruby
      break;
    case 'textart':
      cursor.text(attr(el, 'text') ?? '', shape);
      break;
    default:
      if (DRAWINGS.has(el.localName)) readDrawText(el, cursor, ctx);
      break; // secPr, OLE objects, charts, video, form controls
  }
}

/**
 * A shape's text box (hp:drawText): its paragraphs are read in place, each on a line of its own,
 * as the Word reader reads a text box (a boxed <보기> is often a rectangle with text); a floating
 * box's paragraphs as paragraphs of their own, where it is anchored.
 */
function readDrawText(shape: Element, cursor: Cursor, ctx: SectionContext): void {
  const paragraphs = [...children(first(first(shape, 'drawText'), 'subList'), 'p')];
  // A word boxed inside a sentence (a shape placed as a character, one short paragraph): read in place, as the sentence reads.
  if (attr(first(shape, 'pos'), 'treatAsChar') === '1' && paragraphs.length === 1 && isBoxedWord(paragraphs[0].textContent ?? '')) {
    readRuns(paragraphs[0], cursor, ctx);
    return;
  }
  // A box floating over the page (a page's running title drawn as a group, a side note): its lines stand apart from the paragraph that anchors it.
  if (attr(first(shape, 'pos'), 'treatAsChar') !== '1') {
    cursor.split();
    for (const p of paragraphs) readParagraph(p, cursor.cell, ctx, cursor.out);
    return;
  }
  for (const p of paragraphs) {
    cursor.text('\n', PLAIN);
    readRuns(p, cursor, ctx);
  }
  if (paragraphs.length) cursor.text('\n', PLAIN); // the paragraph's words after the box never run into its last line
}

/**
 * A word boxed inside a sentence as a one-cell table placed as a character (asked only in a
 * paragraph with words of its own): "이 현상 [㉠]을" reads "㉠을", in place. False for any other
 * table (a banner box stands alone).
 */
function readBoxedWordTable(tbl: Element, cursor: Cursor, ctx: SectionContext): boolean {
  const cells = [...children(tbl, 'tr')].flatMap((tr) => [...children(tr, 'tc')]);
  if (attr(first(tbl, 'pos'), 'treatAsChar') !== '1' || cells.length !== 1) return false;
  const paragraphs = [...children(first(cells[0], 'subList'), 'p')];
  const text = paragraphs.map((p) => p.textContent ?? '').join('\n');
  if (paragraphs.length !== 1 || !isBoxedWord(text) || firstDescendant(paragraphs[0], 'equation') || firstDescendant(paragraphs[0], 'pic')) return false;
  readRuns(paragraphs[0], cursor, ctx);
  return true;
}

/**
 * A fraction drawn as a table of two rows in one column, placed as a character inside a sentence:
 * read in place, numerator then denominator, the sentence going on after it as written (as
 * binary/body.ts reads it in an .hwp).
 */
function readFractionTable(tbl: Element, cursor: Cursor, ctx: SectionContext): boolean {
  const rows = [...children(tbl, 'tr')].map((tr) => [...children(tr, 'tc')]);
  if (attr(first(tbl, 'pos'), 'treatAsChar') !== '1' || rows.length !== 2 || rows.some((cells) => cells.length !== 1)) return false;
  const paragraphs = rows.map(([cell]) => [...children(first(cell, 'subList'), 'p')]);
  const short = (ps: Element[]) =>
    ps.length === 1 && (ps[0].textContent ?? '').length <= 60 && !firstDescendant(ps[0], 'pic') && !firstDescendant(ps[0], 'tbl');
  if (!paragraphs.every(short)) return false;
  readRuns(paragraphs[0][0], cursor, ctx);
  cursor.text(' ', PLAIN);
  readRuns(paragraphs[1][0], cursor, ctx);
  return true;
}

function readTable(tbl: Element, cursor: Cursor, ctx: SectionContext): void {
  cursor.split();
  // Its caption ("(단위: %)" over a data table) is text the reader sees, beside the table, not in a cell.
  const caption = first(tbl, 'caption');
  const captionAfter = /^(BOTTOM|RIGHT)$/.test(attr(caption, 'side') ?? '');
  const readCaption = () => {
    for (const p of children(first(caption, 'subList'), 'p')) readParagraph(p, cursor.cell, ctx, cursor.out);
  };
  if (caption && !captionAfter) readCaption();
  const table = ctx.tables++;
  let rowAt = 0;
  for (const tr of children(tbl, 'tr')) {
    let columnAt = 0;
    for (const tc of children(tr, 'tc')) {
      // The cell's place in the table's grid (merged cells leave gaps), else its place in the row.
      const address = first(tc, 'cellAddr');
      const cell = { table, row: intAttr(address, 'rowAddr') ?? rowAt, column: intAttr(address, 'colAddr') ?? columnAt };
      for (const p of children(first(tc, 'subList'), 'p')) readParagraph(p, cell, ctx, cursor.out);
      columnAt += 1;
    }
    rowAt += 1;
  }
  if (caption && captionAfter) readCaption();
}

/** hp:pic: the picture its hc:img names, at the size it is shown (hp:sz, else curSz, else orgSz; HWPUNIT is 1/7200 inch). */
function readPicture(pic: Element, cursor: Cursor, ctx: SectionContext): void {
  const id = attr(first(pic, 'img') ?? firstDescendant(pic, 'img'), 'binaryItemIDRef');
  // Drawn behind the text: a frame or a background (a letter's window, a notice's pinned sheet), no picture of the question's.
  if (!id || attr(pic, 'textWrap') === 'BEHIND_TEXT') return;
  const size = ['sz', 'curSz', 'orgSz'].map((name) => first(pic, name)).find((el) => (intAttr(el, 'width') ?? 0) > 0 && (intAttr(el, 'height') ?? 0) > 0);
  const picture: Inline = {
    kind: 'picture',
    path: ctx.picturePath(id),
    widthPx: px(intAttr(size ?? null, 'width')),
    heightPx: px(intAttr(size ?? null, 'height')),
  };
  // Placed as a character, it stands in the sentence; floating, after the paragraph's words (not inside the word that anchors it).
  if (attr(first(pic, 'pos'), 'treatAsChar') === '0') cursor.float(picture);
  else cursor.push(picture);
}

/** hp:equation: its script as LaTeX; a script the translator cannot read stays as text, and the paragraph says so. */
function readEquation(equation: Element, shape: CharShape, cursor: Cursor): void {
  const script = first(equation, 'script')?.textContent ?? '';
  if (!script.trim()) return;
  const latex = hwpEquationToLatex(script);
  if (latex === null) {
    cursor.text(script, shape);
    if (!cursor.deleted) cursor.target().untranslated.push(script);
  } else if (latex) cursor.push({ kind: 'math', latex });
}

/** Inlines' plain text, equations as `$latex$` (as paragraphText in docx/document.ts). */
/** A box's text short enough to be a word or two of the sentence it stands in ("(가)", a name): no tab, no line, 20 characters at most. */
export const isBoxedWord = (text: string) => text.trim().length > 0 && text.trim().length <= 20 && !/[\t\n]/.test(text.trim());

export const textOf = (inlines: Inline[]) => inlines.map((i) => (i.kind === 'text' ? i.text : i.kind === 'math' ? `$${i.latex}$` : '')).join('');
