import type { AnswerSheet, AttemptList, AttemptsQuery, ResultsSummary } from '@shared/contract/results';
import type { Outcome, StudentAnswer } from '@shared/domain/scoring';
import { answerableQuestions, type Test } from '@shared/domain/test';
import { AppError } from '../../http/errors';
import { SharedReads } from '../../http/sharedReads';
import type { AnalysisRepository } from '../analysis/repository';
import type { FreeTestService } from '../freeTests/service';
import type { SharedTestWithTest } from '../freeTests/repository';
import { questionsById } from '../students/layout';
import { GRACE_MS } from '../students/service';
import type { EditorCaller, TestEditorRepository } from '../editor/repository';
import { layoutOf, percentageOf, presentAttemptRow, presentSheet, timeTakenS, type Clock, type ScoredAnswer } from './presenter';
import { ExportMarks, type OverridesSource } from './marks';
import { RankCache, type Ranks } from './ranks';
import type { ExportRecord, PageQuery, ResultsCounters, ResultsRepository, ScoreChangeRecord } from './repository';

const attemptNotFound = () => new AppError(404, 'NOT_FOUND', 'attemptNotFound', { what: 'attempt' });

let exportsReading = 0;
/** Exports whose rows are being read now (tests: a stopped download stops reading). */
export const exportsOpen = () => exportsReading;

/** Attempts per export query: a few MB of rows at a time, whatever the free test's size. */
export const EXPORT_BATCH = 2_000;

/**
 * One submitted attempt of the export: its columns, then its marks per question in the test's
 * own order: numbers for the spreadsheet (null: not in its draw), the CSV's cells already
 * written as bytes for the CSV (ExportMarks.csvOf).
 */
export interface ExportRow<Marks = (number | null)[]> {
  name: string;
  contact: string;
  startedAt: Date;
  submittedAt: Date;
  timeTakenS: number;
  score: number;
  maxScore: number;
  percentage: number;
  rank: number;
  marks: Marks;
}

export type ExportFormat = 'csv' | 'xlsx';
type MarksOf<F extends ExportFormat> = F extends 'csv' ? Buffer : (number | null)[];

export interface ResultsExport<Marks = (number | null)[]> {
  testName: string;
  /** Answerable questions of the test (comprehension children count), in its own order. */
  questionCount: number;
  /** Batches of rows, read one query at a time as the consumer asks for them. */
  batches: AsyncGenerator<ExportRow<Marks>[]>;
}

type ParsedQuery = Required<Pick<AttemptsQuery, 'sort' | 'order'>> & { page: number; limit: number; search?: string; status?: AttemptsQuery['status'] };

function byAttempt(changes: ScoreChangeRecord[]): Map<string, ScoreChangeRecord[]> {
  const grouped = new Map<string, ScoreChangeRecord[]>();
  for (const change of changes) grouped.set(change.attempt_id, [...(grouped.get(change.attempt_id) ?? []), change]);
  return grouped;
}

/**
 * A free test's results for its tutor (issue 16; docs/results.md): the attempts table, a
 * student's answer sheet, the export and the summary the Results screen polls. Only the
 * caller's own free tests (FreeTestService.accessible): another organisation's or a colleague's
 * is not found. Nothing here writes.
 */
export class ResultsService {
  private readonly ranks = new RankCache();
  private readonly pages = new SharedReads<AttemptList>();

