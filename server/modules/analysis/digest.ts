import type { Outcome, StudentAnswer } from '@shared/domain/scoring';
import { answerableQuestions, type ChildQuestion, type Test } from '@shared/domain/test';

/**
 * An attempt's digest (attempts.digest, migration 013): what each question got, short enough that
 * an analysis reads 100,000 attempts' digests instead of their 10,000,000 answer rows.
 *
 * Positions follow the answerable questions of the test's version (VersionQuestion[], kept in
 * test_version_questions). Per position, one entry:
 *   `_`                       the attempt's layout did not hold the question (random generation);
 *   outcome                   `c` correct, `p` partial, `w` wrong, `u` skipped;
 *   then, for a choice question, the options chosen: a bit per option of the version, 6 bits a
 *   character (code 48 + bits), as many characters as the options need;
 *   then `=` and the score, only when it is not the question's usual score for the outcome
 *   (`usual`: right, wrong, skipped; a partial score is always written).
 * A 100-question test's digest is 150-250 characters.
 */

export interface VersionQuestion {
  id: string;
  /** Choice questions: the option ids in the version's order (bit k of a digest = option k). */
  options?: string[];
  /** The usual score when right, wrong, skipped (scoreAnswer's, with this version's marks). */
  usual: [number, number, number];
}

const round = (n: number) => Math.round(n * 100) / 100 || 0;
const isChoice = (q: ChildQuestion) => q.type === 'multiple_choice' || q.type === 'true_false';
const OUTCOME_CODE: Record<Outcome, string> = { correct: 'c', partial: 'p', wrong: 'w', unattempted: 'u' };
export const OUTCOME_OF: Record<string, Outcome> = { c: 'correct', p: 'partial', w: 'wrong', u: 'unattempted' };
const USUAL_INDEX: Record<string, number> = { c: 0, w: 1, u: 2 };

/** Characters a choice question's chosen options take. */
export const maskWidth = (options: number) => Math.max(1, Math.ceil(options / 6));

const known = new WeakMap<Test, VersionQuestion[]>();

/** The questions of a test as digests number them (kept per hydrated test: a submit asks each time). */
export function versionQuestions(test: Test): VersionQuestion[] {
  let questions = known.get(test);
  if (questions) return questions;
  questions = versionQuestionsOf(answerableQuestions(test.sections.flatMap((s) => s.questions)));
  known.set(test, questions);
  return questions;
}

/** Answerable questions, in the test's order, as digests number them. */
export function versionQuestionsOf(questions: ChildQuestion[]): VersionQuestion[] {
  return questions.map((q) => ({
    id: q._id,
    ...(isChoice(q) ? { options: q.options.map((o) => o.id) } : {}),
    usual: [
      round(q.marks.positive),
      q.isNegativeMarkingEnabled ? round(-q.marks.negative) : 0,
      q.isNegativeMarkingEnabledIfUnattempted ? round(-q.marks.negativeUnattempted) : 0,
    ],
  }));
}

/** The chosen options as digest characters (bit k: option k of the version). */
export function maskOf(options: string[], selected: readonly string[] | undefined): string {
  const bits = new Array<number>(maskWidth(options.length)).fill(0);
  for (const id of selected ?? []) {
    const k = options.indexOf(id);
    if (k >= 0) bits[Math.floor(k / 6)] |= 1 << (k % 6);
  }
  return bits.map((b) => String.fromCharCode(48 + b)).join('');
}

/** One question's entry. */
export function entryOf(q: VersionQuestion, answer: StudentAnswer | null | undefined, score: number, outcome: Outcome): string {
  const code = OUTCOME_CODE[outcome];
  const mask = q.options ? maskOf(q.options, answer?.selected) : '';
  const usual = USUAL_INDEX[code];
  return code + mask + (usual !== undefined && q.usual[usual] === score ? '' : `=${round(score)}`);
}

/** The digest of an attempt: its answers, scores and outcomes by question id (questions the layout did not hold are absent). */
export function encodeDigest(questions: VersionQuestion[], scored: ReadonlyMap<string, { answer: unknown; score: number; outcome: string }>): string {
  return questions
    .map((q) => {
      const row = scored.get(q.id);
      return row ? entryOf(q, row.answer as StudentAnswer | null, Number(row.score), row.outcome as Outcome) : '_';
    })
    .join('');
}

/**
 * Reads a digest, calling `visit` per question the attempt held with its position, outcome code,
 * score, the chosen options' characters (start and end in the digest; empty for other types)
 * and where the score is written in the digest (start and end; -1 when it is the usual score).
 * Allocation-free: it runs 10,000,000 times for a 100,000-attempt analysis.
 */
export function readDigest(
  digest: string,
  questions: VersionQuestion[],
  visit: (position: number, code: string, score: number, maskStart: number, maskEnd: number, scoreStart: number, scoreEnd: number) => void,
): void {
  let at = 0;
  for (let position = 0; position < questions.length && at < digest.length; position++) {
    const code = digest[at++];
    if (code === '_') continue;
    const q = questions[position];
    const maskStart = at;
    if (q.options) at += maskWidth(q.options.length);
    const maskEnd = at;
    let score: number;
    let scoreStart = -1;
    if (digest.charCodeAt(at) === 61 /* = */) {
      scoreStart = ++at;
      while (at < digest.length && isNumberChar(digest.charCodeAt(at))) at++;
      score = Number(digest.slice(scoreStart, at));
    } else {
      score = q.usual[USUAL_INDEX[code] ?? 0];
    }
    visit(position, code, score, maskStart, maskEnd, scoreStart, scoreStart < 0 ? -1 : at);
  }
}

/** 0-9 . - */
const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 45;

/** Whether option k is among the chosen characters. */
export function chose(digest: string, maskStart: number, k: number): boolean {
  return ((digest.charCodeAt(maskStart + Math.floor(k / 6)) - 48) & (1 << (k % 6))) !== 0;
}
