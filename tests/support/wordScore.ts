import type { ParsedDocument, ParsedQuestion } from '@shared/parser/types';
import type { ExpectedQuestion } from '../fixtures/word/expected';

/**
 * The yardstick of the teacher corpus: how many of the questions a human reads in a paper the
 * parser read fully right.
 *
 * Questions are compared in document order, sections flattened, comprehensions followed by their
 * children. Every expected question counts, a comprehension and each of its children alike. They
 * are aligned by their stems (the longest chain of similar stems in order), so one question read
 * too many or too few does not shift the rest.
 *
 * A question is fully right when its type, its stem, its options' texts, its correct options (or
 * its answer: of several blanks, each one's first accepted answer joined by ", ") and its pictures all match after normalisation: HTML tags dropped, entities decoded,
 * white space collapsed, case kept, an answer's final full stop dropped, `<img>` counted as a picture, equations (`$…$`) compared
 * without spaces or braces. A comprehension is right when its passage holds the expected passage
 * and each of its children is right; a child is right only inside the comprehension it belongs to.
 */

export interface WordScore {
  /** Expected questions: comprehensions and each of their children count. */
  expected: number;
  fullyRight: number;
  /** Nothing stops the file from being read (no `file` problem) and at least one question was read. */
  uploads: boolean;
  /** `index`: the expected question's place in document order (0-based, children counted); -1 for a question read that is not in the paper. */
  misses: { index: number; reason: string }[];
}

