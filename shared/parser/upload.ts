import type { Endpoints } from '../api/endpoints';
import type { QuestionInput } from '../api/testTypes';
import { LIMITS } from '../domain/test/defaults';
import { PICTURE_PREFIX } from './content/inlines';
import { pictureContentType } from './pictures';
import type { ParsedDocument, ParsedQuestion } from './types';

/** What the upload needs of the API client (the portal's and the add-in's are the same). */
export type UploadApi = Pick<Endpoints, 'uploadPicture' | 'createSection' | 'createQuestions' | 'deleteQuestions' | 'deleteSection' | 'checkFonts'>;

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

/** Every HTML field of a question (its children's too) passed through `map`. */
function mapHtml(question: ParsedQuestion, map: (html: string) => string): ParsedQuestion {
  const out = { ...question, name: map(question.name), solution: question.type === 'integer' ? question.solution : map(question.solution) } as ParsedQuestion;
  if (out.type === 'comprehension' && question.type === 'comprehension') {
    out.paragraph = map(question.paragraph);
    out.questions = question.questions.map((child) => mapHtml(child, map)) as typeof out.questions;
  } else if ('options' in out && 'options' in question) {
    out.options = question.options.map((o) => ({ ...o, name: map(o.name) })) as typeof out.options;
  }
  return out;
}

/**
 * Puts a parsed document into a test: its pictures uploaded (their `docx:` addresses replaced by
 * the uploaded ones), the questions before any "Section:" line added to the chosen section, and
 * each named section created after it. A call holds at most LIMITS.questionsPerCall questions;
 * when one fails, what this upload added is taken out again, so the test is left as it was.
 */
export async function uploadDocument(
  api: UploadApi,
  options: { testId: string; sectionId: string; parsed: ParsedDocument; pictureBytes: (path: string) => Uint8Array | null; onProgress?: (progress: UploadProgress) => void },
): Promise<{ questions: number; sections: number }> {
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
    html.replace(/src="([^"]*)"/g, (whole, src: string) => (src.startsWith(PICTURE_PREFIX) ? `src="${addresses.get(src.slice(PICTURE_PREFIX.length)) ?? ''}"` : whole));

  const total = parsed.sections.reduce((n, s) => n + s.questions.length, 0);
  const added: { sectionId: string; questionIds: string[]; created: boolean }[] = [];
  let sent = 0;
  onProgress?.({ phase: 'questions', done: 0, total });
  try {
    for (const section of parsed.sections) {
      let sectionId = options.sectionId;
      if (section.name !== null) {
        sectionId = (await api.createSection({ testId, name: section.name })).section._id;
        added.push({ sectionId, questionIds: [], created: true });
      }
      const entry = added.find((a) => a.sectionId === sectionId) ?? added[added.push({ sectionId, questionIds: [], created: false }) - 1];
      for (let start = 0; start < section.questions.length; start += LIMITS.questionsPerCall) {
        const batch = section.questions.slice(start, start + LIMITS.questionsPerCall).map((q) => mapHtml(q, withPictures) as unknown as QuestionInput);
        const result = await api.createQuestions({ testId, sectionId, questions: batch });
        entry.questionIds.push(...result.questions.map((q) => q._id));
        sent += batch.length;
        onProgress?.({ phase: 'questions', done: sent, total });
      }
    }
  } catch (error) {
    await takeBack(api, testId, added);
    throw error;
  }
  return { questions: parsed.questionCount, sections: added.filter((a) => a.created).length };
}

/** Removes what a failed upload added (best effort: the failure itself is what the user is told). */
async function takeBack(api: UploadApi, testId: string, added: { sectionId: string; questionIds: string[]; created: boolean }[]) {
  for (const { sectionId, questionIds, created } of added.reverse()) {
    try {
      if (created) await api.deleteSection({ testId, sectionId });
      else if (questionIds.length) await api.deleteQuestions({ testId, sectionId, questionIds });
    } catch {
      // Nothing more can be done from here; the error that stopped the upload is reported.
    }
  }
}
