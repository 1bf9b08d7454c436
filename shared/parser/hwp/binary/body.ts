import { hwpEquationToLatex } from '../equation';
import { readUtf16, u16, u32, TAG, type HwpRecord } from '../anonymise/records';
import { paraPieces } from '../anonymise/paraText';
import { PLAIN, type CharShape, type HwpxStyles } from '../hwpx/header';
import { Cursor, isBoxedWord, newDraft, textOf, type Draft, type Endnote } from '../hwpx/section';
import type { NumberedHead } from '../hwpx/numbering';
import type { Paragraph } from '../../docx/document';

/**
 * The body of an HWP 5.0 file (BodyText/Section*): records nested by their level, read into the
 * drafts the .hwpx reader makes (hwpx/section.ts), so both formats end the same way. A paragraph
 * is a PARA_HEADER with its text (PARA_TEXT), its character shapes by position (PARA_CHAR_SHAPE)
 * and its controls (CTRL_HEADER), taken in the order their extended control characters stand in
 * the text: tables (cells: LIST_HEADER then paragraphs), drawing objects (pictures, text boxes),
 * equations (EQEDIT), footnotes and endnotes.
 */
export interface Node {
  record: HwpRecord;
  children: Node[];
}

export interface BodyContext {
  styles: HwpxStyles;
  binData: Map<number, string>;
  endnotes: Endnote[];
  tables: number;
}

