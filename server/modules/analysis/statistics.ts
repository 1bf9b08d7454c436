import type { Analysis, QuestionFlag, QuestionStat, StatisticsReason } from '@shared/contract/results';
import { maskWidth, readDigest, type VersionQuestion } from './digest';

/**
 * The question analysis (issue 16), worked out in one pass over the attempts' digests. Every
 * formula, threshold and tie rule is in docs/analysis.md, with a worked example.
 */

/** Best and worst 27 % of attempts (Kelley's groups). */
export const GROUP_SHARE = 0.27;
export const TOO_HARD_BELOW = 0.2;
export const TOO_EASY_ABOVE = 0.95;
/** Fewer attempters of a question than this: no flags (too little to judge). */
export const MIN_FLAG_ATTEMPTS = 5;
const BINS = 10;

/** A question of the test as it is now (comprehension children included), in the test's order. */
export interface CurrentQuestion {
  id: string;
  sectionId: string;
  type: string;
  text: string;
  /** Full marks: a score is "right-or-wrong" when it is 0 or this. */
  positive: number;
  /** Choice questions: their options in the test's order. */
  options?: { id: string; isCorrect: boolean; isNotAttempted: boolean }[];
}

/** A submitted attempt: its score now, its percentage in hundredths (two decimals, as listed), its digest. */
export interface AttemptDigest {
  id: string;
  score: number;
  hundredths: number;
  submittedAt: number;
  version: number;
  digest: string;
}

/** A score and outcome that replace a digest's (a publish's re-evaluation since the digest was written). */
export interface Rescored {
  score: number;
  code: string;
}
/**
 * Per version and position: for a choice question, the rescore of each chosen-options key; for
 * another type, the rescore of each attempt (read from the answers, see service.ts).
 */
export type Overrides = Map<number, Map<number, { byMask?: Map<string, Rescored>; byAttempt?: Map<string, Rescored> }>>;

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const labelOf = (k: number) => (k < LABELS.length ? LABELS[k] : `${LABELS[Math.floor(k / 26) - 1]}${LABELS[k % 26]}`);
/** Half away from zero, as PostgreSQL's round(numeric, n). */
export const roundTo = (value: number, digits: number) => {
  const f = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * f)) / f || 0;
};

/** Pearson correlation from sums; null without spread on either side. */
function correlation(n: number, sx: number, sy: number, sxx: number, syy: number, sxy: number): number | null {
  if (n < 2) return null;
  const vx = n * sxx - sx * sx;
  const vy = n * syy - sy * sy;
  const tiny = 1e-9 * n * n;
  if (vx <= tiny || vy <= tiny) return null;
  return (n * sxy - sx * sy) / Math.sqrt(vx * vy);
}

/** Cronbach's alpha with K items per attempt on average (random generation draws some of them). */
function alpha(n: number, itemsPerAttempt: number, weightedItemVariance: number, sumTotal: number, sumTotalSq: number): number | null {
  if (n < 2 || itemsPerAttempt <= 1) return null;
  const variance = sumTotalSq / n - (sumTotal / n) ** 2;
  if (variance <= 1e-12) return null;
  return (itemsPerAttempt / (itemsPerAttempt - 1)) * (1 - weightedItemVariance / variance);
}

/**
 * A version's digest layout, flat for the loop over 10,000,000 entries: per position, the current
 * question (-1: not in the test now), the chosen options' width, and where each
 * of its options is among the current question's.
 */
interface Layout {
  questions: VersionQuestion[];
  current: Int32Array;
  width: Int32Array;
  options: (Int32Array | null)[];
}

function layoutOf(version: VersionQuestion[], index: Map<string, number>, current: CurrentQuestion[]): Layout {
  const layout: Layout = {
    questions: version,
    current: new Int32Array(version.length),
    width: new Int32Array(version.length),
    options: [],
  };
  version.forEach((q, p) => {
    const j = index.get(q.id) ?? -1;
    layout.current[p] = j;
    layout.width[p] = q.options ? maskWidth(q.options.length) : 0;
    const now = j >= 0 ? current[j].options : undefined;
    layout.options.push(q.options && now ? Int32Array.from(q.options, (id) => now.findIndex((o) => o.id === id)) : null);
  });
  return layout;
}

/** Per question, in one Float64Array (STRIDE numbers a question): counts and sums of the pass. */
const [HAD, CORRECT, WRONG, SKIPPED, SX, SXX, SR, SRR, SXR, TOP] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const STRIDE = 10;
const OUTCOME_INDEX = (code: number) => (code === 99 /* c */ ? 0 : code === 112 /* p */ ? 1 : code === 119 /* w */ ? 2 : 3);

