import { locateQuestion, type Section } from '@shared/domain/test';
import type { ReportedQuestion, ReportStatus } from '@shared/api/reportTypes';
import { statisticsReason, type StatisticsReason } from '@shared/contract/results';
import type { EditorCaller } from '../editor/repository';
import type { ReportGroupRow } from './repository';

export interface ReportTestRow {
  id: string;
  name: string;
  content: unknown;
  owner_id: string | null;
  is_global: boolean;
  attempted: boolean;
}
export interface ReasonRow {
  test_id: string;
  question_id: string;
  reason: string;
  count: string;
  students: string;
}
export interface StatisticsRow {
  test_id: string;
  question_id: string;
  details: unknown;
}

/** What the statistics saw, as the contract words it (what the server keeps besides, e.g. the question's fingerprint, stays in). */
function statisticsOf(rows: StatisticsRow[], group: ReportGroupRow): StatisticsReason[] {
  return rows
    .filter((r) => r.test_id === group.test_id && r.question_id === group.question_id)
    .flatMap((r) => {
      const parsed = statisticsReason.safeParse(r.details);
      return parsed.success ? [parsed.data] : [];
    });
}

/** Whether the caller may edit the test (the editor's rule: their own, or Global Library as a CLP editor). */
export function canEditTest(caller: EditorCaller, test: Pick<ReportTestRow, 'owner_id' | 'is_global'>): boolean {
  return test.is_global ? caller.sharedGlobal && caller.clpEditor : test.owner_id === caller.userId;
}

/** One reported question of the dashboard: its test, its current content, its reports. */
export function presentReportedQuestion(
  group: ReportGroupRow,
  status: ReportStatus,
  test: ReportTestRow | undefined,
  reasons: ReasonRow[],
  caller: EditorCaller,
  statistics: StatisticsRow[] = [],
): ReportedQuestion {
  const sections = ((test?.content as { sections?: Section[] } | undefined)?.sections ?? []) as Section[];
  let found: { section: Section; located: NonNullable<ReturnType<typeof locateQuestion>> } | undefined;
  for (const section of sections) {
    const located = locateQuestion(section, group.question_id);
    if (located) {
      found = { section, located };
      break;
    }
  }
  return {
    _id: group.question_id,
    testId: group.test_id,
    testName: test?.name ?? '',
    sectionId: found?.section._id ?? null,
    question: found ? { ...found.located.question, isReported: status !== 'resolved', updateAvailable: status === 'updateAvailable' } : null,
    parentQuestionId: found?.located.parent?._id ?? null,
    status,
    reportsCount: Number(group.reports),
    studentsCount: Number(group.students),
    reasons: reasons
      .filter((r) => r.test_id === group.test_id && r.question_id === group.question_id)
      .map((r) => ({ reason: r.reason, count: Number(r.count), students: Number(r.students) })),
    firstReportedAt: new Date(group.first_at).toISOString(),
    lastReportedAt: new Date(group.last_at).toISOString(),
    isAttempted: test?.attempted ?? false,
    canEdit: Boolean(test && found && canEditTest(caller, test)),
    statistics: statisticsOf(statistics, group),
  };
}
