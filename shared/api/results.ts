import type { AxiosInstance } from 'axios';
import type { Analysis, AnswerSheet, AttemptList, AttemptsQuery, ResultsSummary } from '../contract/results';

export type ResultsFileFormat = 'csv' | 'xlsx';

/** The file name a download names in `Content-Disposition` (its UTF-8 form first), or null. */
export function dispositionFileName(header: string | undefined | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain ? plain[1] : null;
}

/**
 * Results and insights (issue 16; shapes in shared/contract/results.ts). The reads the Results
 * screen polls or pages take a signal, so a newer request cancels an older one.
 */
export function resultsEndpoints(http: AxiosInstance) {
  const base = (sharedTestId: string) => `/v2/shared-test/${encodeURIComponent(sharedTestId)}`;
  return {
    attempts: async (sharedTestId: string, query: AttemptsQuery, signal?: AbortSignal) =>
      (await http.get<{ data: AttemptList }>(`${base(sharedTestId)}/attempts`, { params: { ...query, search: query.search || undefined }, signal })).data.data,
    answerSheet: async (sharedTestId: string, attemptId: string) =>
      (await http.get<{ data: AnswerSheet }>(`${base(sharedTestId)}/attempts/${encodeURIComponent(attemptId)}`)).data.data,
    freeTestAnalysis: async (sharedTestId: string, signal?: AbortSignal) =>
      (await http.get<{ data: Analysis }>(`${base(sharedTestId)}/analysis`, { signal })).data.data,
    /** Cheap; polled while the Results screen is visible. Its failures are not toasted (the next poll retries). */
    resultsSummary: async (sharedTestId: string, signal?: AbortSignal) =>
      (await http.get<{ data: ResultsSummary }>(`${base(sharedTestId)}/results/summary`, { signal, handlesOwnErrors: true })).data.data,
    testAnalysis: async (testId: string, signal?: AbortSignal) =>
      (await http.get<{ data: Analysis }>(`/v2/test/${encodeURIComponent(testId)}/analysis`, { signal })).data.data,
    /** The results as a file, fetched with the session's header (a plain link would carry none); errors come back as a Blob body. */
    resultsFile: async (sharedTestId: string, format: ResultsFileFormat) => {
      const response = await http.get<Blob>(`${base(sharedTestId)}/results.${format}`, { responseType: 'blob', timeout: 300_000, handlesOwnErrors: true });
      return { blob: response.data, fileName: dispositionFileName(response.headers['content-disposition'] as string | undefined) };
    },
  };
}
