import { countedScores, scoreAnswer, type Outcome, type ScoredSection, type StudentAnswer } from '@shared/domain/scoring';
import { answerableQuestions } from '@shared/domain/test/normalize';
import type { ChildQuestion, Test } from '@shared/domain/test/types';
import { attemptAnyOf, sectionAnswerableIds, type AttemptLayout } from '../students/layout';
import type { PublishOption } from '@shared/api/reportTypes';
import { AppError } from '../../http/errors';
import type { AttemptDelta, PublishRepository, Rescore } from './publishRepository';

/**
 * Re-evaluation on publish (decisions section 6), done in the database as set-based work. The
 * rows of one question are spread over the whole answers table (an attempt's rows are written
 * together when it starts), so each pass over them costs a page per attempt: there is one, and
 * nothing is written back to them.
 *
 * 1. the corrected questions' answers of every attempt scored with an earlier version of the
 *    test are copied, with their score as it is now (the rule of the view attempt_answer_scores),
 *    into a temporary table;
 * 2. its DISTINCT answers (a few dozen even for 100,000 attempts: students choose among the same
 *    options) are scored once here with the one scoring rule (shared/domain/scoring.ts
 *    scoreAnswer); GRACE gives the question's full positive marks whatever the answer. They are
 *    kept in answer_rescores under the version this publish makes, which the view applies to
 *    every attempt scored before it;
 * 3. one statement adds each attempt's delta to its score (and the change of the question's
 *    positive marks to its max_score) and records every changed score in score_changes
 *    (publish, attempt, old score, new score).
 *
 * It runs in the caller's transaction (the PublishRepository built on it, which holds the SQL):
 * all attempts are re-scored, or none.
 *
 * A test with "attempt any N" sections (issue 17) is not a sum of its questions: there step 3
 * works out each attempt's change with the submit's own rule (countedScores: the best N count),
 * from all of the attempt's scores as they are now, before and after the correction.
 */

/** One answerable question after the correction, what to do with past attempts, and its positive marks before. */
export interface Correction {
  question: ChildQuestion;
  option: PublishOption;
  oldPositive: number;
}

/**
 * Takes the test's publish lock for this transaction, or refuses: a publish of the same test
 * still running elsewhere (PostgreSQL) answers 409 PUBLISH_IN_PROGRESS instead of interleaving.
 * On PGlite the single connection already runs one transaction at a time (publishes queue).
 */
export async function takePublishLock(publishes: PublishRepository, testId: string): Promise<void> {
  if (!(await publishes.takeLock(testId))) throw new AppError(409, 'PUBLISH_IN_PROGRESS', 'publishInProgress');
}

/** The scores of the distinct answers in publish_answers, computed with scoreAnswer. */
async function scoredAnswers(publishes: PublishRepository, corrections: Correction[]): Promise<Rescore[]> {
  const byId = new Map(corrections.map((c) => [c.question._id, c]));
  return (await publishes.distinctAnswers()).map(({ question_id, answer_key }) => {
    const { question, option } = byId.get(question_id)!;
    const scored = scoreAnswer(question, JSON.parse(answer_key) as StudentAnswer | null);
    return { q: question_id, k: answer_key, s: option === 'GRACE' ? question.marks.positive : scored.score, o: scored.outcome };
  });
}

/** The publish being applied: its id, and the version of the test it makes. */
export interface PublishRef {
  publishId: string;
  orgId: string;
  testId: string;
  version: number;
}

/**
 * Applies RE_EVALUATE and GRACE corrections to every attempt scored with an earlier version of
 * the test, recording the changes under the publish. Answers the number of attempts whose score changed.
 */
export async function reevaluate(publishes: PublishRepository, publish: PublishRef, corrections: Correction[], test?: Test): Promise<number> {
  const applied = corrections.filter((c) => c.option !== 'NO_CHANGE');
  if (applied.length === 0) return 0;
  await publishes.collectAnswers(
    publish.testId,
    publish.version,
    applied.map((c) => c.question._id),
  );
  const scores = await scoredAnswers(publishes, applied);
  if (scores.length === 0) return 0;
  // Worked out before the new rescores are stored: the view still gives the scores as they were.
  const limited = test && [...attemptAnyOf(test).values()].some((n) => n !== null) ? await bestOfDeltas(publishes, test, applied, scores) : null;
  await publishes.storeRescores(publish, scores);
  const marks = applied.map((c) => ({ q: c.question._id, d: c.question.marks.positive - c.oldPositive }));
  const changed = await publishes.applyDeltas(publish.publishId, limited ? { given: limited } : { scores, marks });
  await publishes.dropAnswers();
  return changed;
}

/**
 * Each attempt's change of score and maximum when the test has "attempt any N" sections: its
 * questions' scores as they are now (the view attempt_answer_scores), then with the corrected
 * answers' new scores and marks, both added up by countedScores, the submit's rule.
 */
async function bestOfDeltas(publishes: PublishRepository, test: Test, applied: Correction[], scores: Rescore[]): Promise<AttemptDelta[]> {
  const { attempts, now, corrected } = await publishes.attemptsToRecount();
  const newScore = new Map(scores.map((s) => [`${s.q}\n${s.k}`, s]));
  const before = new Map(now.map((r) => [`${r.attempt_id}\n${r.question_id}`, { score: Number(r.score), outcome: r.outcome as Outcome }]));
  const after = new Map(before);
  for (const r of corrected) {
    const s = newScore.get(`${r.question_id}\n${r.answer_key}`);
    if (s) after.set(`${r.attempt_id}\n${r.question_id}`, { score: s.s, outcome: s.o as Outcome });
  }
  const positive = new Map(test.sections.flatMap((section) => answerableQuestions(section.questions)).map((q) => [q._id, q.marks.positive]));
  const positiveBefore = new Map(positive);
  for (const c of applied) positiveBefore.set(c.question._id, c.oldPositive);
  const limits = attemptAnyOf(test);
  const total = (attempt: { id: string; layout: AttemptLayout }, scored: typeof before, positives: typeof positive) =>
    countedScores(
      attempt.layout.sections.map((section): ScoredSection => ({
        attemptAny: limits.get(section.id) ?? null,
        questions: sectionAnswerableIds(section).map((id) => ({
          id,
          ...(scored.get(`${attempt.id}\n${id}`) ?? { score: 0, outcome: 'unattempted' as Outcome }),
          positive: positives.get(id) ?? 0,
        })),
      })),
    );
  return attempts.map((attempt) => {
    const [was, is] = [total(attempt, before, positiveBefore), total(attempt, after, positive)];
    return { attempt_id: attempt.id, delta: Math.round((is.score - was.score) * 100) / 100, max_delta: Math.round((is.maxScore - was.maxScore) * 100) / 100 };
  });
}
