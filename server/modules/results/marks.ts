import { readDigest, type VersionQuestion } from '../analysis/digest';
import type { AnalysisRepository } from '../analysis/repository';
import type { Overrides } from '../analysis/statistics';
import { ByteWriter } from './bytes';
import type { ExportRecord, ResultsRepository } from './repository';

/** The analysis' reading of re-evaluations since a digest was written (AnalysisService.overrides). */
export interface OverridesSource {
  overrides(testId: string, versions: Map<number, VersionQuestion[]>): Promise<Overrides>;
}

/** How a version's digest positions land in the export's columns. */
interface VersionLayout {
  questions: VersionQuestion[];
  /** The column of each digest position (-1: no longer in the test). */
  columns: Int32Array;
  /** Position k is column k for every column: the CSV is written straight from the digest. */
  inOrder: boolean;
  /** Per position, the usual scores (right, wrong, skipped) as CSV text. */
  usualText: [string, string, string][];
  overridden: ReturnType<Overrides['get']>;
}

const USUAL_INDEX: Record<string, number> = { c: 0, w: 1, u: 2 };
const COMMA = 44;

/**
 * An export's marks per question, as they are now, in the test's own column order (null or an
 * empty cell: the attempt's draw did not hold the question). Read from the attempts' digests
 * (migration 013, server/modules/analysis/digest.ts): 100,000 short strings instead of
 * 10,000,000 answer rows, with the re-evaluations since applied by the analysis' own rule.
 * Attempts without a usable digest (submitted before digests existed) are read from their answer rows.
 */
export class ExportMarks {
  private readonly versions = new Map<number, VersionLayout>();
  private overrides: Overrides = new Map();
  private rescored: boolean | undefined;
  /** The attempt being read: its mark per column (NaN: not in its draw), reused for every attempt. */
  private readonly scores: Float64Array;

  constructor(
    private readonly testId: string,
    /** Question id -> column. */
    private readonly columns: Map<string, number>,
    private readonly results: ResultsRepository,
    private readonly analysis: AnalysisRepository,
    private readonly overridesSource: OverridesSource,
  ) {
    this.scores = new Float64Array(columns.size);
  }

  /** The marks of a batch, in its order (the spreadsheet's numbers). */
  async of(records: ExportRecord[]): Promise<(number | null)[][]> {
    return this.read(records, (record, answered) => {
      this.scoresOf(record, answered);
      return Array.from(this.scores, (mark) => (Number.isNaN(mark) ? null : mark));
    });
  }

  /**
   * The marks of a batch as CSV cells (`4,-1,,2`), one byte view per attempt into one buffer.
   * A digest whose positions are the columns (a test not reordered since) is copied to the CSV
   * as it is read: usual scores from a table, written scores as their own characters. No number,
   * array or string per mark: at 10,000,000 marks an export, those were most of its time.
   */
  async csvOf(records: ExportRecord[]): Promise<Buffer[]> {
    const out = new ByteWriter(records.length * this.columns.size * 3);
    const ends = await this.read(records, (record, answered) => {
      const layout = answered ? undefined : this.versions.get(record.digest_version!)!;
      if (layout?.inOrder) this.writeDigest(record, layout, out);
      else this.writeScores(record, answered, out);
      return out.at;
    });
    const buf = out.written();
    return ends.map((end, i) => buf.subarray(i ? ends[i - 1] : 0, end));
  }

  /** Each record taken by `take` with its marks from its answer rows, or undefined when its digest is usable. */
  private async read<T>(records: ExportRecord[], take: (record: ExportRecord, answered: Record<string, number | string> | undefined) => T): Promise<T[]> {
    await this.learnVersions(records);
    const usable = (r: ExportRecord) => r.digest !== null && r.digest_version !== null && this.versions.has(r.digest_version);
    const fromAnswers = records.filter((r) => !usable(r)).map((r) => r.id);
    const answered = new Map<string, Record<string, number | string>>();
    if (fromAnswers.length) {
      this.rescored ??= await this.results.hasRescores(this.testId);
      for (const row of await this.results.marksFromAnswers(this.testId, fromAnswers, this.rescored)) answered.set(row.id, row.marks ?? {});
    }
    return records.map((r) => take(r, usable(r) ? undefined : (answered.get(r.id) ?? {})));
  }