/**
 * The distinct entries met in the pass ("values": a question's outcome, score and options
 * chosen; a few per question whatever the number of attempts), with, per value, how many
 * attempts gave it and the sum and sum of squares of their totals, overall and per group.
 */
class Values {
  readonly question: number[] = [];
  readonly x: number[] = [];
  readonly u: number[] = [];
  readonly outcome: number[] = [];
  readonly mask: (string | null)[] = [];
  readonly options: (Int32Array | null)[] = [];
  readonly count: number[] = [];
  readonly sumT: number[] = [];
  readonly sumTT: number[] = [];
  readonly top: number[] = [];
  readonly bottom: number[] = [];
  dichotomous = true;

  constructor(private readonly questions: CurrentQuestion[]) {}

  add(j: number, x: number, outcome: number, mask: string | null, options: Int32Array | null): number {
    const positive = this.questions[j].positive;
    if (x !== 0 && x !== positive) this.dichotomous = false;
    this.question.push(j);
    this.x.push(x);
    this.u.push(positive > 0 ? x / positive : 0);
    this.outcome.push(outcome);
    this.mask.push(mask);
    this.options.push(options);
    this.count.push(0);
    this.sumT.push(0);
    this.sumTT.push(0);
    this.top.push(0);
    this.bottom.push(0);
    return this.x.length - 1;
  }
}

/**
 * The one pass over every entry of every digest (10,000,000 at 100,000 attempts of 100
 * questions): readDigest's grammar inlined; an entry is looked up among the values already met
 * (by its outcome and chosen-options character in a table, else by its text) and only that
 * value's counters move. The per-question sums are made from the values at the end:
 * Σx = Σ count·x, Σ rest = ΣT − Σx, Σ rest² = ΣT² − 2Σx·T + Σx², Σ x·rest = Σx·T − Σx².
 */
function accumulate(questions: CurrentQuestion[], attempts: AttemptDigest[], layouts: Map<number, Layout>, overrides: Overrides, group: Uint8Array) {
  const values = new Values(questions);
  let counted = 0,
    items = 0,
    sX = 0,
    sXX = 0,
    sU = 0,
    sUU = 0;
  const tables = new Map<number, { fast: Int32Array; slow: Map<string, number>[] }>();
  for (const [version, layout] of layouts) {
    tables.set(version, {
      fast: new Int32Array(layout.current.length * 256).fill(-1),
      slow: layout.current.length ? Array.from(layout.current, () => new Map()) : [],
    });
  }
  for (let i = 0; i < attempts.length; i++) {
    const { digest, score: T, id, version } = attempts[i];
    const layout = layouts.get(version);
    if (!layout) continue;
    counted++;
    const { current, width } = layout;
    const { fast, slow } = tables.get(version)!;
    const rescored = overrides.get(version);
    const g = group[i];
    const end = digest.length;
    let X = 0,
      U = 0,
      at = 0;
    for (let p = 0; p < current.length && at < end; p++) {
      const entryStart = at;
      const code = digest.charCodeAt(at++);
      if (code === 95 /* _ */) continue;
      const maskStart = at;
      const w = width[p];
      at += w;
      const explicit = digest.charCodeAt(at) === 61; /* = */
      if (explicit) for (let c = digest.charCodeAt(++at); (c >= 48 && c <= 57) || c === 46 || c === 45; c = digest.charCodeAt(++at));
      const j = current[p];
      if (j < 0) continue;
      const override = rescored?.get(p);
      let v: number;
      if (!explicit && w <= 1 && !override?.byAttempt) {
        const key = p * 256 + OUTCOME_INDEX(code) * 64 + (w ? digest.charCodeAt(maskStart) - 48 : 0);
        v = fast[key];
        if (v < 0) v = fast[key] = valueOf(values, layout, p, j, digest.slice(entryStart, at), override);
      } else {
        // Several option characters, a written score, or an answer rescored per attempt: by text.
        const replaced = override?.byAttempt?.get(id);
        const text = replaced ? `${digest.slice(maskStart, maskStart + w)} ${replaced.code}${replaced.score}` : digest.slice(entryStart, at);
        v = slow[p].get(text) ?? -1;
        if (v < 0) {
          v = valueOf(values, layout, p, j, digest.slice(entryStart, at), override, replaced);
          slow[p].set(text, v);
        }
      }
      values.count[v]++;
      values.sumT[v] += T;
      values.sumTT[v] += T * T;
      if (g === 1) values.top[v]++;
      else if (g === 2) values.bottom[v]++;
      X += values.x[v];
      U += values.u[v];
      items++;
    }
    sX += X;
    sXX += X * X;
    sU += U;
    sUU += U * U;
  }
  return { ...perQuestion(questions, values), dichotomous: values.dichotomous, counted, items, sX, sXX, sU, sUU };
}

