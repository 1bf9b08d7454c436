import { LOSSES_HEADER_MAX, type ExportLoss, type ImportPreview, type ImportProblem, type PreviewQuestion } from '@shared/contract/interop';
import { htmlToPlain, imageSources } from '@shared/interop/html';
import { FORMAT_NAMES, isComprehension, type ImportResult, type InteropQuestion, type Loss } from '@shared/interop/model';
import { answerText } from '@shared/interop/questions';
import type { PictureRefusal } from './pictures';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const TEXT_MAX = 300;

const plain = (html: string) => {
  const text = htmlToPlain(html).text.replace(/\s+/g, ' ').trim();
  return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text;
};

function pictureCount(q: InteropQuestion): number {
  const fields = [q.name, q.solution, ...(isComprehension(q) ? [q.paragraph] : 'options' in q ? q.options.map((o) => o.name) : [])];
  return fields.reduce((n, html) => n + imageSources(html).length, 0);
}

/** One question as the preview lists it: its text and answer on a line, not its HTML (a bank's pictures would make the answer megabytes). */
function previewOf(q: InteropQuestion): PreviewQuestion {
  const marks = q.marks?.positive ?? null;
  if (isComprehension(q))
    return { type: q.type, text: plain(q.paragraph || q.name), answer: '', marks, pictures: pictureCount(q), questions: q.questions.map(previewOf) };
  return { type: q.type, text: plain(q.name), answer: answerText(q, LETTERS, ', '), marks, pictures: pictureCount(q) };
}

/** What an import understood of a file, before anything is stored. */
export function presentPreview(result: ImportResult): ImportPreview {
  const countsByType: Record<string, number> = {};
  for (const section of result.sections) {
    for (const q of section.questions) {
      countsByType[q.type] = (countsByType[q.type] ?? 0) + 1;
      if (isComprehension(q)) for (const c of q.questions) countsByType[c.type] = (countsByType[c.type] ?? 0) + 1;
    }
  }
  return {
    format: result.format,
    formatName: FORMAT_NAMES[result.format],
    questionCount: result.questionCount,
    countsByType,
    sections: result.sections.map((s) => ({ name: s.name, questions: s.questions.map(previewOf) })),
    problems: result.problems,
    blocked: result.questionCount === 0,
  };
}

const REFUSALS: Record<PictureRefusal, string> = {
  pictureFormat: 'pictures that are not PNG, JPEG, GIF or WebP (or whose bytes are not what they say) left out',
  pictureTooLarge: 'pictures over 5 MB left out',
  tooManyPictures: 'pictures past the first 1,000 of the file left out',
};

/** The pictures an import could not store, a warning per cause for the whole file. */
export function pictureProblems(refused: PictureRefusal[]): ImportProblem[] {
  const counts = new Map<PictureRefusal, number>();
  refused.forEach((r) => counts.set(r, (counts.get(r) ?? 0) + 1));
  return [...counts].map(([code, count]) => ({ severity: 'warning', question: null, code, message: `${count} ${REFUSALS[code]}` }));
}

/**
 * An export's losses for its response header: JSON, percent-encoded (a header is ASCII), under
 * LOSSES_HEADER_MAX characters: long question lists are cut first (the count stays whole).
 */
export function lossesHeader(losses: Loss[]): string {
  for (const keep of [Infinity, 20, 5, 0]) {
    const list: ExportLoss[] = losses.map((l) => ({ ...l, questions: l.questions.slice(0, keep) }));
    const value = encodeURIComponent(JSON.stringify(list));
    if (value.length <= LOSSES_HEADER_MAX) return value;
  }
  return encodeURIComponent('[]');
}

/** A file name inside the library zip: the test's name (any script), nothing a path could take for a folder, each name once. */
export function zipEntryName(name: string, extension: string, used: Set<string>): string {
  // Control characters are exactly what a file name must not carry.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
  const base =
    name
      .replace(unsafe, '_')
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, 120) || 'test';
  let candidate = `${base}${extension}`;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}
