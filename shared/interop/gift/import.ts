import { plainToHtml } from '../html';
import { fromMoodleMath } from '../math';
import type { ImportResult, InteropQuestion, InteropSection, ParsedChildQuestion } from '../model';
import { Problems } from '../problems';
import { BLANK, fillUps, isWholeNumber, rangeAnswer, TRUE_FALSE, wordAnswer } from '../questions';
import { hold, release } from './escape';
import { passageOf } from '../passages';

/**
 * GIFT (Moodle's text format) in: questions separated by blank lines, `//` comments,
 * `$CATEGORY:` lines as sections, `::title::`, `[html]` / `[plain]` text, and the answer block:
 * `{=right ~wrong}` multiple choice (`~%50%` weights: several correct), `{T}` true/false,
 * `{=a =b}` short answer (a blank), `{#5}` / `{#5:0.5}` / `{#1..2}` numerical, `#feedback` and
 * `####general feedback` (our solution). Matching and essay questions have no place in our tests.
 */

interface Block {
  number: number;
  title: string | null;
  question: InteropQuestion | null;
}

/** Text in the block's format as our HTML (the maths as `$...$`). */
function html(text: string, format: string): string {
  const released = release(text).trim();
  return fromMoodleMath(format === 'html' ? released : plainToHtml(released));
}

function splitFormat(text: string, fallback: string): [string, string] {
  const m = /^\s*\[(html|moodle|plain|markdown)\]/.exec(text);
  return m ? [m[1], text.slice(m[0].length)] : [fallback, text];
}

/** One answer of a list: its weight (100 for `=`), text and feedback. */
function answers(body: string): { weight: number; text: string; feedback: string }[] {
  return body
    .replace(/=/g, '~=')
    .split('~')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => {
      let weight = 0;
      if (a.startsWith('=')) {
        weight = 100;
        a = a.slice(1).trim();
      }
      const w = /^%(-?\d+(?:\.\d*)?)%/.exec(a);
      if (w) {
        weight = Number(w[1]);
        a = a.slice(w[0].length);
      }
      const [text, feedback = ''] = a.split('#');
      return { weight, text: text.trim(), feedback: feedback.trim() };
    });
}

function numerical(body: string, number: number, problems: Problems): ParsedChildQuestion | null {
  const list = body.includes('=') ? answers(body) : [{ weight: 100, text: body.split('#')[0].trim(), feedback: '' }];
  const right = list.filter((a) => a.weight >= 100);
  if (list.length > right.length)
    problems.warning(number, 'partialCredit', `${list.length - right.length} answers with partial credit left out (our answers are right or wrong)`);
  const ranges = right.map((a) => {
    const range = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)$/.exec(a.text);
    if (range) return rangeAnswer(Number(range[1]), Number(range[2]));
    const [value, tolerance = '0'] = a.text.split(':');
    const x = Number(value);
    const t = Math.abs(Number(tolerance));
    return Number.isFinite(x) && Number.isFinite(t) && value.trim() ? rangeAnswer(x - t, x + t) : null;
  });
  if (!ranges.length || ranges.some((r) => r === null)) {
    problems.error(number, 'answerUnreadable', `the numerical answer "${release(body).trim()}" cannot be read`);
    return null;
  }
  // One exact whole number is an integer question; anything else a blank that takes a range.
  const only = right[0].text.split(':');
  if (ranges.length === 1 && isWholeNumber(only[0]) && (only.length === 1 || Number(only[1]) === 0))
    return { type: 'integer', name: '', solution: String(Number(only[0])) };
  return fillUps('', [ranges as NonNullable<(typeof ranges)[number]>[]]);
}

