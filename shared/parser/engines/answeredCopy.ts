import { problemAt } from '../problems';
import type { ParsedChoiceQuestion, ParsedQuestion, ParsedSection, Problem } from '../types';

/**
 * The paper printed a second time with its answers (a teacher's paper, then "ĐÁP ÁN" and the
 * same questions with the right options in red): the copy's questions repeat the paper's, in
 * order, and answer them. Found from the whole paper: from some question on, most questions
 * repeat the ones from the start (the same type, as many options, nearly the same words; a
 * teacher may have touched a word or two), and the repeats carry answers the first reading lacks.
 * Each unanswered question then takes its repeat's answer, and the repeats are no questions of
 * their own (one note names the copy). A paper with no such copy is left as it is.
 */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Each question's words (its text and its options'), read once. */
const wordSets = new WeakMap<ParsedQuestion, Set<string>>();
function wordsOf(q: ParsedChoiceQuestion): Set<string> {
  let found = wordSets.get(q);
  if (!found) wordSets.set(q, (found = new Set(words(q.name + q.options.map((o) => ` ${o.name}`).join('')))));
  return found;
}

function similar(a: ParsedQuestion, b: ParsedQuestion): boolean {
  if (a.type !== b.type || !isChoice(a) || !isChoice(b) || a.options.length !== b.options.length) return false;
  const [left, right] = [wordsOf(a), wordsOf(b)];
  let common = 0;
  for (const w of left) if (right.has(w)) common += 1;
  return common >= 0.8 * Math.max(left.size, right.size);
}
const isChoice = (q: ParsedQuestion): q is ParsedChoiceQuestion => q.type === 'multiple_choice' || q.type === 'true_false';
const answered = (q: ParsedQuestion) => isChoice(q) && q.options.some((o) => o.isCorrect);

/**
 * Each question of a copy starting at `start` and the paper's question it repeats (looked for a
 * few places around its own, as a teacher may have added or merged one), from `first` on.
 */
function pairsOf(questions: ParsedQuestion[], first: number, start: number): [ParsedQuestion, ParsedQuestion][] {
  const used = new Set<number>();
  const pairs: [ParsedQuestion, ParsedQuestion][] = [];
  questions.slice(start).forEach((again, i) => {
    for (const at of [0, -1, 1, -2, 2].map((d) => first + i + d)) {
      if (at < first || at >= start || used.has(at) || !similar(questions[at], again)) continue;
      used.add(at);
      pairs.push([questions[at], again]);
      return;
    }
  });
  return pairs;
}

/**
 * Where the copy starts and the question it repeats first (a title read as a question may stand
 * before the paper's first); null when no copy. Only an answered question repeating an unanswered
 * one may start a copy, and only the first few such places are tried: a paper of many questions
 * alike costs no more than one that has none.
 */
function copyOf(questions: ParsedQuestion[]): { first: number; start: number } | null {
  let tried = 0;
  for (let start = 2; start < questions.length && tried < 3; start++) {
    if (!answered(questions[start])) continue;
    for (let first = 0; first <= 3 && first * 2 < start; first++) {
      if (answered(questions[first]) || !similar(questions[first], questions[start])) continue;
      tried += 1;
      const choices = questions.slice(start).filter(isChoice).length;
      const repeats = pairsOf(questions, first, start).filter(([paper, again]) => answered(again) && !answered(paper)).length;
      if (repeats >= 2 && repeats * 10 >= choices * 6) return { first, start };
    }
  }
  return null;
}

export function mergeAnsweredCopy(sections: ParsedSection[], problems: Problem[]): ParsedSection[] {
  const questions = sections.flatMap((s) => s.questions);
  const copy = copyOf(questions);
  if (!copy) return sections;
  const repeats = new Set<ParsedQuestion>();
  const answeredNow = new Set<number>();
  for (const [paper, again] of pairsOf(questions, copy.first, copy.start)) {
    if (!isChoice(paper) || !isChoice(again) || !answered(again) || answered(paper)) continue;
    again.options.forEach((option, at) => (paper.options[at].isCorrect = option.isCorrect));
    paper.answerFrom = again.answerFrom;
    if (paper.docParagraph) answeredNow.add(paper.docParagraph);
    repeats.add(again);
  }
  // The notes that said these questions had no answer no longer hold.
  const kept = problems.filter((p) => !(p.code === 'answerNotMarked' && p.paragraph !== null && answeredNow.has(p.paragraph)));
  problems.splice(0, problems.length, ...kept);
  const note = problemAt(null, 'answeredCopy', { count: repeats.size });
  problems.push({ ...note, paragraph: questions[copy.start].docParagraph ?? null });
  return sections.map((s) => ({ ...s, questions: s.questions.filter((q) => !repeats.has(q)) })).filter((s) => s.questions.length > 0);
}