  private scoresOf(record: ExportRecord, answered: Record<string, number | string> | undefined): void {
    this.scores.fill(NaN);
    if (answered) {
      for (const [questionId, mark] of Object.entries(answered)) {
        const column = this.columns.get(questionId);
        if (column !== undefined) this.scores[column] = Number(mark);
      }
      return;
    }
    const layout = this.versions.get(record.digest_version!)!;
    this.current = { record, layout, out: null, next: 0 };
    readDigest(record.digest!, layout.questions, this.visit);
  }

  private writeScores(record: ExportRecord, answered: Record<string, number | string> | undefined, out: ByteWriter): void {
    this.scoresOf(record, answered);
    for (let i = 0; i < this.scores.length; i++) {
      if (i) out.byte(COMMA);
      if (!Number.isNaN(this.scores[i])) out.ascii(String(this.scores[i]));
    }
  }

  private writeDigest(record: ExportRecord, layout: VersionLayout, out: ByteWriter): void {
    this.current = { record, layout, out, next: 0 };
    readDigest(record.digest!, layout.questions, this.visit);
    // The cells after the last question the attempt held stay empty.
    for (let k = Math.max(this.current.next, 1); k < layout.columns.length; k++) out.byte(COMMA);
  }

  /** Versions the batch's digests follow that were not read yet, and their overrides. */
  private async learnVersions(records: ExportRecord[]): Promise<void> {
    const unknown = [...new Set(records.flatMap((r) => (r.digest_version !== null && !this.versions.has(r.digest_version) ? [r.digest_version] : [])))];
    if (!unknown.length) return;
    const found = await this.analysis.versions(this.testId, unknown);
    for (const [version, questions] of await this.overridesSource.overrides(this.testId, found)) this.overrides.set(version, questions);
    for (const [version, questions] of found) {
      const columns = Int32Array.from(questions, (q) => this.columns.get(q.id) ?? -1);
      this.versions.set(version, {
        questions,
        columns,
        inOrder: columns.length === this.columns.size && columns.every((column, k) => column === k),
        usualText: questions.map((q) => q.usual.map(String) as [string, string, string]),
        overridden: this.overrides.get(version),
      });
    }
  }

  /**
   * The attempt being read, for `visit`: one function for all (10,000,000 calls, no closure
   * each). With `out`, its marks are written there (positions in column order); without, to `scores`.
   */
  private current: { record: ExportRecord; layout: VersionLayout; out: ByteWriter | null; next: number } | undefined;
  private readonly visit = (position: number, code: string, score: number, maskStart: number, maskEnd: number, scoreStart: number, scoreEnd: number) => {
    const current = this.current!;
    const { layout, record, out } = current;
    const override = layout.overridden?.get(position);
    const rescore =
      override === undefined ? undefined : override.byMask ? override.byMask.get(record.digest!.slice(maskStart, maskEnd)) : override.byAttempt?.get(record.id);
    if (!out) {
      const column = layout.columns[position];
      if (column >= 0) this.scores[column] = rescore ? rescore.score : score;
      return;
    }
    // A comma before every cell but the first, the skipped cells' included.
    for (let k = Math.max(current.next, 1); k <= position; k++) out.byte(COMMA);
    current.next = position + 1;
    if (rescore) out.ascii(String(rescore.score));
    else if (scoreStart >= 0) out.ascii(record.digest!, scoreStart, scoreEnd);
    else out.ascii(layout.usualText[position][USUAL_INDEX[code] ?? 0]);
  };
}
