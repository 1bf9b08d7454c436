/** What a benchmark file in bench/benchmarks/ exports (as default) and what it reports. */

export type DatabaseKind = 'pglite' | 'postgres';

export interface Figure {
  /** A name for the measured quantity, e.g. "GET /api/auth/user p99". */
  name: string;
  /** null when it could not be measured (see detail). */
  value: number | null;
  unit: string;
  database?: DatabaseKind;
  /** The goal, as text ("< 10 ms at 50 connections"), and whether the value meets it. */
  target?: string;
  meetsTarget?: boolean;
  /** Anything a reader needs to trust the number: sample count, errors, repeats. */
  detail?: string;
}

export interface BenchContext {
  /** The repository root. */
  root: string;
  /** Progress lines (stderr), so stdout keeps only the results table. */
  log: (message: string) => void;
  /** Settings from the environment (see docs/benchmarks.md). */
  settings: BenchSettings;
  /** Runs on success, failure or Ctrl-C: stop servers, kill children, drop databases. Last added runs first. */
  onCleanup: (cleanup: () => Promise<void> | void) => void;
  /** A fresh empty directory under the system temp directory, removed at the end. */
  tempDir: (prefix: string) => string;
}

export interface BenchSettings {
  /** Seconds measured per load run. */
  durationSec: number;
  /** Seconds of warm-up load before each measured run. */
  warmupSec: number;
  /** Concurrent connections of the load generator. */
  connections: number;
  /** Server starts timed by the start-up benchmark. */
  startRepeats: number;
  /** Page renders timed by the library-render benchmark, after renderWarmups untimed ones. */
  renderRepeats: number;
  renderWarmups: number;
  /** PostgreSQL server to create the run's database in (must be on this machine). */
  postgresUrl: string;
  /** The databases measureOnEachDatabase runs on (BENCH_DATABASES, both by default). */
  databases: DatabaseKind[];
}

export interface BenchResult {
  figures: Figure[];
  /** Why something was skipped, or what to do to measure it. */
  notes: string[];
}

export interface Benchmark {
  /** Short id used to pick benchmarks: `npm run bench -- http startup`. */
  id: string;
  title: string;
  run: (ctx: BenchContext) => Promise<BenchResult>;
}
