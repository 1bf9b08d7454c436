import type { Paragraph } from '../../docx/document';
import type { ListLabel } from '../../docx/numbering';
import { problemAt } from '../../problems';
import type { SourceDocument } from '../../source';
import type { HwpxStyles } from './header';
import { plainText } from '../../content/inlines';
import { hwpxLabels } from './numbering';
import { newDraft, textOf, type Draft, type Endnote } from './section';

/** The title the answer key goes under: the engines read "정답 및 해설" alone on a line as the worked answers' start. */
export const ANSWER_KEY_TITLE = '정답 및 해설';
/** A question's number at the start of a paragraph: "3.", "12)", "문제 3" (not "1.5"). */
const QUESTION_NUMBER = /^\s*(?:문제\s*(\d{1,3})|(\d{1,3})\s*(?:\.(?!\d)|\)))/;

/**
 * The document as the engines read it (SourceDocument), from the sections' drafts and the endnotes.
 *
 * Endnotes and footnotes: Korean papers often hide the answer key in endnotes (미주), the note's
 * first line the answer (`⑤`, `12`), the rest the worked solution. They are not read where their
 * mark stands, which would put the answer inside the question. After the body comes a paragraph
 * `정답 및 해설` (bold), then each endnote's paragraphs in order, the first prefixed `<n>. `,
 * n the number of the question its mark belongs to: the nearest paragraph at or before the mark
 * whose text or numbering label starts with a question number; failing that, the note's own
 * number. The engines then read them as they read a typed "정답 및 해설" section. A footnote is
 * a remark on its sentence: its text goes at the end of its paragraph, in parentheses.
 */
export function toSourceDocument(body: Draft[], endnotes: Endnote[], styles: HwpxStyles, bytes: (path: string) => Uint8Array | null): SourceDocument {
  for (const draft of [...body, ...endnotes.flatMap((note) => note.paragraphs)]) {
    for (const footnote of draft.footnotes) draft.inlines.push(plainText(` (${footnote})`));
  }
  // A paragraph that only carried a table (and perhaps a tab before it) is not a paragraph of its own: Word's tables stand alone.
  const kept = body.filter((draft) => !(draft.heldBlock && draft.inlines.every((i) => i.kind === 'text' && !i.text.trim())));
  const labels = labelsByDraft(kept, styles);
  numberByMarks(endnotes, labels);
  const drafts = [...kept, ...answerKey(body, new Set(kept), labels, endnotes)];
  renumberTables(drafts);

  const paragraphs: Paragraph[] = drafts.map((draft, index) => ({
    index,
    style: draft.style,
    numbering: draft.head ? { numId: `${draft.head.type}:${draft.head.id}`, level: draft.head.level } : null,
    inlines: draft.inlines,
    cell: draft.cell,
    ...(draft.keySolution ? { keySolution: true } : {}),
  }));
  const problems = drafts.flatMap((draft, index) => draft.untranslated.map((script) => problemAt(paragraphs[index], 'equationScript', { script })));
  return {
    paragraphs,
    labels: hwpxLabels(
      drafts.map((draft) => draft.head),
      styles,
    ),
    bytes,
    problems,
  };
}

function labelsByDraft(drafts: Draft[], styles: HwpxStyles): Map<Draft, ListLabel> {
  const byPosition = hwpxLabels(
    drafts.map((draft) => draft.head),
    styles,
  );
  return new Map([...byPosition].map(([at, label]) => [drafts[at], label]));
}

/**
 * A paper whose endnote marks are its question numbers: the mark stands first in its paragraph, a
 * paragraph with no number of its own, and Hangul shows the note's number there ("1" … "30", again
 * 23 … 30 for each elective part). Decided for the whole paper, when most of its notes (two or
 * more) stand so: each such paragraph is given the number as text ("1. "), as a typed one would be.
 */
function numberByMarks(endnotes: Endnote[], labels: Map<Draft, ListLabel>): void {
  const marks = endnotes.filter((note) => note.first && ownNumber(note.anchor, labels) === null);
  if (marks.length < 2 || marks.length * 2 < endnotes.length) return;
  for (const note of marks) note.anchor.inlines.unshift(plainText(`${note.number}. `));
}

/** The endnotes as paragraphs after the body, under their title, each numbered with its question's number. */
function answerKey(body: Draft[], kept: Set<Draft>, labels: Map<Draft, ListLabel>, endnotes: Endnote[]): Draft[] {
  if (!endnotes.length) return [];
  const out = [newDraft(null, null)];
  out[0].inlines.push(plainText(ANSWER_KEY_TITLE, true));
  for (const note of endnotes) {
    const number = questionNumberAt(body, body.indexOf(note.anchor), kept, labels) ?? note.number;
    const paragraphs = note.paragraphs.length ? note.paragraphs : [newDraft(null, null)];
    const firstText = paragraphs[0].inlines[0];
    // The note's first words follow the number: the space Hangul leaves after its own note number goes.
    if (firstText?.kind === 'text') firstText.text = firstText.text.replace(/^\s+/, '');
    paragraphs[0].inlines.unshift(plainText(`${number}. `));
    // The rest is the worked solution: read as the question's solution, never as entries of the key ("x = 1-2" is no entry).
    for (const paragraph of paragraphs.slice(1)) paragraph.keySolution = true;
    out.push(...paragraphs);
  }
  return out;
}

/** The question a paragraph belongs to: the nearest paragraph at or before it whose label or text starts with a question's number. */
function questionNumberAt(body: Draft[], at: number, kept: Set<Draft>, labels: Map<Draft, ListLabel>): number | null {
  for (let i = at; i >= 0; i--) {
    const number = kept.has(body[i]) ? ownNumber(body[i], labels) : null;
    if (number !== null) return number;
  }
  return null;
}

/** The question number a paragraph starts with: its numbering's label, else its text's. */
function ownNumber(draft: Draft, labels: Map<Draft, ListLabel>): number | null {
  const label = labels.get(draft);
  for (const text of [label && label.format !== 'bullet' ? label.label : '', textOf(draft.inlines)]) {
    const match = QUESTION_NUMBER.exec(text);
    if (match) return Number(match[1] ?? match[2]);
  }
  return null;
}

/** Tables numbered in the order they are read (an endnote's tables were met before later ones of the body). */
function renumberTables(drafts: Draft[]): void {
  const numbers = new Map<number, number>();
  for (const draft of drafts) {
    if (!draft.cell) continue;
    if (!numbers.has(draft.cell.table)) numbers.set(draft.cell.table, numbers.size);
    draft.cell = { ...draft.cell, table: numbers.get(draft.cell.table)! };
  }
}
