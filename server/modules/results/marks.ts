import { readDigest, type VersionQuestion } from '../analysis/digest';
import type { AnalysisRepository } from '../analysis/repository';
import type { Overrides } from '../analysis/statistics';
import type { ExportRecord, ResultsRepository } from './repository';

interface Decoding {
  attemptId: string;
  digest: string;
  row: (number | null)[];
  columns: Int32Array;
  overridden: ReturnType<Overrides['get']>;
}

/** The analysis' reading of re-evaluations since a digest was written (AnalysisService.overrides). */
export interface OverridesSource {
  overrides(testId: string, versions: Map<number, VersionQuestion[]>): Promise<Overrides>;
}

/**
 * An export's marks per question, as they are now, in the test's own column order (null: the
 * attempt's draw did not hold the question). Read from the attempts' digests (migration 013,
 * server/modules/analysis/digest.ts): 100,000 short strings instead of 10,000,000 answer rows,
 * with the re-evaluations since applied by the analysis' own rule. Attempts without a usable
 * digest (submitted before digests existed) are read from their answer rows.
 */
export class ExportMarks {
  private readonly versions = new Map<number, VersionQuestion[]>();
  private overrides: Overrides = new Map();
  private rescored: boolean | undefined;

  constructor(
    private readonly testId: string,
    /** Question id -> column. */
    private readonly columns: Map<string, number>,
    private readonly results: ResultsRepository,
    private readonly analysis: AnalysisRepository,
    private readonly overridesSource: OverridesSource,
  ) {}

  /** The marks of a batch, in its order. */
  async of(records: ExportRecord[]): Promise<(number | null)[][]> {
    await this.learnVersions(records);
    const usable = (r: ExportRecord) => r.digest !== null && r.digest_version !== null && this.versions.has(r.digest_version);
    const fromAnswers = records.filter((r) => !usable(r)).map((r) => r.id);
    const answered = new Map<string, (number | null)[]>();
    if (fromAnswers.length) {
      this.rescored ??= await this.results.hasRescores(this.testId);
      for (const row of await this.results.marksFromAnswers(this.testId, fromAnswers, this.rescored)) answered.set(row.id, this.byColumn(row.marks ?? {}));
    }
    return records.map((r) => (usable(r) ? this.decode(r.id, r.digest!, r.digest_version!) : (answered.get(r.id) ?? this.empty())));
  }

  private empty(): (number | null)[] {
    return new Array<number | null>(this.columns.size).fill(null);
  }

  private byColumn(marks: Record<string, number | string>): (number | null)[] {
    const row = this.empty();
    for (const [questionId, mark] of Object.entries(marks)) {
      const column = this.columns.get(questionId);
      if (column !== undefined) row[column] = Number(mark);
    }
    return row;
  }

  /** Versions the batch's digests follow that were not read yet, and their overrides. */
  private async learnVersions(records: ExportRecord[]): Promise<void> {
    const unknown = [...new Set(records.flatMap((r) => (r.digest_version !== null && !this.versions.has(r.digest_version) ? [r.digest_version] : [])))];
    if (!unknown.length) return;
    const found = await this.analysis.versions(this.testId, unknown);
    for (const [version, questions] of await this.overridesSource.overrides(this.testId, found)) this.overrides.set(version, questions);
    for (const [version, questions] of found) this.versions.set(version, questions);
  }

  /** Per version, the column of each digest position (-1: no longer in the test). */
  private readonly columnsOf = new Map<number, Int32Array>();
  /** The attempt being decoded: `visit` is one function for all (10,000,000 calls, no closure each). */
  private current: Decoding = { attemptId: '', digest: '', row: [], columns: new Int32Array(0), overridden: undefined };
  private readonly visit = (position: number, _code: string, score: number, maskStart: number, maskEnd: number) => {
    const { row, columns, overridden, digest, attemptId } = this.current;
    const column = columns[position];
    if (column < 0) return;
    const override = overridden?.get(position);
    const rescore = override === undefined ? undefined : override.byMask ? override.byMask.get(digest.slice(maskStart, maskEnd)) : override.byAttempt?.get(attemptId);
    row[column] = rescore ? rescore.score : score;
  };

  private decode(attemptId: string, digest: string, version: number): (number | null)[] {
    const questions = this.versions.get(version)!;
    let columns = this.columnsOf.get(version);
    if (!columns) {
      columns = Int32Array.from(questions, (q) => this.columns.get(q.id) ?? -1);
      this.columnsOf.set(version, columns);
    }
    const row = this.empty();
    this.current = { attemptId, digest, row, columns, overridden: this.overrides.get(version) };
    readDigest(digest, questions, this.visit);
    return row;
  }
}
