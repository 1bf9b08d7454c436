import type { Grade } from './types';

export type GradeProblem = { index: number; field: 'name' | 'from' | 'to'; kind: 'blank' | 'outOfRange' | 'reversed' | 'overlaps'; other?: string };

/**
 * The first problem of a list of grade bands, or null: a name is needed, bounds are percents
 * (0-100), `to` is not below `from`, and no two bands overlap (both bounds are included).
 * The grades dialog shows it; the server refuses it.
 */
export function gradeProblem(grades: Grade[]): GradeProblem | null {
  for (const [index, grade] of grades.entries()) {
    if (!grade.name.trim()) return { index, field: 'name', kind: 'blank' };
    for (const field of ['from', 'to'] as const) {
      if (!Number.isFinite(grade[field]) || grade[field] < 0 || grade[field] > 100) return { index, field, kind: 'outOfRange' };
    }
    if (grade.from > grade.to) return { index, field: 'to', kind: 'reversed' };
    const other = grades.slice(0, index).find((o) => grade.from <= o.to && o.from <= grade.to);
    if (other) return { index, field: 'from', kind: 'overlaps', other: other.name };
  }
  return null;
}