interface Item<Q> {
  question: Q;
  parent: number | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of the parser's HTML (or of an expected text), and how many pictures it holds. */
export function normalise(html: string): { text: string; pictures: number } {
  const pictures = (html.match(/<img\b/gi) ?? []).length;
  let text = html
    .replace(/<img\b[^>]*>/gi, ' ')
    .replace(/<\/?(p|br|div|li|ul|ol|tr|td|th|table|tbody|thead|h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .normalize('NFC')
    .replace(/[\s\u00a0\u2000-\u200b\u3000]+/g, ' ')
    .trim();
  // Equations loosely: no spaces or braces inside $…$ when it looks like LaTeX (not "$5 and $12").
  text = text.replace(/\$([^$]+)\$/g, (whole, body: string) => (/[\\^_{}]/.test(body) ? `$${body.replace(/[\s{}]/g, '')}$` : whole));
  return { text, pictures };
}

const textOf = (html: string) => normalise(html).text;

function flattenParsed(parsed: ParsedDocument): Item<ParsedQuestion>[] {
  const items: Item<ParsedQuestion>[] = [];
  for (const section of parsed.sections) {
    for (const question of section.questions) {
      const index = items.length;
      items.push({ question, parent: null });
      if (question.type === 'comprehension') for (const child of question.questions) items.push({ question: child, parent: index });
    }
  }
  return items;
}

function flattenExpected(expected: ExpectedQuestion[]): Item<ExpectedQuestion>[] {
  const items: Item<ExpectedQuestion>[] = [];
  for (const question of expected) {
    const index = items.length;
    items.push({ question, parent: null });
    for (const child of question.children ?? []) items.push({ question: child, parent: index });
  }
  return items;
}

/** The text a parsed question is recognised by: a comprehension's passage (and its name), another question's stem. */
function parsedStem(question: ParsedQuestion): string {
  return question.type === 'comprehension' ? textOf(`${question.name} ${question.paragraph}`) : textOf(question.name);
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const compact = text.toLowerCase();
  for (let i = 0; i < compact.length - 1; i++) {
    const gram = compact.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/**
 * 0..1: how alike two stems are (1 when equal or when one holds the other). `grams` keeps each
 * text's bigrams, counted once for all the pairs it is in (a paper of 470 questions makes 220,000
 * pairs). Below MATCH_AT_LEAST a value only says "no match": a pair whose lengths alone keep it
 * below that is not counted.
 */
function similarity(a: string, b: string, grams: (text: string) => Map<string, number> = bigrams): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  if (a.length >= 8 && b.length >= 8 && (a.includes(b) || b.includes(a))) return 0.9;
  const total = Math.max(1, a.length - 1) + Math.max(1, b.length - 1);
  if ((2 * Math.min(a.length, b.length)) / total < MATCH_AT_LEAST) return 0;
  const ga = grams(a);
  const gb = grams(b);
  let shared = 0;
  for (const [gram, count] of ga) shared += Math.min(count, gb.get(gram) ?? 0);
  return (2 * shared) / total;
}

const MATCH_AT_LEAST = 0.5;

/** Pairs of (expected index, parsed index), in order, maximising the total similarity of the stems. */
function align(expected: Item<ExpectedQuestion>[], parsed: Item<ParsedQuestion>[]): [number, number][] {
  const n = expected.length;
  const m = parsed.length;
  const exp = expected.map((item) => normalise(item.question.stem).text);
  const got = parsed.map((item) => parsedStem(item.question));
  const counted = new Map<string, Map<string, number>>();
  const grams = (text: string) => {
    let known = counted.get(text);
    if (!known) counted.set(text, (known = bigrams(text)));
    return known;
  };
  const sim = exp.map((e, i) =>
    got.map((g, j) => {
      const wantComprehension = expected[i].question.type === 'comprehension';
      const isComprehension = parsed[j].question.type === 'comprehension';
      if (wantComprehension && isComprehension && e && g.includes(e)) return 1;
      const s = similarity(e, g, grams);
      // A comprehension and a plain question only pair when their texts are much alike.
      return wantComprehension !== isComprehension ? (s >= 0.8 ? s * 0.9 : 0) : s;
    }),
  );
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const s = sim[i][j];
      best[i][j] = Math.max(best[i + 1][j], best[i][j + 1], s >= MATCH_AT_LEAST ? s + best[i + 1][j + 1] : 0);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const s = sim[i][j];
    if (s >= MATCH_AT_LEAST && best[i][j] === s + best[i + 1][j + 1]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (best[i][j] === best[i + 1][j]) i++;
    else j++;
  }
  return pairs;
}

const short = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const TRUE_NAMES = /^(true|t|đúng|đ|참|o|yes|correct)$/i;
const FALSE_NAMES = /^(false|f|sai|s|거짓|x|no|incorrect)$/i;

/** What is wrong with a parsed question against the expected one (not its children); [] when nothing. */
function differences(want: ExpectedQuestion, got: ParsedQuestion): string[] {
  const wrong: string[] = [];
  if (want.type !== got.type) wrong.push(`type ${got.type}, expected ${want.type}`);
  const wantStem = normalise(want.stem).text;
  if (got.type === 'comprehension') {
    const passage = parsedStem(got);
    if (!passage.includes(wantStem)) wrong.push(`passage ${short(passage)}, expected ${short(wantStem)}`);
    const pictures = normalise(`${got.name} ${got.paragraph}`).pictures;
    if (pictures !== (want.pictures ?? 0)) wrong.push(`${pictures} pictures, expected ${want.pictures ?? 0}`);
    return wrong;
  }
  const stem = normalise(got.name);
  if (stem.text !== wantStem) wrong.push(`stem ${short(stem.text)}, expected ${short(wantStem)}`);
  let pictures = stem.pictures;
  if (got.type === 'multiple_choice' || got.type === 'true_false') {
    const options = got.options.map((o) => normalise(o.name));
    pictures += options.reduce((sum, o) => sum + o.pictures, 0);
    const correct = got.options.flatMap((o, i) => (o.isCorrect ? [i] : []));
    if (want.type === 'true_false' && got.type === 'true_false') {
      const truth = (i: number) => (TRUE_NAMES.test(options[i].text) ? 0 : FALSE_NAMES.test(options[i].text) ? 1 : i);
      const gotTruth = correct.map(truth).sort();
      if (!sameList(gotTruth, [...(want.correct ?? [])].sort()))
        wrong.push(
          `answer ${gotTruth.map((t) => (t === 0 ? 'true' : 'false')).join() || 'none'}, expected ${(want.correct ?? []).map((t) => (t === 0 ? 'true' : 'false')).join() || 'none'}`,
        );
    } else if (want.options) {
      const texts = options.map((o) => o.text);
      const wantTexts = want.options.map((o) => normalise(o).text);
      if (
        !sameList(
          texts.map((_, i) => i),
          wantTexts.map((_, i) => i),
        ) ||
        texts.some((t, i) => t !== wantTexts[i])
      )
        wrong.push(`options ${short(JSON.stringify(texts))}, expected ${short(JSON.stringify(wantTexts))}`);
      const wantCorrect = [...(want.correct ?? [])].sort((a, b) => a - b);
      if (!sameList(correct, wantCorrect)) wrong.push(`correct [${correct.join()}], expected [${wantCorrect.join()}]`);
    }
  } else if (want.answer !== undefined) {
    // A question of several blanks: each blank's first accepted answer, in order, joined by ", " (as the expected files write them).
    const firsts = got.type === 'fill_ups' ? got.options.filter((o, i, all) => all.findIndex((p) => p.optionId === o.optionId) === i).map((o) => o.name) : [];
    const answer = got.type === 'fill_ups' ? firsts.map(textOf).join(', ') : textOf(got.solution);
    // A final full stop is not compared: the pupil types the answer, not the end of the sentence it was written in.
    const unstopped = (text: string) => text.replace(/\s*[.。]$/u, '');
    const same = unstopped(answer) === unstopped(want.answer) || (answer !== '' && !Number.isNaN(Number(answer)) && Number(answer) === Number(want.answer));
    if (!same) wrong.push(`answer ${short(answer)}, expected ${short(want.answer)}`);
  }
  if (pictures !== (want.pictures ?? 0)) wrong.push(`${pictures} pictures, expected ${want.pictures ?? 0}`);
  return wrong;
}

export function scoreDocument(parsed: ParsedDocument, expected: ExpectedQuestion[]): WordScore {
  const want = flattenExpected(expected);
  const got = flattenParsed(parsed);
  const pairs = align(want, got);
  const matchOf = new Map(pairs);
  const matched = new Set(pairs.map(([, j]) => j));
  const right = new Array<boolean>(want.length).fill(false);
  const misses: WordScore['misses'] = [];

  want.forEach((item, i) => {
    const j = matchOf.get(i);
    if (j === undefined) {
      misses.push({ index: i, reason: `not read: ${short(item.question.stem)}` });
      return;
    }
    const wrong = differences(item.question, got[j].question);
    if (item.parent !== null) {
      const parentMatch = matchOf.get(item.parent);
      if (got[j].parent === null || got[j].parent !== parentMatch) wrong.push('not inside its passage');
    } else if (got[j].parent !== null) wrong.push('read as a child of a passage');
    if (wrong.length) misses.push({ index: i, reason: `${short(item.question.stem)}: ${wrong.join('; ')}` });
    else right[i] = true;
  });
  // A comprehension is right when, besides its passage, each of its children is.
  want.forEach((item, i) => {
    if (item.question.type !== 'comprehension' || !right[i]) return;
    const children = want.map((c, k) => [c, k] as const).filter(([c]) => c.parent === i);
    const childCount = matchOf.has(i) ? got.filter((g) => g.parent === matchOf.get(i)).length : 0;
    if (children.some(([, k]) => !right[k]) || childCount !== children.length) {
      right[i] = false;
      misses.push({
        index: i,
        reason: `${short(item.question.stem)}: ${childCount} questions read in the passage, ${children.filter(([, k]) => right[k]).length} of ${children.length} right`,
      });
    }
  });
  got.forEach((item, j) => {
    if (!matched.has(j)) misses.push({ index: -1, reason: `read but not in the paper: ${item.question.type} ${short(parsedStem(item.question))}` });
  });
  misses.sort((a, b) => (a.index === -1 ? Infinity : a.index) - (b.index === -1 ? Infinity : b.index));

  return {
    expected: want.length,
    fullyRight: right.filter(Boolean).length,
    uploads: !parsed.problems.some((p) => p.code === 'file') && got.some((g) => g.question.type !== 'comprehension'),
    misses,
  };
}