function readBlock(raw: string, number: number, problems: Problems): Block | { category: string } {
  let text = hold(raw).trim();
  if (/^\$CATEGORY:/.test(text)) return { category: release(text.slice(10)).trim() };
  let title: string | null = null;
  const named = /^::([\s\S]*?)::/.exec(text);
  if (named) {
    title = release(named[1]).trim();
    text = text.slice(named[0].length).trim();
  }
  const open = text.indexOf('{');
  const close = open < 0 ? -1 : text.indexOf('}', open);
  const [format, stemText] = splitFormat(text, 'moodle');
  if (open < 0 && text.indexOf('}') < 0)
    return { number, title, question: { type: 'comprehension', name: '', solution: '', paragraph: html(stemText, format), questions: [] } };
  if (open < 0 || close < 0) {
    problems.error(number, 'braces', 'the answer block has no { or no }');
    return { number, title, question: null };
  }
  let body = text.slice(open + 1, close).trim();
  const general = body.lastIndexOf('####');
  const generalText = general >= 0 ? body.slice(general + 4) : null;
  if (general >= 0) body = body.slice(0, general).trim();
  const trueFalse = /^(T|TRUE|F|FALSE)\s*(#|$)/.exec(body);
  const before = text.slice(0, open);
  const after = text.slice(close + 1);
  // Text after the answer block is a missing word ("Grant is {~buried =entombed} in..."), but a
  // true/false statement has no blank: "The sun rises in the east{T}." is the sentence whole.
  const joined =
    after.trim() === '' ? before : trueFalse ? `${before.trimEnd()}${/^\s*[\p{L}\p{N}]/u.test(after) ? ' ' : ''}${after.trimStart()}` : before + BLANK + after;
  let stem = splitFormat(joined, 'moodle');
  // A question written as its title only ("::The sun rises in the east::{T}."): the title is its text.
  if (title && !/[\p{L}\p{N}]/u.test(release(stem[1]).replace(/<[^>]*>/g, ''))) stem = [stem[0], `${title}${release(stem[1]).trim()}`];
  const solution = generalText === null ? '' : html(generalText, stem[0]);
  const name = html(stem[1], stem[0]);
  let question: ParsedChildQuestion | null = null;
  if (!body) problems.error(number, 'unknownType', 'essay questions (an empty answer block) have no place in our tests', { reason: 'essay' });
  else if (body.startsWith('#')) question = numerical(body.slice(1), number, problems);
  else if (body.includes('~')) {
    const list = answers(body);
    const feedback = list.filter((a) => a.feedback).length;
    if (feedback) problems.warning(number, 'optionFeedback', `the feedback of ${feedback} options left out (our options have none)`);
    if (list.length < 2) problems.error(number, 'tooFewOptions', 'a question needs two options or more');
    else question = { type: 'multiple_choice', name: '', solution: '', options: list.map((a) => ({ name: html(a.text, stem[0]), isCorrect: a.weight > 0 })) };
  } else if (body.includes('=') && body.includes('->'))
    problems.error(number, 'unknownType', 'matching questions have no place in our tests', { reason: 'matching' });
  else {
    if (trueFalse) {
      const right = trueFalse[1].startsWith('T');
      question = { type: 'true_false', name: '', solution: '', options: TRUE_FALSE.map((n, i) => ({ name: n, isCorrect: right === (i === 0) })) };
    } else {
      const list = answers(body.startsWith('=') ? body : `=${body}`);
      const right = list.filter((a) => a.weight >= 100);
      if (list.length > right.length)
        problems.warning(number, 'partialCredit', `${list.length - right.length} answers with partial credit left out (our answers are right or wrong)`);
      question = right.length ? fillUps('', [right.map((a) => wordAnswer(release(a.text)))]) : null;
      if (!question) problems.error(number, 'noCorrectAnswer', 'no answer gets full marks');
    }
  }
  return { number, title, question: question && { ...question, name, solution: question.type === 'integer' ? question.solution : solution } };
}

/** A line up to its end. */
const LINE = /[^\r\n]*/y;

/** Where the run of blank lines (white space only, each with its line end) at `at` ends: `at` when its line is not blank. */
function blankLinesEnd(body: string, at: number): number {
  let end = at;
  for (let i = at; i < body.length; i++) {
    const c = body[i];
    if (c === '\n') end = i + 1;
    else if (c === '\r') end = body[i + 1] === '\n' ? ++i + 1 : i + 1;
    else if (c !== ' ' && c !== '\t' && !/\s/.test(c)) break;
  }
  return end;
}

export function importGift(text: string): ImportResult {
  const problems = new Problems('gift');
  const sections: InteropSection[] = [];
  let section: InteropSection | null = null;
  const blocks: Block[] = [];
  let number = 0;
  const flush = () => {
    if (!blocks.length) return;
    section ??= { name: null, questions: [] };
    if (!sections.includes(section)) sections.push(section);
    section.questions.push(...passageOf(blocks.splice(0), problems));
  };
  const body = text.replace(/^\uFEFF/, '');
  let current: string[] = [];
  const end = () => {
    const raw = current.join('\n').trim();
    current = [];
    if (!raw) return;
    const read = readBlock(raw, raw.startsWith('$CATEGORY:') ? 0 : ++number, problems);
    if ('category' in read) {
      flush();
      section = { name: read.category.replace(/^\$(course|system|module|cat\d+)\$\/(top\/)?/, '').replace(/^top\//, '') || null, questions: [] };
    } else blocks.push(read);
  };
  // Line by line; a run of blank lines ends a question and is passed over at once (a file of
  // millions of them took seconds a line at a time: issue 29).
  for (let at = 0; at < body.length;) {
    const blanks = blankLinesEnd(body, at);
    if (blanks > at) {
      at = blanks;
      end();
      continue;
    }
    LINE.lastIndex = at;
    LINE.test(body);
    const line = body.slice(at, LINE.lastIndex);
    at = LINE.lastIndex + (body.startsWith('\r\n', LINE.lastIndex) ? 2 : 1);
    if (!line.trim()) end();
    else if (!/^\s*\/\//.test(line)) current.push(line);
  }
  end();
  flush();
  const kept = sections.filter((s) => s.questions.length);
  const count = kept.reduce((n, s) => n + s.questions.reduce((m, q) => m + (q.type === 'comprehension' ? q.questions.length : 1), 0), 0);
  return { format: 'gift', sections: kept, problems: problems.list, questionCount: count };
}