  constructor(
    private readonly repo: ResultsRepository,
    private readonly freeTests: FreeTestService,
    private readonly tests: TestEditorRepository,
    private readonly analysis: AnalysisRepository,
    private readonly overrides: OverridesSource,
    /** Refresh planner statistics as attempts grow (PGlite, which has no autovacuum). */
    private readonly refreshStatistics = false,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Per free test, the attempts it had when this process last refreshed the statistics. */
  private readonly analyzedAt = new Map<string, number>();

  /**
   * PGlite runs no autovacuum, so nothing gathers planner statistics: a free test's 100,000
   * attempts look like a few dozen, and a page is planned as a join of every attempt and a sort
   * (tens of milliseconds) instead of 50 steps down the submit-time index. When a free test has
   * doubled its attempts since this process last did (from 500 on), the tables are analysed,
   * in the background (a few hundred milliseconds at 100,000 attempts, a handful of times in a
   * free test's life). PostgreSQL's autovacuum does this itself.
   */
  private keepStatistics(sharedTestId: string, started: number): void {
    if (!this.refreshStatistics || started < 500 || started < 2 * (this.analyzedAt.get(sharedTestId) ?? 0)) return;
    if (this.analyzedAt.size >= 10_000) this.analyzedAt.clear();
    this.analyzedAt.set(sharedTestId, started);
    this.repo.analyze().catch(() => this.analyzedAt.delete(sharedTestId));
  }

  private clockNow(): Clock {
    return { now: this.clock(), graceMs: GRACE_MS };
  }

  /** The ranks as of `counters` (read first: see RankCache). */
  private ranksOf(free: SharedTestWithTest, counters: ResultsCounters): Promise<Ranks> {
    return this.ranks.of(free.id, `${counters.submitted}:${counters.publishes}`, () => this.repo.scoreCounts(free.id));
  }

  private async testOf(caller: EditorCaller, free: SharedTestWithTest): Promise<Test> {
    const row = await this.tests.read(caller, free.test_id);
    if (!row) throw new AppError(404, 'NOT_FOUND', 'sharedTestNotFound', { what: 'sharedTest' });
    return this.tests.hydrate(caller, row);
  }

  /**
   * `GET /v2/shared-test/{id}/attempts`. The same page asked by the same tutor several times at
   * once (tabs, a screen polling, a retry) is read once for all of them, never from before they asked.
   */
  list(caller: EditorCaller, id: string, query: ParsedQuery): Promise<AttemptList> {
    const key = JSON.stringify([caller.orgId, caller.userId, caller.sharedGlobal, id, query]);
    return this.pages.read(key, () => this.readList(caller, id, query));
  }

  private async readList(caller: EditorCaller, id: string, query: ParsedQuery): Promise<AttemptList> {
    const free = await this.freeTests.accessible(caller, id);
    const clock = this.clockNow();
    const page: PageQuery = { ...query, expiredBefore: new Date(clock.now - clock.graceMs), now: new Date(clock.now) };
    const { counters, rows } = await this.repo.pageWithCounters(free.id, free.test_id, page);
    this.keepStatistics(free.id, counters.started);
    const [ranks, total] = await Promise.all([this.ranksOf(free, counters), this.total(free.id, page, counters)]);
    // Score changes exist only once the test was published with corrections.
    const changes = counters.publishes > 0 ? byAttempt(await this.repo.scoreChanges(rows.map((r) => r.id))) : new Map<string, ScoreChangeRecord[]>();
    return { attempts: rows.map((row) => presentAttemptRow(row, ranks, changes.get(row.id) ?? [], clock)), total };
  }

  /** Counted ahead (migration 012) unless searched; attempts not submitted are few and counted as asked. */
  private async total(sharedTestId: string, page: PageQuery, counters: ResultsCounters): Promise<number> {
    if (page.search) return this.repo.count(sharedTestId, page);
    if (!page.status) return counters.started;
    if (page.status === 'submitted') return counters.submitted;
    const unsubmitted = await this.repo.unsubmitted(sharedTestId, page.expiredBefore);
    return page.status === 'expired' ? unsubmitted.expired : unsubmitted.inProgress;
  }

  /** `GET /v2/shared-test/{id}/attempts/{attemptId}`: an attempt of another free test is not found. */
  async sheet(caller: EditorCaller, id: string, attemptId: string): Promise<AnswerSheet> {
    const free = await this.freeTests.accessible(caller, id);
    const row = await this.repo.attempt(free.id, attemptId);
    if (!row) throw attemptNotFound();
    const counters = await this.repo.counters(free.id, free.test_id);
    const [test, ranks, scored, changes] = await Promise.all([
      this.testOf(caller, free),
      this.ranksOf(free, counters),
      this.repo.scoredAnswers(row.id),
      this.repo.scoreChanges([row.id]),
    ]);
    const answers = new Map<string, ScoredAnswer>(
      scored.map((a) => [a.question_id, { answer: a.answer as StudentAnswer | null, score: Number(a.score), outcome: a.outcome as Outcome }]),
    );
    const attempt = presentAttemptRow(row, ranks, changes, this.clockNow());
    return presentSheet(test, layoutOf(row.layout, test), questionsById(test), attempt, answers);
  }

  /** `GET /v2/shared-test/{id}/results/summary`: two small reads, polled by the Results screen. */
  async summary(caller: EditorCaller, id: string): Promise<ResultsSummary> {
    const free = await this.freeTests.accessible(caller, id);
    const [counters, unsubmitted] = await Promise.all([
      this.repo.counters(free.id, free.test_id),
      this.repo.unsubmitted(free.id, new Date(this.clock() - GRACE_MS)),
    ]);
    return { submitted: counters.submitted, inProgress: unsubmitted.inProgress, lastActivityAt: counters.lastActivityAt?.toISOString() ?? null };
  }

  /**
   * The submitted attempts for `results.csv` and `results.xlsx`, in submit order, a batch at a
   * time: nothing is read before the consumer asks for it, so 100,000 attempts never sit in
   * memory and a slow download holds no more than a batch. Access is checked before anything is sent.
   */
  async exportOf<F extends ExportFormat>(caller: EditorCaller, id: string, format: F): Promise<ResultsExport<MarksOf<F>>> {
    const free = await this.freeTests.accessible(caller, id);
    const counters = await this.repo.counters(free.id, free.test_id);
    // A tutor may download before ever opening the attempts page: without statistics, PGlite
    // plans each batch as a sort of every attempt (28,000 rows/s instead of 64,000 at 20,000).
    this.keepStatistics(free.id, counters.started);
    const [test, ranks] = await Promise.all([this.testOf(caller, free), this.ranksOf(free, counters)]);
    const columns = new Map(answerableQuestions(test.sections.flatMap((s) => s.questions)).map((q, i) => [q._id, i]));
    const marks = new ExportMarks(free.test_id, columns, this.repo, this.analysis, this.overrides);
    const repo = this.repo;
    const now = this.clock();
    const marksOf = (records: ExportRecord[]) => (format === 'csv' ? marks.csvOf(records) : marks.of(records)) as Promise<MarksOf<F>[]>;
    async function* batches(): AsyncGenerator<ExportRow<MarksOf<F>>[]> {
      const records = repo.exportBatches(free.id, EXPORT_BATCH);
      exportsReading += 1;
      try {
        let next = records.next();
        for (;;) {
          const read = await next;
          if (read.done) return;
          // The next batch is read while this one is written out (one batch ahead, no more).
          next = records.next();
          // A failure of the batch ahead surfaces when it is awaited, not as an unhandled rejection meanwhile.
          next.catch(() => undefined);
          const batchMarks = await marksOf(read.value);
          yield read.value.map((r, i) => {
            const score = Number(r.score);
            const maxScore = Number(r.max_score);
            const [startedAt, submittedAt] = [new Date(r.started_ms), new Date(r.submitted_ms)];
            return {
              name: r.name,
              contact: r.contact,
              startedAt,
              submittedAt,
              timeTakenS: timeTakenS({ started_at: startedAt, submitted_at: submittedAt, deadline_at: null }, now),
              score,
              maxScore,
              percentage: percentageOf(score, maxScore),
              rank: ranks.rankOf(score),
              marks: batchMarks[i],
            };
          });
        }
      } finally {
        // A download stopped early closes the cursor (and gives its connection back).
        await records.return(undefined);
        exportsReading -= 1;
      }
    }
    return { testName: test.name, questionCount: columns.size, batches: batches() };
  }
}
