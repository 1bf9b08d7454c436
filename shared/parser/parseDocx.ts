import { DEFAULT_PARSER_ENGINE } from './engines';
import { PICTURE_MAX_BYTES } from '../domain/pictures';
import { isFontFace } from '../domain/fonts';
import { PICTURE_PREFIX } from './content/inlines';
import { pictureInfo } from './content/pictureInfo';
import { bmpToPng } from './content/bmp';
import { pictureContentType } from './pictures';
import { legacyFontsOf, readDocument, type Inline, type Paragraph } from './docx/document';
import { oleEquationToLatex } from './mtef/oleEquation';
import { listLabels } from './docx/numbering';
import { DocxError, openDocx } from './docx/openDocx';
import type { SourceDocument } from './source';
import { assemble } from './engines/assemble';
import { tableEngine } from './engines/tableEngine';
import { textEngine } from './engines/textEngine';
import { problemAt } from './problems';
import type { EngineId, ParagraphRole, ParsedDocument, ParsedSection, Problem } from './types';
import { isBlankLine } from './content/inlines';
import { cleanStrings } from './cleanText';

/** The engines' names as the guide and the messages give them. */
export const ENGINE_NAMES: Record<EngineId, string> = { table: 'Tables', text: 'Numbered text' };

/**
 * The Word parser: a .docx in, the questions of every type and every problem with its place out.
 * One code path for the add-in (the open document, from getFileAsync), the portal's Upload word
 * file and the command line. Never throws for a bad file: a file that cannot be opened is one
 * problem of its own.
 */
export function parseDocx(file: Uint8Array, engine: EngineId = DEFAULT_PARSER_ENGINE): ParsedDocument & { pictureBytes(path: string): Uint8Array | null } {
  return parseRead(() => readDocx(file), engine);
}

/** A .docx's paragraphs, list labels and pictures; throws DocxError for a file it cannot open. */
export function readDocx(file: Uint8Array): SourceDocument {
  const pkg = openDocx(file);
  const { paragraphs } = readDocument(pkg);
  return { paragraphs, labels: listLabels(pkg, paragraphs), bytes: (path) => pkg.bytes(path), problems: [] };
}

/** What a format's reader read, through the engines; a file it could not open (DocxError) is one problem of its own. */
export function parseRead(read: () => SourceDocument, engine: EngineId): ParsedDocument & { pictureBytes(path: string): Uint8Array | null } {
  let source: SourceDocument;
  try {
    source = read();
  } catch (error) {
    if (!(error instanceof DocxError)) throw error;
    return unreadableFile(engine, error.problem, error.params, error.message);
  }
  return parseSource(source, engine);
}

/** A file that could not be opened: one problem of its own, nothing else. */
export function unreadableFile(
  engine: EngineId,
  reason: string,
  params: Record<string, string | number>,
  message: string,
): ParsedDocument & { pictureBytes(path: string): Uint8Array | null } {
  const problems: Problem[] = [{ severity: 'error', code: 'file', params: { reason, ...params }, message, paragraph: null, cell: null, excerpt: '' }];
  return { engine, sections: [], problems, pictures: [], fonts: [], questionCount: 0, countsByType: {}, paragraphRoles: {}, pictureBytes: () => null };
}

/**
 * The reading every format shares (Word, Hangul): paragraphs with their inlines and list labels
 * in, questions and problems out. What a format's reader could not read it says in
 * `source.problems`; those stand beside the engines' own.
 */
export function parseSource(
  source: SourceDocument,
  engine: EngineId = DEFAULT_PARSER_ENGINE,
): ParsedDocument & { pictureBytes(path: string): Uint8Array | null } {
  const problems: Problem[] = [...source.problems];
  const { paragraphs, labels } = source;
  // Pictures in a form a question may hold, under names of their own: BMPs as PNGs, a PNG or JPEG under another name (".tmp").
  const converted = new Map<string, Uint8Array>();
  const pictureBytes = (path: string) => converted.get(path) ?? source.bytes(path);
  const fonts = new Set<string>();
  /** Paragraphs whose text cannot be read: their questions are left out, the rest uploads. */
  const unreadable = new Set<number>();
  for (const paragraph of paragraphs) {
    if (paragraph.unreadable) {
      problems.push(problemAt(paragraph, 'paragraphUnreadable'));
      unreadable.add(paragraph.index);
    }
    for (const font of legacyFontsOf(paragraph)) {
      problems.push(problemAt(paragraph, 'legacyFont', { font }));
      unreadable.add(paragraph.index);
    }
    paragraph.inlines = paragraph.inlines.flatMap((inline): Inline[] => {
      if (inline.kind === 'legacyEquation') return equationObject(inline, paragraph, source, problems);
      if (inline.kind === 'picture' && inline.path && !pictureContentType(inline.path)) {
        const path = inline.path;
        const shown = showableAs(path, source.bytes(path));
        if (shown) converted.set(shown.path, shown.bytes);
        inline = shown ? { ...inline, path: shown.path } : inline;
      }
      if (inline.kind === 'picture' && inline.path && !showable(inline.path, paragraph, { bytes: pictureBytes }, problems)) return [];
      if (inline.kind === 'text' && inline.font && inline.text.trim() && isFontFace(inline.font)) fonts.add(inline.font);
      return [inline];
    });
  }
  const read = (which: EngineId, found: Problem[]) => {
    const drafts = which === 'table' ? { ...tableEngine(paragraphs, found), roles: new Map() } : textEngine(paragraphs, labels, found);
    return { sections: assemble(drafts.sections, drafts.key, found, unreadable), roles: rolesCount(paragraphs, drafts.roles, which) };
  };
  const before = [...problems];
  let { sections, roles } = read(engine, problems);
  if (countQuestions(sections).questionCount === 0) {
    // Nothing in the layout chosen: a teacher who never chose one gets the other engine's reading, when it finds questions.
    const other: EngineId = engine === 'table' ? 'text' : 'table';
    const otherProblems = [...before];
    const otherReading = read(other, otherProblems);
    if (countQuestions(otherReading.sections).questionCount > 0) {
      ({ sections, roles } = otherReading);
      problems.splice(0, problems.length, ...otherProblems);
      engine = other;
    }
  }
  const questions = sections.flatMap((s) => s.questions.flatMap((q) => (q.type === 'comprehension' ? [q, ...q.questions] : [q])));
  if (questions.length === 0 && !problems.some((p) => p.code === 'file')) {
    // Nothing was read, so the title warning would only distract from the one thing to fix.
    problems.splice(0, problems.length, ...problems.filter((p) => p.code !== 'textBeforeFirstQuestion'));
    problems.push(problemAt(null, 'noQuestions', { other: ENGINE_NAMES[engine === 'table' ? 'text' : 'table'] }));
  }
  // Problems in the order they stand in the document.
  problems.sort((a, b) => (a.paragraph ?? 0) - (b.paragraph ?? 0));
  // The document's text without the control characters no database or XML can hold (issue 29).
  sections = cleanStrings(sections);
  return {
    engine,
    sections,
    problems: cleanStrings(problems),
    pictures: picturesOf(sections),
    fonts: cleanStrings([...fonts].sort()),
    ...countQuestions(sections),
    paragraphRoles: roles,
    pictureBytes,
  };
}

