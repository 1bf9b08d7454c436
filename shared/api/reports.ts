import type { AxiosInstance } from 'axios';
import type { QuestionDraft } from '../domain/test';
import type { PublishOption, PublishResult, ReportList, ReportStatus } from './reportTypes';

export interface ReportListQuery {
  testIds?: string[];
  statusType?: ReportStatus;
  limit?: number;
  offset?: number;
}

/** One corrected question of a publish (save and resolve). */
export interface PublishQuestion {
  sectionId?: string;
  question: QuestionDraft & { _id: string };
  publishOption: PublishOption;
}

/**
 * The Report Dashboard's calls (spec section 7, Report repository). The list and the publish
 * handle their own errors: the dashboard toasts the spec's messages ('Error while getting
 * reported questions', 'Error while publishg questions').
 */
export function reportEndpoints(http: AxiosInstance) {
  const own = { handlesOwnErrors: true };
  return {
    reportList: async ({ testIds, ...query }: ReportListQuery, signal?: AbortSignal) =>
      (
        await http.get<{ data: ReportList }>('/v2/report-repo/list', {
          ...own,
          signal,
          params: { ...query, ...(testIds?.length ? { testIds: JSON.stringify(testIds) } : {}) },
        })
      ).data.data,
    resolveReport: async (questionId: string) =>
      (await http.patch<{ data: { message: string; resolvedReports: number; activeReportedCount: number } }>(`/v2/report-repo/resolve/${encodeURIComponent(questionId)}`)).data.data,
    saveAndResolve: async (body: { test: { _id: string; version?: number }; questions: PublishQuestion[]; resolve?: boolean }) =>
      (await http.patch<{ data: PublishResult }>('/v2/report-repo/save-and-resolve', body, own)).data.data,
  };
}
