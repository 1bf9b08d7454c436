import type { Inline, Paragraph } from '../docx/document';

/**
 * The engines read a paragraph as one line of text, where an equation, a picture or a legacy
 * equation object counts as one character (OBJECT), so patterns such as "(b)" or "Ans:" can be
 * matched around them and the paragraph then cut at character offsets without losing either.
 */
export const OBJECT = '\uFFFC';

/** A run of text with no look and no font: what a reader adds between or around a document's own runs. */
export const plainText = (text: string, bold = false): Extract<Inline, { kind: 'text' }> => ({
  kind: 'text',
  text,
  font: null,
  bold,
  italic: false,
  underline: false,
  script: null,
  color: null,
  highlight: null,
});

const lengthOf = (inline: Inline) => (inline.kind === 'text' ? inline.text.length : 1);

/**
 * Lines already joined, by their inlines. The reader reads each line many times (the conventions
 * vote over the whole paper, the engine looks ahead from every line): joining it again each time
 * was a fifth of the parse. Keyed by the array, which nobody changes once the reader has built it
 * (the engines cut new arrays with sliceInlines; parseDocx replaces a paragraph's array, never edits it).
 */
const joined = new WeakMap<Inline[], string>();

/** A paragraph's line: its text with every non-text inline as OBJECT. */
export function lineOf(inlines: Inline[]): string {
  let line = joined.get(inlines);
  if (line === undefined) {
    line = inlines.map((i) => (i.kind === 'text' ? i.text : OBJECT)).join('');
    joined.set(inlines, line);
  }
  return line;
}

/** The inlines from character `start` to `end` of the line (text runs cut where needed). */
export function sliceInlines(inlines: Inline[], start: number, end = Infinity): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const inline of inlines) {
    const length = lengthOf(inline);
    const from = Math.max(start, at);
    const to = Math.min(end, at + length);
    if (from < to) out.push(inline.kind === 'text' ? { ...inline, text: inline.text.slice(from - at, to - at) } : inline);
    at += length;
  }
  return out;
}

/** Leading and trailing white space of a piece of a paragraph removed. */
export function trimInlines(inlines: Inline[]): Inline[] {
  const line = lineOf(inlines);
  const start = line.length - line.trimStart().length;
  const end = line.trimEnd().length;
  return start === 0 && end === line.length ? inlines : sliceInlines(inlines, start, end);
}

export const isBlankLine = (inlines: Inline[]) => lineOf(inlines).trim() === '';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Where a picture of the document stands in HTML until it is uploaded: `docx:word/media/image1.png`. */
export const PICTURE_PREFIX = 'docx:';

/** One piece of a paragraph as HTML: formatting as tags, equations as `$LaTeX$`, pictures in place with their size. */
export function inlinesHtml(inlines: Inline[]): string {
  let html = '';
  for (const inline of inlines) {
    switch (inline.kind) {
      case 'text': {
        let piece = escapeHtml(inline.text).replace(/\n/g, '<br>').replace(/\t/g, ' ');
        if (!piece) break;
        if (inline.script) piece = `<${inline.script}>${piece}</${inline.script}>`;
        if (inline.underline) piece = `<u>${piece}</u>`;
        if (inline.italic) piece = `<i>${piece}</i>`;
        if (inline.bold) piece = `<b>${piece}</b>`;
        html += piece;
        break;
      }
      case 'math':
        // The sanitiser keeps LaTeX as text; KaTeX renders it where the question is shown.
        html += `$${escapeHtml(inline.latex)}$`;
        break;
      case 'picture':
        if (inline.path) {
          const size = `${inline.widthPx ? ` width="${inline.widthPx}"` : ''}${inline.heightPx ? ` height="${inline.heightPx}"` : ''}`;
          html += `<img src="${escapeHtml(PICTURE_PREFIX + inline.path)}"${size}>`;
        }
        break;
      case 'legacyEquation':
        break; // reported as a problem at its paragraph
    }
  }
  return html;
}

/** A run of paragraphs of one table, as the engines meet it. */
export interface TableBlock {
  kind: 'table';
  table: number;
  paragraphs: Paragraph[];
}

/**
 * A table as HTML (rows of cells, each cell's paragraphs as its lines), each line after the label
 * its list shows (`labelOf`: a <보기> box's ㄱ. ㄴ. numbered by the paragraph, as the reader sees them).
 */
export function tableHtml(rows: Paragraph[][][], labelOf: (paragraph: Paragraph) => string | null = () => null): string {
  const line = (p: Paragraph) => {
    const label = labelOf(p);
    return label ? `${escapeHtml(label)} ${inlinesHtml(p.inlines)}` : inlinesHtml(p.inlines);
  };
  const cell = (paragraphs: Paragraph[]) => paragraphs.map(line).join('<br>');
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`).join('');
  return `<table border="1"><tbody>${body}</tbody></table>`;
}

/** Paragraphs wrapped as `<p>`; an empty list gives ''. */
export const paragraphsHtml = (pieces: string[]) =>
  pieces
    .filter((p) => p !== '')
    .map((p) => (p.startsWith('<table') ? p : `<p>${p}</p>`))
    .join('');