/** A value met for the first time: its entry read (readDigest's rule), a rescore since applied. */
function valueOf(
  values: Values,
  layout: Layout,
  p: number,
  j: number,
  entry: string,
  override?: { byMask?: Map<string, Rescored> },
  replaced?: Rescored,
): number {
  let x = 0;
  let mask: string | null = null;
  let code = entry.charCodeAt(0);
  readDigest(entry, [layout.questions[p]], (_position, _code, score, maskStart, maskEnd) => {
    x = score;
    if (layout.width[p]) mask = entry.slice(maskStart, maskEnd);
  });
  const rescore = replaced ?? (mask !== null ? override?.byMask?.get(mask) : undefined);
  if (rescore) {
    x = rescore.score;
    code = rescore.code.charCodeAt(0);
  }
  return values.add(j, x, code, mask, layout.options[p]);
}

/** The per-question sums and option counts from the values. */
function perQuestion(questions: CurrentQuestion[], values: Values) {
  const acc = new Float64Array(questions.length * STRIDE);
  const chosen = questions.map((q) => [0, 1, 2].map(() => new Float64Array(q.options?.length ?? 0)));
  const sumT = new Float64Array(questions.length);
  const sumTT = new Float64Array(questions.length);
  const sumXT = new Float64Array(questions.length);
  for (let v = 0; v < values.x.length; v++) {
    const j = values.question[v];
    const n = values.count[v];
    const x = values.x[v];
    const b = j * STRIDE;
    const outcome = values.outcome[v];
    acc[b + HAD] += n;
    acc[b + (outcome === 99 ? CORRECT : outcome === 117 /* u */ ? SKIPPED : WRONG)] += n;
    acc[b + SX] += n * x;
    acc[b + SXX] += n * x * x;
    acc[b + TOP] += values.top[v];
    sumT[j] += values.sumT[v];
    sumTT[j] += values.sumTT[v];
    sumXT[j] += x * values.sumT[v];
    const mask = values.mask[v];
    const options = values.options[v];
    if (mask === null || options === null) continue;
    for (let k = 0; k < options.length; k++) {
      const c = options[k];
      if (c < 0 || ((mask.charCodeAt((k / 6) | 0) - 48) & (1 << (k % 6))) === 0) continue;
      chosen[j][0][c] += n;
      chosen[j][1][c] += values.top[v];
      chosen[j][2][c] += values.bottom[v];
    }
  }
  for (let j = 0; j < questions.length; j++) {
    const b = j * STRIDE;
    acc[b + SR] = sumT[j] - acc[b + SX];
    acc[b + SRR] = sumTT[j] - 2 * sumXT[j] + acc[b + SXX];
    acc[b + SXR] = sumXT[j] - acc[b + SXX];
  }
  return { acc, chosen };
}

/** What a flag that raises a report saw (StatisticsReason), per question. */
export interface FlagReason {
  questionId: string;
  reason: StatisticsReason;
}

