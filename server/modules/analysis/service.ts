import crypto from 'node:crypto';
import type { Analysis } from '@shared/contract/results';
import type { Outcome, StudentAnswer } from '@shared/domain/scoring';
import { htmlText } from '@shared/domain/test/html';
import type { ChildQuestion, Test } from '@shared/domain/test/types';
import type { TestRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { ReportRepository } from '../corrections/repository';
import type { FreeTestService } from '../freeTests/service';
import { ownerOf, type EditorCaller, type TestEditorRepository } from '../editor/repository';
import { encodeDigest, maskOf, versionQuestions, type VersionQuestion } from './digest';
import type { AnalysisRepository, AttemptDigestRow, Scope } from './repository';
import { analyse, type CurrentQuestion, type FlagReason, type Overrides, type Rescored } from './statistics';

/** Fewer attempters of a question than this: the statistics raise no report on it. */
export const MIN_REPORT_ATTEMPTS = 10;
/** Attempts without a digest (submitted before digests existed) are given one this many at a time. */
const BACKFILL_BATCH = 2_000;
const CODE: Record<string, string> = { correct: 'c', partial: 'p', wrong: 'w', unattempted: 'u' };
const TEXT_MAX = 200;

/** The test's questions now, numbered in its order, comprehension children as questions. */
function currentQuestions(test: Test): { current: CurrentQuestion[]; byId: Map<string, ChildQuestion> } {
  const byId = new Map<string, ChildQuestion>();
  const current = test.sections.flatMap((section) =>
    section.questions
      .flatMap((q) => (q.type === 'comprehension' ? q.questions : [q]))
      .map((q): CurrentQuestion => {
        byId.set(q._id, q);
        return {
          id: q._id,
          sectionId: section._id,
          type: q.type,
          text: htmlText(q.name).slice(0, TEXT_MAX),
          positive: q.marks.positive,
          ...(q.type === 'multiple_choice' || q.type === 'true_false'
            ? { options: q.options.map((o) => ({ id: o.id, isCorrect: o.isCorrect, isNotAttempted: Boolean(o.isNotAttempted) })) }
            : {}),
        };
      }),
  );
  return { current, byId };
}

/** What "the same question" means when a resolved report is not raised again: its content. */
const fingerprintOf = (question: ChildQuestion) => crypto.createHash('sha256').update(JSON.stringify(question)).digest('base64url').slice(0, 22);

/**
 * The question analysis of a free test or a test (issue 16; docs/analysis.md): reads the
 * submitted attempts' digests, applies the re-evaluations made since each was written, computes
 * (statistics.ts), and raises the reports the flags call for.
 */
export class AnalysisService {
  constructor(
    private readonly repo: AnalysisRepository,
    private readonly reports: ReportRepository,
    private readonly tests: TestEditorRepository,
    private readonly freeTests?: FreeTestService,
  ) {}

  /** `GET /v2/shared-test/{id}/analysis`: the caller's own free test (the free-test rule), else 404. */
  async ofSharedTest(caller: EditorCaller, sharedTestId: string): Promise<Analysis> {
    const free = await this.freeTests!.accessible(caller, sharedTestId);
    const row = await this.tests.read(caller, free.test_id);
    if (!row) throw notFound('test');
    return this.run({ sharedTestId }, row, await this.tests.hydrate(caller, row));
  }

  /** `GET /v2/test/{id}/analysis`: every free test of a test the caller may open (the editor's rule), else 404. */
  async ofTest(caller: EditorCaller, testId: string): Promise<Analysis> {
    const row = await this.tests.read(caller, testId);
    if (!row) throw notFound('test');
    return this.run({ orgId: caller.orgId, testId }, row, await this.tests.hydrate(caller, row));
  }

  /** In the background after submits (hook.ts): the test's analysis, for the reports it raises. */
  async raiseFor(testId: string): Promise<void> {
    const row = await this.repo.testRow(testId);
    if (!row) return;
    await this.run({ orgId: row.org_id, testId }, row, await this.tests.hydrate(ownerOf(row), row));
  }

  private async run(scope: Scope, row: TestRow, test: Test): Promise<Analysis> {
    const { current, byId } = currentQuestions(test);
    const rows = await this.repo.attempts(scope);
    const versions = await this.repo.versions(row.id, [...new Set(rows.flatMap((r) => (r.v === null ? [] : [r.v])))]);
    await this.backfill(row, test, rows, versions);
    const overrides = await this.overrides(row.id, versions);
    const attempts = rows.map((r) => ({ id: r.id, score: r.score, hundredths: r.h, submittedAt: r.t, version: r.v!, digest: r.d! }));
    const { analysis, reasons } = analyse(current, attempts, versions, overrides);
    await this.raise(row, byId, reasons);
    return analysis;
  }

  /** Reports for the flags that call for one, on questions with enough attempters. */
  private async raise(row: TestRow, byId: Map<string, ChildQuestion>, reasons: FlagReason[]): Promise<void> {
    const raised = reasons
      .filter(({ reason }) => reason.attempts >= MIN_REPORT_ATTEMPTS)
      .map(({ questionId, reason }) => ({ q: questionId, reason: reason.flag, details: { ...reason, fingerprint: fingerprintOf(byId.get(questionId)!) } }));
    await this.reports.raiseStatistics(row.org_id, row.id, row.version, raised);
  }

  /**
   * Attempts without a digest, or whose version's questions are unknown (submitted before
   * migration 013): digests from their answers as scored now, numbered by the test's current
   * version. Once per attempt: written back.
   */
  private async backfill(row: TestRow, test: Test, rows: AttemptDigestRow[], versions: Map<number, VersionQuestion[]>): Promise<void> {
    const missing = rows.filter((r) => r.d === null || r.v === null || !versions.has(r.v));
    if (!missing.length) return;
    const questions = versionQuestions(test);
    await this.repo.recordVersion(row.id, row.version, questions);
    versions.set(row.version, questions);
    for (let from = 0; from < missing.length; from += BACKFILL_BATCH) {
      const batch = missing.slice(from, from + BACKFILL_BATCH);
      const answers = new Map<string, Map<string, { answer: unknown; score: number; outcome: string }>>();
      for (const a of await this.repo.answersOf(batch.map((r) => r.id))) {
        if (!answers.has(a.attempt_id)) answers.set(a.attempt_id, new Map());
        answers.get(a.attempt_id)!.set(a.question_id, { answer: a.answer, score: Number(a.score), outcome: a.outcome });
      }
      const digests = batch.map((r) => ({ id: r.id, d: encodeDigest(questions, answers.get(r.id) ?? new Map()) }));
      await this.repo.writeDigests(row.version, digests);
      digests.forEach(({ d }, i) => Object.assign(batch[i], { d, v: row.version }));
    }
  }

  /**
   * Re-evaluations since digests were written (answer_rescores: by question, answer and the
   * version a publish made; the latest later than the digest's version applies, as in the view
   * attempt_answer_scores). A choice answer is its chosen options, so a rescore applies by them;
   * another question's rescored answers are read as scored now (one question's rows).
   * Public: the results export (server/modules/results/marks.ts) reads digests by the same rule.
   */
  async overrides(testId: string, versions: Map<number, VersionQuestion[]>): Promise<Overrides> {
    const overrides: Overrides = new Map();
    const rescores = await this.repo.rescores(testId);
    if (!rescores.length) return overrides;
    const scoresNow = new Map<string, Map<string, Rescored>>();
    for (const [version, questions] of versions) {
      const byPosition = new Map<number, { byMask?: Map<string, Rescored>; byAttempt?: Map<string, Rescored> }>();
      for (const [position, q] of questions.entries()) {
        // Newest first: the first rescore of each answer later than this version is the one that applies.
        const applicable = rescores.filter((r) => r.question_id === q.id && r.test_version > version);
        if (!applicable.length) continue;
        if (q.options) {
          const byMask = new Map<string, Rescored>();
          for (const r of applicable) {
            const answer = JSON.parse(r.answer_key) as StudentAnswer | null;
            const key = maskOf(q.options, answer?.selected);
            if (!byMask.has(key)) byMask.set(key, { score: Number(r.score), code: CODE[r.outcome as Outcome] });
          }
          byPosition.set(position, { byMask });
        } else {
          if (!scoresNow.has(q.id)) {
            const now = await this.repo.scoresNow(testId, q.id);
            scoresNow.set(q.id, new Map(now.map((a) => [a.attempt_id, { score: Number(a.score), code: CODE[a.outcome] }])));
          }
          byPosition.set(position, { byAttempt: scoresNow.get(q.id) });
        }
      }
      if (byPosition.size) overrides.set(version, byPosition);
    }
    return overrides;
  }
}
