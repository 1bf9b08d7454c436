import type { TFunction } from 'i18next';
import { DOCX_LIMITS } from '../../parser/docx/openDocx';
import type { Problem } from '../../parser/types';

/** A parser problem in the reader's language (the English text is `problem.message`). */
export function problemText(t: TFunction, problem: Problem): string {
  if (problem.code === 'file') return t(`parser.fileProblems.${problem.params.reason}`, { mb: DOCX_LIMITS.fileBytes / (1024 * 1024), ...problem.params });
  // The rule that marked options ("bold") in the reader's language.
  const params = typeof problem.params.rule === 'string' ? { ...problem.params, rule: t(`parser.rules.${problem.params.rule}`) } : problem.params;
  return t(`parser.problems.${problem.code}`, params);
}

/** Where a problem stands: "Paragraph 12", "Paragraph 30 · table 2, row 3, column 2". */
export function problemPlace(t: TFunction, problem: Problem): string {
  if (problem.paragraph === null) return t('wordUpload.wholeDocument');
  const paragraph = t('wordUpload.paragraph', { number: problem.paragraph });
  return problem.cell ? `${paragraph} · ${t('wordUpload.cell', problem.cell)}` : paragraph;
}
