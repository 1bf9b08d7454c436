import type { Endpoints } from '../api/endpoints';
import type { DocumentUploadResult, QuestionInput } from '../api/testTypes';
import { PICTURE_PREFIX } from './content/inlines';
import { pictureContentType } from './pictures';
import type { ParsedDocument, ParsedQuestion } from './types';

/** What the upload needs of the API client (the portal's and the add-in's are the same). */
export type UploadApi = Pick<Endpoints, 'uploadPicture' | 'uploadDocument' | 'checkFonts'>;

export interface UploadProgress {
  phase: 'pictures' | 'questions';
  done: number;
  total: number;
}

/** The faces of a document the server does not know (spec: these open the missing-font modal). */
export async function missingFonts(api: Pick<UploadApi, 'checkFonts'>, faces: string[]): Promise<string[]> {
  if (!faces.length) return [];
  const entries = await api.checkFonts(faces);
  return entries.filter((entry) => !entry.supported).map((entry) => entry.face);
}

const PICTURES_AT_ONCE = 4;

/** Every HTML field of a question (its children's too) passed through `map`; the preview-only fields dropped. */
export function mapHtml(question: ParsedQuestion, map: (html: string) => string): ParsedQuestion {
  // The preview's fields (where it stands, which rule found its answer) are not the API's.
  const { docParagraph: _at, answerFrom: _rule, ...rest } = question;
  const out = { ...rest, name: map(question.name), solution: question.type === 'integer' ? question.solution : map(question.solution) } as ParsedQuestion;
  if (out.type === 'comprehension' && question.type === 'comprehension') {
    out.paragraph = map(question.paragraph);
    out.questions = question.questions.map((child) => mapHtml(child, map)) as typeof out.questions;
  } else if ('options' in out && 'options' in question) {
    out.options = question.options.map((o) => ({ ...o, name: map(o.name) })) as typeof out.options;
  }
  return out;
}

/**
 * Puts a parsed document into a test: its pictures uploaded first (their `docx:` addresses
 * replaced by the uploaded ones), then every question in one call that the server applies in one
 * transaction (issue 14: a stopped upload of many calls left part of the document in the test):
 * all of them, or none. A picture uploaded for an upload that then fails is an unused file (its
 * name is unguessable and nothing points at it). Where questions go: every one into the chosen
 * section, or (`useDocumentSections`) each `Section:` line of the document a section of its own.
 */
export async function uploadDocument(
  api: UploadApi,
  options: {
    testId: string;
    sectionId: string;
    parsed: ParsedDocument;
    useDocumentSections?: boolean;
    pictureBytes: (path: string) => Uint8Array | null;
    onProgress?: (progress: UploadProgress) => void;
  },
): Promise<DocumentUploadResult> {
  const { testId, parsed, onProgress } = options;
  const addresses = new Map<string, string>();
  const queue = [...parsed.pictures];
  let done = 0;
  onProgress?.({ phase: 'pictures', done, total: parsed.pictures.length });
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const bytes = options.pictureBytes(path);
      const type = pictureContentType(path);
      if (!bytes || !type) throw new Error(`The picture ${path} cannot be read from the document.`);
      const file = Object.assign(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), { name: path.split('/').pop()! });
      addresses.set(path, await api.uploadPicture(file));
      onProgress?.({ phase: 'pictures', done: ++done, total: parsed.pictures.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PICTURES_AT_ONCE, queue.length) }, worker));
  const withPictures = (html: string) =>
    html.replace(/src="([^"]*)"/g, (whole, src: string) =>
      src.startsWith(PICTURE_PREFIX) ? `src="${addresses.get(src.slice(PICTURE_PREFIX.length)) ?? ''}"` : whole,
    );

  onProgress?.({ phase: 'questions', done: 0, total: parsed.questionCount });
  const result = await api.uploadDocument({
    testId,
    sectionId: options.sectionId,
    useDocumentSections: options.useDocumentSections ?? false,
    sections: parsed.sections.map((section) => ({
      name: section.name,
      questions: section.questions.map((q) => mapHtml(q, withPictures) as unknown as QuestionInput),
    })),
  });
  onProgress?.({ phase: 'questions', done: parsed.questionCount, total: parsed.questionCount });
  return result;
}
