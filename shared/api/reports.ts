import type { AxiosInstance } from 'axios';
import type { PublishQuestion, PublishResult, ReportList, ReportListQuery, ResolveResult, SaveAndResolveInput } from '../contract/corrections';
import type { CorrectionsPreview } from '../contract/results';

export type { PublishQuestion, ReportListQuery };

/** A save and resolve: the test (with the version read), its corrected questions, whether reports are resolved. */
export type SaveAndResolveBody = Omit<SaveAndResolveInput, 'dryRun'>;

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
      (await http.patch<{ data: ResolveResult }>(`/v2/report-repo/resolve/${encodeURIComponent(questionId)}`)).data.data,
    saveAndResolve: async (body: SaveAndResolveBody) => (await http.patch<{ data: PublishResult }>('/v2/report-repo/save-and-resolve', body, own)).data.data,
    /** The same publish with `dryRun: true` (issue 16): per free test, the attempts whose score would change and the mean before and after; nothing is changed. */
    previewCorrections: async (body: SaveAndResolveBody, signal?: AbortSignal) => {
      const preview = (await http.patch<{ data: CorrectionsPreview }>('/v2/report-repo/save-and-resolve', { ...body, dryRun: true }, { ...own, signal })).data
        .data;
      // Only an answer that says it was a dry run is a preview (a server without dryRun would have published).
      if (preview?.dryRun !== true || !Array.isArray(preview.freeTests)) throw new Error('The server did not answer a dry run');
      return preview;
    },
  };
}
