import { useEffect, useState } from 'react';
import { ATTEMPTS_PAGE_DEFAULT, type AttemptList, type AttemptsQuery } from '@shared/contract/results';
import { useApi } from '../../app/apiContext';

export type AttemptSort = NonNullable<AttemptsQuery['sort']>;
export type SortOrder = NonNullable<AttemptsQuery['order']>;

export interface AttemptsView {
  page: number;
  limit: number;
  sort: AttemptSort;
  order: SortOrder;
  search: string;
}

/** Page sizes offered; the server takes up to 200 (ATTEMPTS_PAGE_MAX). */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
/** The search is sent once the tutor pauses typing. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A new column sorts the natural way first: best score, latest submit, A→Z name, fastest time. */
const FIRST_ORDER: Record<AttemptSort, SortOrder> = { score: 'desc', submittedAt: 'desc', name: 'asc', timeTaken: 'asc' };

/**
 * One page of a free test's attempts, as the table asks for it: the server sorts, searches and
 * pages (10k attempts never come to the browser at once). A newer request aborts an older one;
 * `refresh` (the live poll's version) reloads the same page. The rows shown stay until the next
 * page arrives, so paging does not flash.
 */
export function useAttempts(sharedTestId: string, refresh: number) {
  const api = useApi();
  const [view, setView] = useState<AttemptsView>({ page: 1, limit: ATTEMPTS_PAGE_DEFAULT, sort: 'submittedAt', order: 'desc', search: '' });
  const [searchText, setSearchText] = useState('');
  const [list, setList] = useState<AttemptList | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchText.trim().slice(0, 100);
      setView((current) => (current.search === search ? current : { ...current, search, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    api
      .attempts(sharedTestId, { ...view, search: view.search || undefined }, controller.signal)
      .then(
        (next) => {
          setList(next);
          setFailed(false);
        },
        () => !controller.signal.aborted && setFailed(true),
      )
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [api, sharedTestId, view, refresh]);

  const sortBy = (sort: AttemptSort) =>
    setView((current) => ({ ...current, sort, page: 1, order: current.sort === sort ? (current.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[sort] }));
  const setPage = (page: number) => setView((current) => ({ ...current, page }));
  const setLimit = (limit: number) => setView((current) => ({ ...current, limit, page: 1 }));

  return { view, list, loading, failed, searchText, setSearchText, sortBy, setPage, setLimit };
}
