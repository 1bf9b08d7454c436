import type { Test } from '@shared/domain/test/types';
import { KeptReads } from '../../http/keptReads';
import type { SubmitAnalysisHook } from '../students/service';
import { encodeDigest, versionQuestions } from './digest';
import type { AnalysisRepository } from './repository';
import type { AnalysisService } from './service';

/** Bounds of the in-memory sets (forgetting only costs one more cheap write or check). */
const REMEMBERED = 10_000;
/**
 * A free test's submits are looked at together this long after the first of them: a class
 * submitting at once (200 in a second) costs one count and at most one analysis after the
 * burst, not a query per submit during it (bench/benchmarks/95-student-submit.ts).
 */
export const LOOK_AFTER_MS = 2_000;

/**
 * Submitted-count milestones at which the statistics look for broken questions in the background:
 * 10, 20, 50, 100, then every 100 up to 1,000, then every 1,000. Answers how many are passed.
 */
export function milestonesPassed(submitted: number): number {
  if (submitted < 10) return 0;
  if (submitted < 20) return 1;
  if (submitted < 50) return 2;
  if (submitted < 1000) return 2 + Math.floor(submitted / 100) + 1;
  return 13 + Math.floor((submitted - 1000) / 1000);
}

const remember = <T>(set: { size: number; clear(): void }, add: () => T): T => {
  if (set.size >= REMEMBERED) set.clear();
  return add();
};

/**
 * What the student side's submit does for the analysis (docs/analysis.md "Storage" and "When
 * reports are raised"): the attempt's digest, written with its scores; and, after the submit has
 * answered, a look at the free test's submitted count that runs the analysis (raising its
 * reports) when a milestone was passed since this process last looked; the submits of a free
 * test within LOOK_AFTER_MS are looked at once. Never awaited by the submit: a failure here costs
 * only a later raise (the next milestone or analysis call).
 */
export class SubmitAnalysis implements SubmitAnalysisHook {
  /**
   * Versions whose questions are recorded (test_version_questions), or being recorded: the
   * submits of a class arriving together wait for one write, not one conflicting upsert each.
   */
  private readonly recorded = new KeptReads<void>(REMEMBERED);
  /** Per free test, the milestones passed when this process last looked. */
  private readonly passed = new Map<string, number>();
  /** Tests whose analysis is running here: a second milestone meanwhile waits for the next. */
  private readonly running = new Set<string>();
  /** Free tests with a look scheduled. */
  private readonly scheduled = new Set<string>();

  constructor(
    private readonly repo: AnalysisRepository,
    private readonly service: AnalysisService,
  ) {}

  /** The digest of a submit; its version's questions are recorded first (once per version and process). */
  async digestOf(test: Test, version: number, scored: ReadonlyMap<string, { answer: unknown; score: number; outcome: string }>): Promise<string> {
    const questions = versionQuestions(test);
    await this.recorded.get(`${test._id}:${version}`, () => this.repo.recordVersion(test._id, version, questions));
    return encodeDigest(questions, scored);
  }

  afterSubmit(sharedTestId: string, testId: string): void {
    if (this.scheduled.has(sharedTestId)) return;
    this.scheduled.add(sharedTestId);
    const timer = setTimeout(() => {
      this.scheduled.delete(sharedTestId);
      void this.look(sharedTestId, testId).catch(() => undefined);
    }, LOOK_AFTER_MS);
    // A server closing does not wait for it (the next submit or analysis call raises instead).
    timer.unref();
  }

  private async look(sharedTestId: string, testId: string): Promise<void> {
    if (this.running.has(testId)) return;
    const passed = milestonesPassed(await this.repo.submittedCount(sharedTestId));
    if (passed === 0 || passed <= (this.passed.get(sharedTestId) ?? 0)) return;
    remember(this.passed, () => this.passed.set(sharedTestId, passed));
    this.running.add(testId);
    try {
      await this.service.raiseFor(testId);
    } finally {
      this.running.delete(testId);
    }
  }
}