/** Records as a tree: a record's children are the records after it one level deeper. */
export function treeOf(records: HwpRecord[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const record of records) {
    const node = { record, children: [] };
    while (stack.length && stack[stack.length - 1].record.level >= record.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

/** Controls whose character (8 units) stands for a CTRL_HEADER record: the others are inline (a tab) or one unit. */
const EXTENDED = new Set([1, 2, 3, 11, 12, 14, 15, 16, 17, 18, 21, 22, 23]);
const HWPUNIT_PER_INCH = 7200;
const px = (unit: number) => (unit > 0 ? Math.round((unit * 96) / HWPUNIT_PER_INCH) || null : null);
/** A control's id, written as four characters ("tbl ", "gso ", "eqed", "en  "). */
const ctrlId = (d: Uint8Array) => String.fromCharCode(d[3] ?? 0, d[2] ?? 0, d[1] ?? 0, d[0] ?? 0);

export function readParagraphs(nodes: Node[], cell: Paragraph['cell'], ctx: BodyContext, out: Draft[]): void {
  for (const node of nodes) if (node.record.tag === TAG.PARA_HEADER) readParagraph(node, cell, ctx, out);
}

function readParagraph(node: Node, cell: Paragraph['cell'], ctx: BodyContext, out: Draft[]): void {
  const header = node.record.data;
  const heading = ctx.styles.headings.get(String(u16(header, 8)));
  const head: NumberedHead | null = heading ? { type: heading.type, id: heading.idRef, level: heading.level } : null;
  const draft = newDraft(cell, ctx.styles.styleNames.get(String(header[10] ?? -1)) || null, head);
  out.push(draft);
  const cursor = new Cursor(out, draft);
  const text = node.children.find((c) => c.record.tag === TAG.PARA_TEXT)?.record.data;
  const shapes = node.children.find((c) => c.record.tag === TAG.PARA_CHAR_SHAPE)?.record.data;
  const controls = node.children.filter((c) => c.record.tag === TAG.CTRL_HEADER);
  const shapeAt = (position: number) => {
    let id = u32(shapes ?? new Uint8Array(8), 4);
    for (let at = 0; shapes && at + 8 <= shapes.length && u32(shapes, at) <= position; at += 8) id = u32(shapes, at + 4);
    return ctx.styles.charShapes.get(String(id)) ?? PLAIN;
  };
  let control = 0;
  const pieces = text ? paraPieces(text) : [];
  // Words in the paragraph besides its controls: a box among them stands inside a sentence.
  const worded = pieces.some((piece) => piece.kind === 'text' && piece.text.trim() !== '');
  for (const piece of pieces) {
    if (piece.kind === 'text') cursor.text(piece.text, shapeAt(piece.at));
    else if (piece.code === 9) cursor.text('\t', shapeAt(piece.at));
    else if (piece.code === 10) cursor.text('\n', shapeAt(piece.at));
    else if (piece.code === 24 || piece.code === 30 || piece.code === 31) cursor.text(piece.code === 24 ? '-' : ' ', shapeAt(piece.at));
    else if (EXTENDED.has(piece.code) && controls[control]) readControl(controls[control++], cursor, ctx, shapeAt(piece.at), worded);
  }
  cursor.end();
}

function readControl(node: Node, cursor: Cursor, ctx: BodyContext, shape: CharShape, worded: boolean): void {
  const id = ctrlId(node.record.data);
  if (
    id === 'tbl ' &&
    worded &&
    (tentatively(ctx, () => readBoxedWordTable(node, cursor, ctx)) || tentatively(ctx, () => readFractionTable(node, cursor, ctx)))
  )
    return;
  if (id === 'tbl ') readTable(node, cursor, ctx);
  else if (id === 'eqed') readEquation(node, cursor, shape);
  else if (id === 'gso ') readDrawing(node, cursor, ctx);
  else if (id === 'en  ') {
    const paragraphs: Draft[] = [];
    readParagraphs(node.children, null, ctx, paragraphs);
    // The number Hangul shows (a paper may start it again, as an elective part's 23-30 do), after the control's id.
    const shown = node.record.data.length >= 8 ? u32(node.record.data, 4) : 0;
    const anchor = cursor.target();
    ctx.endnotes.push({ number: shown > 0 && shown < 10000 ? shown : ctx.endnotes.length + 1, anchor, paragraphs, first: !textOf(anchor.inlines).trim() });
  } else if (id === 'fn  ') {
    const paragraphs: Draft[] = [];
    readParagraphs(node.children, null, ctx, paragraphs);
    const note = paragraphs
      .map((d) => textOf(d.inlines))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (note) cursor.target().footnotes.push(note);
    cursor.target().untranslated.push(...paragraphs.flatMap((d) => d.untranslated));
  }
  // Headers, footers, section and column definitions, page numbers, fields, bookmarks: not the body's words.
}

/**
 * A reading that may decline after reading a table's cells into scratch drafts (a boxed word, a
 * fraction): what those cells recorded in the context (an endnote, a nested table's number) is
 * undone when it declines, since the table is then read again as a table and records them itself.
 */
function tentatively(ctx: BodyContext, read: () => boolean): boolean {
  const [endnotes, tables] = [ctx.endnotes.length, ctx.tables];
  if (read()) return true;
  ctx.endnotes.length = endnotes;
  ctx.tables = tables;
  return false;
}

/**
 * A table: after its TABLE record, each cell a LIST_HEADER (its column at 8, its row at 10)
 * followed by its paragraphs. A LIST_HEADER before the TABLE record is the table's caption
 * ("(단위: %)" over a data table): text the reader sees beside the table, read before its cells
 * when it stands on the left or on top (its side in bits 0-1 at 8: left, right, top, bottom),
 * after them otherwise, as the .hwpx reader reads hp:caption.
 */
function readTable(node: Node, cursor: Cursor, ctx: BodyContext): void {
  cursor.split();
  const table = ctx.tables++;
  let cell: Paragraph['cell'] = null;
  let cells = false;
  let caption: { after: boolean; paragraphs: Draft[] } | null = null;
  for (const child of node.children) {
    if (child.record.tag === TAG.TABLE) {
      cells = true;
      if (caption && !caption.after) cursor.out.push(...caption.paragraphs);
    } else if (child.record.tag === TAG.LIST_HEADER) {
      cell = cells ? { table, row: u16(child.record.data, 10), column: u16(child.record.data, 8) } : null;
      if (!cells) caption = { after: [1, 3].includes(child.record.data[8] & 3), paragraphs: [] };
    } else if (child.record.tag === TAG.PARA_HEADER && cell) readParagraph(child, cell, ctx, cursor.out);
    else if (child.record.tag === TAG.PARA_HEADER && caption) readParagraph(child, cursor.cell, ctx, caption.paragraphs);
  }
  if (caption?.after) cursor.out.push(...caption.paragraphs);
}

/**
 * A word boxed inside a sentence as a one-cell table placed as a character (the common object
 * attribute's bit 0) in a paragraph with words of its own: "이 현상 [㉠]을" reads "㉠을", in place,
 * as the sentence does. False for any other table (read as a table; a banner box stands alone).
 */
function readBoxedWordTable(node: Node, cursor: Cursor, ctx: BodyContext): boolean {
  if ((u32(node.record.data, 4) & 1) !== 1 || node.children.filter((c) => c.record.tag === TAG.LIST_HEADER).length !== 1) return false;
  const lines: Draft[] = [];
  for (const child of node.children) if (child.record.tag === TAG.PARA_HEADER) readParagraph(child, null, ctx, lines);
  if (lines.length !== 1 || !isBoxedWord(textOf(lines[0].inlines)) || lines[0].inlines.some((i) => i.kind !== 'text')) return false;
  for (const inline of lines[0].inlines) cursor.push(inline);
  return true;
}

/**
 * A fraction drawn as a table of two rows in one column, placed as a character inside a sentence
 * ("ㄷ. [p에 대한 … / s에 대한 …]의 비는"): read in place, numerator then denominator, so the
 * sentence goes on after it as written ("…의 비는"), not as a paragraph of its own.
 */
function readFractionTable(node: Node, cursor: Cursor, ctx: BodyContext): boolean {
  const heads = node.children.filter((c) => c.record.tag === TAG.LIST_HEADER);
  if ((u32(node.record.data, 4) & 1) !== 1 || heads.length !== 2 || heads.some((h) => u16(h.record.data, 8) !== 0)) return false;
  const cells: Draft[][] = [[], []];
  let at = -1;
  for (const child of node.children) {
    if (child.record.tag === TAG.LIST_HEADER) at = u16(child.record.data, 10);
    else if (child.record.tag === TAG.PARA_HEADER && (at === 0 || at === 1)) readParagraph(child, null, ctx, cells[at]);
  }
  const short = (lines: Draft[]) =>
    lines.length === 1 && textOf(lines[0].inlines).length <= 60 && lines[0].inlines.every((i) => i.kind === 'text' || i.kind === 'math');
  if (!cells.every(short)) return false;
  for (const inline of cells[0][0].inlines) cursor.push(inline);
  cursor.text(' ', PLAIN);
  for (const inline of cells[1][0].inlines) cursor.push(inline);
  return true;
}

/** EQEDIT: attributes (4), then the script as a WORD length and UTF-16; untranslatable scripts stay as text and are named. */
function readEquation(node: Node, cursor: Cursor, shape: CharShape): void {
  const data = node.children.find((c) => c.record.tag === TAG.EQEDIT)?.record.data;
  if (!data) return;
  const script = readUtf16(data, 6, Math.min(u16(data, 4), (data.length - 6) >> 1));
  if (!script.trim()) return;
  const latex = hwpEquationToLatex(script);
  if (latex === null) {
    cursor.text(script, shape);
    cursor.target().untranslated.push(script);
  } else if (latex) cursor.push({ kind: 'math', latex });
}

/**
 * A drawing object (gso): pictures (SHAPE_COMPONENT_PICTURE: the BinData item at 71, the size
 * shown in the object's common properties) and text boxes (a LIST_HEADER and its paragraphs,
 * read in place a line each, as the .hwpx reader reads drawText), groups of them at any depth.
 */
function readDrawing(node: Node, cursor: Cursor, ctx: BodyContext): void {
  const [width, height] = [u32(node.record.data, 16), u32(node.record.data, 20)];
  // Placed as a character (the common object attribute's bit 0), in the sentence's line.
  const inline = (u32(node.record.data, 4) & 1) === 1;
  // Drawn behind the text (bits 21-23: 0 square, 1 top and bottom, 2 behind, 3 in front): a frame or a background, no picture of the question's.
  const behind = ((u32(node.record.data, 4) >> 21) & 7) === 2;
  const walk = (nodes: Node[]) => {
    for (let i = 0; i < nodes.length; i++) {
      const { record, children } = nodes[i];
      if (record.tag === TAG.SHAPE_COMPONENT_PICTURE) {
        const path = ctx.binData.get(u16(record.data, 71)) ?? null;
        // Floating, it goes after the paragraph's words (not inside the word that anchors it).
        if (path && !behind) (inline ? cursor.push : cursor.float).call(cursor, { kind: 'picture', path, widthPx: px(width), heightPx: px(height) });
      } else if (record.tag === TAG.PARA_HEADER) {
        const lines: Draft[] = [];
        readParagraph(nodes[i], null, ctx, lines);
        const alone = (i === 0 || nodes[i - 1].record.tag !== TAG.PARA_HEADER) && (i === nodes.length - 1 || nodes[i + 1].record.tag !== TAG.PARA_HEADER);
        // A word boxed inside a sentence (one short paragraph in a box placed as a character): read in place, as the sentence reads.
        if (inline && alone && lines.length === 1 && isBoxedWord(textOf(lines[0].inlines))) {
          for (const inlineOf of lines[0].inlines) cursor.push(inlineOf);
          cursor.target().untranslated.push(...lines[0].untranslated);
          continue;
        }
        if (!inline) {
          // A box floating over the page (a page's running title drawn as a group, a side note): its lines stand apart from the paragraph that anchors it.
          cursor.split();
          for (const line of lines) cursor.out.push({ ...line, cell: cursor.cell, head: null });
          continue;
        }
        for (const line of lines) {
          cursor.text('\n', PLAIN);
          for (const inline of line.inlines) cursor.push(inline);
          cursor.target().untranslated.push(...line.untranslated);
        }
        if (i === nodes.length - 1 || nodes[i + 1].record.tag !== TAG.PARA_HEADER) cursor.text('\n', PLAIN);
      }
      walk(record.tag === TAG.PARA_HEADER ? [] : children);
    }
  };
  walk(node.children);
}
