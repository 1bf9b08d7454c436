import type { TFunction } from 'i18next';
import type { StatisticsReason } from '@shared/contract/results';
import type { ReportedQuestion } from '@shared/api/reportTypes';
import { formatFixed, formatShare } from '../results/format';

const letter = (index: number) => String.fromCharCode(65 + index);

type Options = { id?: string; isCorrect?: boolean }[] | undefined;

/** An option as the tutor sees it: its letter (A, B, …, the test's own order); the reason may name it by letter or by id. */
function labelOf(option: string | undefined, options: Options): string | undefined {
  if (!option) return undefined;
  if (/^[A-Z]$/.test(option)) return option;
  const index = options?.findIndex((o) => o.id === option) ?? -1;
  return index >= 0 ? letter(index) : undefined;
}

/** The key's letters ("A", "A, C"), or null when the question is gone. */
function keyOf(options: Options): string | null {
  const letters = (options ?? []).flatMap((o, i) => (o.isCorrect ? [letter(i)] : []));
  return letters.length ? letters.join(', ') : null;
}

/**
 * What the statistics saw, in the tutor's language: "64% of the top students chose B (the key,
 * A: 20%)" for a possible wrong key, "Stronger students got this wrong more often than weaker
 * ones" for negative discrimination.
 */
export function statisticsSentence(reason: StatisticsReason, question: ReportedQuestion['question'], t: TFunction, language: string): string {
  const options = (question as { options?: Options } | null)?.options;
  if (reason.flag === 'negative-discrimination') {
    const value = reason.discrimination == null ? '' : ` (${t('reports.statistics.negativeValue', { value: formatFixed(reason.discrimination, language) })})`;
    return `${t('reports.statistics.negative')}${value}`;
  }
  const key = keyOf(options);
  const values = {
    top: formatShare(reason.topShare, language),
    option: labelOf(reason.option, options) ?? '?',
    keyShare: formatShare(reason.keyTopShare, language),
    key,
  };
  return key ? t('reports.statistics.wrongKey', values) : t('reports.statistics.wrongKeyNoKey', values);
}