export function analyse(
  questions: CurrentQuestion[],
  attempts: AttemptDigest[],
  versions: Map<number, VersionQuestion[]>,
  overrides: Overrides = new Map(),
): { analysis: Analysis; reasons: FlagReason[] } {
  const n = attempts.length;
  const Q = questions.length;
  const index = new Map(questions.map((q, j) => [q.id, j]));
  const layouts = new Map([...versions].map(([v, qs]) => [v, layoutOf(qs, index, questions)]));

  // Groups: by percentage, best first; equal percentages by earlier submit, then attempt id.
  const order = attempts
    .map((_, i) => i)
    .sort((a, b) => {
      const x = attempts[a];
      const y = attempts[b];
      return y.hundredths - x.hundredths || x.submittedAt - y.submittedAt || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
    });
  const groupSize = Math.round(GROUP_SHARE * n);
  const group = new Uint8Array(n);
  for (let r = 0; r < groupSize; r++) {
    group[order[r]] = 1;
    group[order[n - 1 - r]] = 2;
  }

  const { acc, chosen, dichotomous, counted, items, sX, sXX, sU, sUU } = accumulate(questions, attempts, layouts, overrides, group);
  const at = (j: number, k: number) => acc[j * STRIDE + k];
  const had = (j: number) => at(j, HAD);
  const positive = (j: number) => questions[j].positive;

  const reasons: FlagReason[] = [];
  const stats: QuestionStat[] = questions.map((q, j) => {
    const m = had(j);
    const facility = m ? at(j, CORRECT) / m : null;
    const discrimination = correlation(m, at(j, SX), at(j, SR), at(j, SXX), at(j, SRR), at(j, SXR));
    const options = (q.options ?? []).map((o, k) => ({
      optionId: o.id,
      label: labelOf(k),
      isCorrect: o.isCorrect,
      chosen: chosen[j][0][k],
      chosenByTop: chosen[j][1][k],
      chosenByBottom: chosen[j][2][k],
    }));
    const flags: QuestionFlag[] = [];
    if (m >= MIN_FLAG_ATTEMPTS) {
      const wrongKey = wrongKeyOf(q, chosen[j][1], at(j, TOP));
      if (wrongKey) {
        flags.push('possible-wrong-key');
        const share = (count: number) => roundTo(count / at(j, TOP), 3);
        reasons.push({
          questionId: q.id,
          reason: { flag: 'possible-wrong-key', attempts: m, option: labelOf(wrongKey.k), topShare: share(wrongKey.top), keyTopShare: share(wrongKey.keyTop) },
        });
      }
      if (discrimination !== null && discrimination < 0) {
        flags.push('negative-discrimination');
        reasons.push({ questionId: q.id, reason: { flag: 'negative-discrimination', attempts: m, discrimination: roundTo(discrimination, 3) } });
      }
      if (facility! < TOO_HARD_BELOW) flags.push('too-hard');
      if (facility! > TOO_EASY_ABOVE) flags.push('too-easy');
    }
    return {
      questionId: q.id,
      number: j + 1,
      sectionId: q.sectionId,
      type: q.type,
      text: q.text,
      attempted: m,
      correct: at(j, CORRECT),
      wrong: at(j, WRONG),
      skipped: at(j, SKIPPED),
      facility: facility === null ? null : roundTo(facility, 3),
      discrimination: discrimination === null ? null : roundTo(discrimination, 3),
      options,
      flags,
    };
  });

  // Reliability: KR-20 (items 0/1) when every score was 0 or full marks, else Cronbach's alpha.
  let weighted = 0;
  for (let j = 0; j < Q; j++) {
    if (!had(j)) continue;
    // Right-or-wrong items scored 0/1: x / full marks (one full mark per question).
    const scale = dichotomous && positive(j) > 0 ? positive(j) : 1;
    const [s, ss] = [at(j, SX) / scale, at(j, SXX) / (scale * scale)];
    weighted += (had(j) / counted) * (ss / had(j) - (s / had(j)) ** 2);
  }
  const reliability = dichotomous ? alpha(counted, items / counted, weighted, sU, sUU) : alpha(counted, items / counted, weighted, sX, sXX);

  return { analysis: { attempts: n, ...percentages(attempts), reliability: reliability === null ? null : roundTo(reliability, 3), questions: stats }, reasons };
}

/**
 * possible-wrong-key: a wrong option chosen by more of the top group than the key is (with
 * several right options, than the most chosen of them).
 */
function wrongKeyOf(q: CurrentQuestion, topCounts: ArrayLike<number>, topAttempters: number): { k: number; top: number; keyTop: number } | null {
  if (!q.options || !q.options.some((o) => o.isCorrect) || topAttempters === 0) return null;
  let keyTop = 0;
  let best = -1;
  q.options.forEach((o, k) => {
    if (o.isCorrect) keyTop = Math.max(keyTop, topCounts[k]);
    else if (!o.isNotAttempted && (best < 0 || topCounts[k] > topCounts[best])) best = k;
  });
  return best >= 0 && topCounts[best] > keyTop ? { k: best, top: topCounts[best], keyTop } : null;
}

/** mean, median, stdev, highest, lowest and the 10 bins, of the attempts' percentages (two decimals each). */
function percentages(attempts: AttemptDigest[]): Omit<Analysis, 'attempts' | 'reliability' | 'questions'> {
  const n = attempts.length;
  const bins = Array.from({ length: BINS }, (_, k) => ({ from: k * 10, to: k * 10 + 10, count: 0 }));
  if (!n) return { mean: null, median: null, stdev: null, highest: null, lowest: null, distribution: bins };
  const sorted = attempts.map((a) => a.hundredths).sort((a, b) => a - b);
  let sum = 0;
  for (const h of sorted) {
    sum += h;
    // [0,10) … [90,100]: 100 % in the last bin; below 0 (negative marking) in the first.
    bins[Math.min(BINS - 1, Math.max(0, Math.floor(h / 1000)))].count++;
  }
  const mean = sum / n;
  let squares = 0;
  for (const h of sorted) squares += (h - mean) ** 2;
  const middle = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  // Rounded in hundredths (exact integers), half away from zero: as round(avg(...), 2) in SQL.
  const hundredths = (h: number) => (Math.sign(h) * Math.round(Math.abs(h))) / 100 || 0;
  return {
    mean: hundredths(mean),
    median: hundredths(middle),
    stdev: roundTo(Math.sqrt(squares / n) / 100, 2),
    highest: sorted[n - 1] / 100,
    lowest: sorted[0] / 100,
    distribution: bins,
  };
}
