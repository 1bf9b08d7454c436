import { useEffect, useState } from 'react';
import type { ResultsSummary } from '@shared/contract/results';
import { useApi } from '../../app/apiContext';

/** The summary is cheap (two counters and a time): polled every 5 s while the screen is seen. */
export const SUMMARY_POLL_MS = 5_000;
/** The analysis reads every attempt: refetched at most this often, however busy the test. */
export const ANALYSIS_MIN_INTERVAL_MS = 30_000;

const hidden = () => document.visibilityState === 'hidden';
const keyOf = (summary: ResultsSummary) => `${summary.submitted}/${summary.inProgress}/${summary.lastActivityAt ?? ''}`;

/**
 * Live results while a test is running: polls `GET .../results/summary` while the page is
 * visible (none in a hidden tab, none after unmount) and says when to refetch. `tableVersion`
 * moves as soon as the summary changes; `analysisVersion` moves too, but at most every 30 s (a
 * change inside that window is caught up at the first poll after it).
 */
export function useLiveResults(sharedTestId: string) {
  const api = useApi();
  const [summary, setSummary] = useState<ResultsSummary | null>(null);
  const [tableVersion, setTableVersion] = useState(0);
  const [analysisVersion, setAnalysisVersion] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let controller: AbortController | null = null;
    let stopped = false;
    // Each start of polling is a generation: an answer to an older one (aborted on hide) is dropped.
    let generation = 0;
    let lastKey: string | null = null;
    let analysisAt = Date.now(); // the screen loads the analysis when it opens
    let analysisDue = false;

    const stop = () => {
      generation += 1;
      if (timer) clearTimeout(timer);
      timer = null;
      controller?.abort();
      controller = null;
    };
    const poll = async () => {
      timer = null;
      if (stopped || hidden()) return;
      const mine = generation;
      controller = new AbortController();
      try {
        const next = await api.resultsSummary(sharedTestId, controller.signal);
        if (stopped || mine !== generation) return;
        const key = keyOf(next);
        if (lastKey !== null && key !== lastKey) {
          setTableVersion((v) => v + 1);
          analysisDue = true;
        }
        lastKey = key;
        setSummary(next);
        if (analysisDue && Date.now() - analysisAt >= ANALYSIS_MIN_INTERVAL_MS) {
          analysisDue = false;
          analysisAt = Date.now();
          setAnalysisVersion((v) => v + 1);
        }
      } catch {
        // A failed poll (network, server restart) is retried at the next tick; nothing to toast.
      }
      if (!stopped && mine === generation && !hidden()) timer = setTimeout(() => void poll(), SUMMARY_POLL_MS);
    };
    const onVisibility = () => {
      stop();
      if (!hidden()) void poll();
    };

    void poll();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [api, sharedTestId]);

  return { summary, tableVersion, analysisVersion };
}