/** Paragraphs with something in them by what the engine read them as; one it never placed is not understood. */
function rolesCount(paragraphs: Paragraph[], roles: Map<number, ParagraphRole>, engine: EngineId): ParsedDocument['paragraphRoles'] {
  if (engine === 'table') return {};
  const counts: ParsedDocument['paragraphRoles'] = {};
  for (const p of paragraphs) {
    if (isBlankLine(p.inlines) && p.inlines.every((i) => i.kind === 'text')) continue;
    const role = roles.get(p.index) ?? 'notUnderstood';
    counts[role] = (counts[role] ?? 0) + 1;
  }
  return counts;
}

/**
 * A picture whose name says no type a question may hold, as one it may: a BMP converted to PNG,
 * a PNG, JPEG, GIF or WebP stored under another name (Hangul keeps some as ".tmp"), told by its
 * bytes (content/pictureInfo.ts reads them). Null otherwise.
 */
function showableAs(path: string, bytes: Uint8Array | null): { path: string; bytes: Uint8Array } | null {
  const format = bytes ? pictureInfo(bytes)?.format : undefined;
  if (!bytes || !format) return null;
  if (pictureContentType(`${path}.${format}`)) return { path: `${path}.${format}`, bytes };
  const png = format === 'bmp' ? bmpToPng(bytes) : null;
  return png ? { path: `${path}.png`, bytes: png } : null;
}

/** Whether a browser can show a picture of the document; if not, it is left out with a note at its paragraph. */
function showable(path: string, paragraph: Paragraph, pkg: Pick<SourceDocument, 'bytes'>, problems: Problem[]): boolean {
  if (!pictureContentType(path)) problems.push(problemAt(paragraph, 'pictureFormat', { format: (path.split('.').pop() ?? '').toUpperCase() }));
  else if ((pkg.bytes(path)?.length ?? 0) > PICTURE_MAX_BYTES)
    problems.push(problemAt(paragraph, 'pictureTooLarge', { mb: PICTURE_MAX_BYTES / (1024 * 1024) }));
  else return true;
  return false;
}

/**
 * A MathType or Equation Editor 3.0 object: its MTEF read into LaTeX; failing that, the picture
 * Word shows for it, in its place; failing that (a WMF a browser cannot show), a note. Never an error.
 */
function equationObject(
  inline: Extract<Inline, { kind: 'legacyEquation' }>,
  paragraph: Paragraph,
  pkg: Pick<SourceDocument, 'bytes'>,
  problems: Problem[],
): Inline[] {
  const bin = inline.ole ? pkg.bytes(inline.ole) : null;
  const latex = bin ? oleEquationToLatex(bin) : null;
  if (latex) return [{ kind: 'math', latex }];
  if (inline.preview && pictureContentType(inline.preview) && (pkg.bytes(inline.preview)?.length ?? 0) <= PICTURE_MAX_BYTES) {
    problems.push(problemAt(paragraph, 'equationPicture', { progId: inline.progId }));
    return [{ kind: 'picture', path: inline.preview, widthPx: inline.widthPx, heightPx: inline.heightPx }];
  }
  problems.push(problemAt(paragraph, 'legacyEquation', { progId: inline.progId }));
  return [];
}

/** The counts of a document's questions: comprehension children count, the comprehension itself only by type. */
export function countQuestions(sections: ParsedSection[]): Pick<ParsedDocument, 'questionCount' | 'countsByType'> {
  const questions = sections.flatMap((s) => s.questions.flatMap((q) => (q.type === 'comprehension' ? [q, ...q.questions] : [q])));
  const countsByType: ParsedDocument['countsByType'] = {};
  for (const q of questions) countsByType[q.type] = (countsByType[q.type] ?? 0) + 1;
  return { questionCount: questions.filter((q) => q.type !== 'comprehension').length, countsByType };
}

/** Every `docx:` picture the questions' HTML refers to, once each. */
export function picturesOf(sections: ParsedSection[]): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`src="${PICTURE_PREFIX}([^"]+)"`, 'g');
  for (const match of JSON.stringify(sections).replace(/\\"/g, '"').matchAll(pattern)) found.add(match[1]);
  return [...found];
}
