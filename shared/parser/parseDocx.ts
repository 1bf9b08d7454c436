import { DEFAULT_PARSER_ENGINE } from './engines';
import { PICTURE_MAX_BYTES } from '../domain/pictures';
import { PICTURE_PREFIX } from './content/inlines';
import { pictureContentType } from './pictures';
import { legacyFontsOf, readDocument } from './docx/document';
import { listLabels } from './docx/numbering';
import { DocxError, openDocx } from './docx/openDocx';
import { assemble } from './engines/assemble';
import { tableEngine } from './engines/tableEngine';
import { textEngine } from './engines/textEngine';
import { problemAt } from './problems';
import type { EngineId, ParsedDocument, ParsedSection, Problem } from './types';

/** The engines' names as the guide and the messages give them. */
export const ENGINE_NAMES: Record<EngineId, string> = { table: 'Tables', text: 'Numbered text' };

/**
 * The Word parser: a .docx in, the questions of every type and every problem with its place out.
 * One code path for the add-in (the open document, from getFileAsync), the portal's Upload word
 * file and the command line. Never throws for a bad file: a file that cannot be opened is one
 * problem of its own.
 */
export function parseDocx(file: Uint8Array, engine: EngineId = DEFAULT_PARSER_ENGINE): ParsedDocument & { pictureBytes(path: string): Uint8Array | null } {
  const problems: Problem[] = [];
  const empty = { engine, sections: [], problems, pictures: [], fonts: [], questionCount: 0, countsByType: {}, pictureBytes: () => null };
  let pkg;
  let document;
  try {
    pkg = openDocx(file);
    document = readDocument(pkg);
  } catch (error) {
    if (!(error instanceof DocxError)) throw error;
    problems.push({ severity: 'error', code: 'file', params: { reason: error.problem, ...error.params }, message: error.message, paragraph: null, cell: null, excerpt: '' });
    return empty;
  }
  const { paragraphs } = document;
  const fonts = new Set<string>();
  for (const paragraph of paragraphs) {
    for (const font of legacyFontsOf(paragraph)) problems.push(problemAt(paragraph, 'legacyFont', { font }));
    for (const inline of paragraph.inlines) {
      if (inline.kind === 'legacyEquation') problems.push(problemAt(paragraph, 'legacyEquation', { progId: inline.progId }));
      if (inline.kind === 'picture' && inline.path) {
        if (!pictureContentType(inline.path)) problems.push(problemAt(paragraph, 'pictureFormat', { format: (inline.path.split('.').pop() ?? '').toUpperCase() }));
        else if ((pkg.bytes(inline.path)?.length ?? 0) > PICTURE_MAX_BYTES) problems.push(problemAt(paragraph, 'pictureTooLarge', { mb: PICTURE_MAX_BYTES / (1024 * 1024) }));
      }
      if (inline.kind === 'text' && inline.font && inline.text.trim()) fonts.add(inline.font);
    }
  }
  const drafts = engine === 'table' ? tableEngine(paragraphs, problems) : textEngine(paragraphs, listLabels(pkg, paragraphs), problems);
  const sections = assemble(drafts.sections, drafts.key, problems);
  const questions = sections.flatMap((s) => s.questions.flatMap((q) => (q.type === 'comprehension' ? [q, ...q.questions] : [q])));
  if (questions.length === 0 && !problems.some((p) => p.severity === 'error')) {
    // Nothing was read, so the title warning would only distract from the one thing to fix.
    problems.splice(0, problems.length, ...problems.filter((p) => p.code !== 'textBeforeFirstQuestion'));
    problems.push(problemAt(null, 'noQuestions', { other: ENGINE_NAMES[engine === 'table' ? 'text' : 'table'] }));
  }
  // Problems in the order they stand in the document.
  problems.sort((a, b) => (a.paragraph ?? 0) - (b.paragraph ?? 0));
  const opened = pkg;
  return {
    engine,
    sections,
    problems,
    pictures: picturesOf(sections),
    fonts: [...fonts].sort(),
    ...countQuestions(sections),
    pictureBytes: (path) => opened.bytes(path),
  };
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

