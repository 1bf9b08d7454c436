import type { Analysis, QuestionStat } from '@shared/contract/results';
import { formatNumber } from '@shared/domain/dates';

/** A figure of the Results screen in the tutor's language (shared/domain/dates, Intl); '—' where there is none yet. */
export { formatNumber };

/** A coefficient (discrimination, reliability) always with two decimals: 1.00, -0.31. */
export const formatFixed = (value: number | null | undefined, language: string) => formatNumber(value, language, 2, 2);

export const formatPercent = (value: number | null | undefined, language: string, digits = 1) =>
  value == null ? '—' : `${formatNumber(value, language, digits)}%`;

/** A share (0..1) as a whole percentage: 0.642 → "64%". */
export const formatShare = (share: number | null | undefined, language: string) => (share == null ? '—' : formatPercent(share * 100, language, 0));

/** Time taken as a clock reads it (m:ss, h:mm:ss): the same in every language. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || seconds < 0) return '—';
  const s = Math.floor(seconds % 60);
  const m = Math.floor(seconds / 60) % 60;
  const h = Math.floor(seconds / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The histogram's bars: one per bin of percentage, labelled "0–10" … "90–100". */
export function histogramData(distribution: Analysis['distribution']) {
  return distribution.map((bin) => ({ range: `${bin.from}–${bin.to}`, count: bin.count }));
}

/**
 * A choice question's distractor bars: per option (A, B, …) how many of the top and of the
 * bottom 27% chose it; the key is marked so the chart can tell it apart.
 */
export function distractorData(question: Pick<QuestionStat, 'options'>) {
  return question.options.map((option) => ({
    label: option.isCorrect ? `${option.label} ✓` : option.label,
    isCorrect: option.isCorrect,
    top: option.chosenByTop,
    bottom: option.chosenByBottom,
    chosen: option.chosen,
  }));
}

/** Flags worth the tutor's attention first (a wrong key, negative discrimination) before the mild ones. */
export const SEVERE_FLAGS = new Set<QuestionStat['flags'][number]>(['possible-wrong-key', 'negative-discrimination']);

/** Saves a downloaded file under its name (the PDF export does the same with its Blob). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
