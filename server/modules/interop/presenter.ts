import {
  LOSSES_HEADER_MAX,
  PREVIEW_QUESTIONS,
  type ExportLoss,
  type ImportPreview,
  type ImportProblem,
  type PreviewPicture,
  type PreviewQuestion,
} from '@shared/contract/interop';
import { isPictureType } from '@shared/domain/pictures';
import { htmlToPlain, imageSources } from '@shared/interop/html';
import { FORMAT_NAMES, isComprehension, type ImportResult, type InteropQuestion, type Loss } from '@shared/interop/model';
import { answerText } from '@shared/interop/questions';
import { cutText } from '@shared/render/math';
import type { PictureRefusal } from './pictures';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const TEXT_MAX = 300;
/** A listed question's picture is sent for its thumbnail up to this size as a data: URL (about 256 KB of picture)... */
const THUMBNAIL_MAX_CHARS = 350_000;
/** ...and the preview's pictures up to this in all (about 2 MB); past either, the portal draws a box with the size. */
const THUMBNAILS_MAX_CHARS = 2_800_000;

/** The text on a line, cut where no formula is split (the portal typesets it). */
const plain = (html: string) => cutText(htmlToPlain(html).text.replace(/\s+/g, ' ').trim(), TEXT_MAX);

const pictureFields = (q: InteropQuestion) => [
  q.name,
  q.solution,
  ...(isComprehension(q) ? [q.paragraph] : 'options' in q ? q.options.map((o) => o.name) : []),
];

function pictureCount(q: InteropQuestion): number {
  return pictureFields(q).reduce((n, html) => n + imageSources(html).length, 0);
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[^,;]*)*),/i;

/** A picture as its thumbnail: the file's own data: URL while it is small and the budget lasts, an https: link as it is, else its size only. */
function thumbnailOf(src: string, budget: { chars: number }): PreviewPicture {
  const data = DATA_URL.exec(src);
  if (!data) return { src: /^https:\/\//i.test(src) ? src : null, bytes: null };
  const payload = src.length - data[0].length;
  const padding = src.endsWith('==') ? 2 : src.endsWith('=') ? 1 : 0;
  const bytes = /;base64/i.test(data[2]) ? Math.floor((payload * 3) / 4) - padding : payload;
  if (!isPictureType((data[1] ?? '').toLowerCase()) || src.length > THUMBNAIL_MAX_CHARS || src.length > budget.chars) return { src: null, bytes };
  budget.chars -= src.length;
  return { src, bytes };
}

/**
 * One question as the preview lists it: its text and answer on a line, not its HTML (a bank's
 * pictures would make the answer megabytes). The questions the portal lists (the first
 * PREVIEW_QUESTIONS) carry their pictures for thumbnails, within a budget.
 */
function previewOf(q: InteropQuestion, budget: { chars: number; questions: number }, parentListed?: boolean): PreviewQuestion {
  const marks = q.marks?.positive ?? null;
  // A passage's questions are listed with it, and do not count towards the questions listed.
  const listed = parentListed ?? budget.questions-- > 0;
  const pictures = pictureCount(q);
  const thumbnails =
    listed && pictures > 0 ? { thumbnails: pictureFields(q).flatMap((html) => imageSources(html).map((src) => thumbnailOf(src, budget))) } : {};
  if (isComprehension(q))
    return {
      type: q.type,
      text: plain(q.paragraph || q.name),
      answer: '',
      marks,
      pictures,
      ...thumbnails,
      questions: q.questions.map((c) => previewOf(c, budget, listed)),
    };
  return { type: q.type, text: plain(q.name), answer: answerText(q, LETTERS, ', '), marks, pictures, ...thumbnails };
}

/** What an import understood of a file, before anything is stored. */
export function presentPreview(result: ImportResult): ImportPreview {
  const budget = { chars: THUMBNAILS_MAX_CHARS, questions: PREVIEW_QUESTIONS };
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
    sections: result.sections.map((s) => ({ name: s.name, questions: s.questions.map((q) => previewOf(q, budget)) })),
    problems: result.problems,
    blocked: result.questionCount === 0,
    ...(result.sheet ? { sheet: result.sheet } : {}),
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
