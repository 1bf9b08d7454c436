import { useEffect, useState } from 'react';
import { useApi } from '../../app/apiContext';

const REFRESH_MS = 5 * 60_000;
/** Sent by the Report Dashboard (features/reports) after a resolve or publish. */
export const REPORTS_CHANGED_EVENT = 'testforge:reports-changed';

/** The count behind the Report Dashboard badge, refreshed every few minutes; none when expired. */
export function useReportedCount(enabled: boolean): number | null {
  const api = useApi();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const load = () =>
      api.reportedCount().then(
        (value) => alive && setCount(value),
        () => undefined, // the client already toasted the error
      );
    void load();
    const timer = window.setInterval(load, REFRESH_MS);
    // The Report Dashboard says when it resolved or published something.
    window.addEventListener(REPORTS_CHANGED_EVENT, load);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener(REPORTS_CHANGED_EVENT, load);
    };
  }, [api, enabled]);
  return enabled ? count : null;
}
