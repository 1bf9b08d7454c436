import type { Analysis, QuestionFlag, QuestionStat, StatisticsReason } from '../../../shared/contract/results';
import { maskWidth, type VersionQuestion } from './digest';

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
 * question (-1: not in the test now), the chosen options' width, the usual scores, and where each
 * of its options is among the current question's.
 */
interface Layout {
  questions: VersionQuestion[];
  current: Int32Array;
  width: Int32Array;
  usual: Float64Array;
  options: (Int32Array | null)[];
}

function layoutOf(version: VersionQuestion[], index: Map<string, number>, current: CurrentQuestion[]): Layout {
  const layout: Layout = {
    questions: version,
    current: new Int32Array(version.length),
    width: new Int32Array(version.length),
    usual: new Float64Array(version.length * 3),
    options: [],
  };
  version.forEach((q, p) => {
    const j = index.get(q.id) ?? -1;
    layout.current[p] = j;
    layout.width[p] = q.options ? maskWidth(q.options.length) : 0;
    layout.usual.set(q.usual, p * 3);
    const now = j >= 0 ? current[j].options : undefined;
    layout.options.push(q.options && now ? Int32Array.from(q.options, (id) => now.findIndex((o) => o.id === id)) : null);
  });
  return layout;
}

/** An explicit score after `=`: digits, '.', '-'. Answers the score and where the entry ends. */
function explicitScore(digest: string, from: number): [number, number] {
  let at = from;
  for (let c = digest.charCodeAt(at); (c >= 48 && c <= 57) || c === 46 || c === 45; c = digest.charCodeAt(++at));
  return [Number(digest.slice(from, at)), at];
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
  const order = attempts.map((_, i) => i).sort((a, b) => {
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

  const had = new Float64Array(Q), correct = new Float64Array(Q), partialOrWrong = new Float64Array(Q), skipped = new Float64Array(Q);
  const sx = new Float64Array(Q), sxx = new Float64Array(Q), sr = new Float64Array(Q), srr = new Float64Array(Q), sxr = new Float64Array(Q);
  const topHad = new Float64Array(Q);
  const positive = Float64Array.from(questions, (q) => q.positive);
  const chosen = questions.map((q) => [0, 1, 2].map(() => new Float64Array(q.options?.length ?? 0)));
  let dichotomous = true;
  let counted = 0, items = 0, sX = 0, sXX = 0, sU = 0, sUU = 0;

  // One pass, entries read in place (readDigest's grammar, inlined: this runs 10,000,000 times).
  for (let i = 0; i < n; i++) {
    const { digest, score: T, id, version } = attempts[i];
    const layout = layouts.get(version);
    if (!layout) continue;
    counted++;
    const rescored = overrides.get(version);
    const g = group[i];
    let X = 0, U = 0, at = 0;
    for (let p = 0; p < layout.current.length && at < digest.length; p++) {
      const code = digest.charCodeAt(at++);
      if (code === 95 /* _ */) continue;
      const maskStart = at;
      at += layout.width[p];
      let x: number;
      if (digest.charCodeAt(at) === 61 /* = */) [x, at] = explicitScore(digest, at + 1);
      else x = layout.usual[p * 3 + (code === 99 /* c */ ? 0 : code === 119 /* w */ ? 1 : 2)];
      const j = layout.current[p];
      if (j < 0) continue;
      let outcome = code;
      const override = rescored?.get(p);
      if (override) {
        const replaced = override.byMask ? override.byMask.get(digest.slice(maskStart, maskStart + layout.width[p])) : override.byAttempt?.get(id);
        if (replaced) {
          x = replaced.score;
          outcome = replaced.code.charCodeAt(0);
        }
      }
      const u = positive[j] > 0 ? x / positive[j] : 0;
      if (x !== 0 && x !== positive[j]) dichotomous = false;
      had[j]++;
      if (outcome === 99) correct[j]++;
      else if (outcome === 117 /* u */) skipped[j]++;
      else partialOrWrong[j]++;
      const rest = T - x;
      sx[j] += x; sxx[j] += x * x; sr[j] += rest; srr[j] += rest * rest; sxr[j] += x * rest;
      X += x; U += u; items++;
      if (g === 1) topHad[j]++;
      const options = layout.options[p];
      if (options) {
        const counts = chosen[j];
        for (let w = 0; w < layout.width[p]; w++) {
          // Only the chosen options' bits, lowest first.
          for (let bits = digest.charCodeAt(maskStart + w) - 48; bits; bits &= bits - 1) {
            const c = options[w * 6 + 31 - Math.clz32(bits & -bits)];
            if (c === undefined || c < 0) continue;
            counts[0][c]++;
            if (g) counts[g][c]++;
          }
        }
      }
    }
    sX += X; sXX += X * X; sU += U; sUU += U * U;
  }

  const reasons: FlagReason[] = [];
  const stats: QuestionStat[] = questions.map((q, j) => {
    const m = had[j];
    const facility = m ? correct[j] / m : null;
    const discrimination = correlation(m, sx[j], sr[j], sxx[j], srr[j], sxr[j]);
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
      const wrongKey = wrongKeyOf(q, chosen[j][1], topHad[j]);
      if (wrongKey) {
        flags.push('possible-wrong-key');
        const share = (count: number) => roundTo(count / topHad[j], 3);
        reasons.push({ questionId: q.id, reason: { flag: 'possible-wrong-key', attempts: m, option: labelOf(wrongKey.k), topShare: share(wrongKey.top), keyTopShare: share(wrongKey.keyTop) } });
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
      correct: correct[j],
      wrong: partialOrWrong[j],
      skipped: skipped[j],
      facility: facility === null ? null : roundTo(facility, 3),
      discrimination: discrimination === null ? null : roundTo(discrimination, 3),
      options,
      flags,
    };
  });

  // Reliability: KR-20 (items 0/1) when every score was 0 or full marks, else Cronbach's alpha.
  let weighted = 0;
  for (let j = 0; j < Q; j++) {
    if (!had[j]) continue;
    // Right-or-wrong items scored 0/1: x / full marks (one full mark per question).
    const scale = dichotomous && positive[j] > 0 ? positive[j] : 1;
    const [s, ss] = [sx[j] / scale, sxx[j] / (scale * scale)];
    weighted += (had[j] / counted) * (ss / had[j] - (s / had[j]) ** 2);
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
