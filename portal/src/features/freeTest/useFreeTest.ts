import { useCallback, useEffect, useRef, useState } from 'react';
import type { SharedTest } from '@shared/api/freeTests';
import { endsAfterStart, FREE_TEST_DEBOUNCE_MS, isValidAttempts, type FreeTestState } from '@shared/domain/freeTest';
import { useApi } from '../../app/apiContext';

/** What the tutor sets: the window (ISO times, '' while the start is cleared) and the attempts (NaN while invalid). */
export interface FreeTestDraft {
  startTime: string;
  endTime: string | null;
  noOfAttempts: number;
}

/** Why a draft is not saved: the field to mark. */
export type DraftProblem = 'startTime' | 'endTime' | 'noOfAttempts' | null;

export function draftProblem(draft: FreeTestDraft): DraftProblem {
  if (!draft.startTime || Number.isNaN(Date.parse(draft.startTime))) return 'startTime';
  if (draft.endTime !== null && (Number.isNaN(Date.parse(draft.endTime)) || !endsAfterStart(draft))) return 'endTime';
  if (!isValidAttempts(draft.noOfAttempts)) return 'noOfAttempts';
  return null;
}

const draftOf = (shared: SharedTest): FreeTestDraft => ({ startTime: shared.startTime, endTime: shared.endTime, noOfAttempts: shared.noOfAttempts });

/**
 * The free test of one test, as the dialog drives it (spec section 4, "Free / shared test"): read
 * on open; created 1 s after the dialog opens or the tutor's last change (the debounce of spec
 * section 9), then updated 1 s after each change; disabled (isRemoved) and re-enabled at once.
 * Writes go one after another, so an update never races the create it follows. Closing the
 * dialog with a change still waiting saves it then.
 */
export function useFreeTest(testId: string) {
  const api = useApi();
  const [shared, setShared] = useState<SharedTest | null>(null);
  const [draft, setDraft] = useState<FreeTestDraft | null>(null);
  const [state, setState] = useState<FreeTestState>('new');
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(0);
  const sharedRef = useRef<SharedTest | null>(null);
  const draftRef = useRef<FreeTestDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const mounted = useRef(true);

  const keep = useCallback((next: SharedTest) => {
    sharedRef.current = next;
    if (mounted.current) setShared(next);
  }, []);

  /** Runs writes one after another; a failure has been toasted by the API client. */
  const enqueue = useCallback((write: () => Promise<void>) => {
    setBusy((n) => n + 1);
    queue.current = queue.current
      .then(write)
      .catch(() => undefined)
      .finally(() => mounted.current && setBusy((n) => n - 1));
    return queue.current;
  }, []);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const current = sharedRef.current;
    const wanted = draftRef.current;
    if (!current || !wanted || !current.isReadyToLink || current.isRemoved || draftProblem(wanted)) return Promise.resolve();
    return enqueue(async () => {
      const id = sharedRef.current?._id;
      // The attempts are sent only once the tutor sets a number of their own: until then the free
      // test follows the test's attempts setting (issue 14), as the server keeps it.
      const following = current.attemptsFromTest && wanted.noOfAttempts === current.noOfAttempts;
      const body = { startTime: wanted.startTime, endTime: wanted.endTime, ...(following ? {} : { noOfAttempts: wanted.noOfAttempts }) };
      keep(id ? await api.updateSharedTest(id, body) : await api.createSharedTest({ testId, ...body }));
      if (mounted.current) setState(id ? 'updated' : 'created');
    });
  }, [api, enqueue, keep, testId]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), FREE_TEST_DEBOUNCE_MS);
  }, [flush]);

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    api.sharedTestOf(testId).then(
      (loaded) => {
        if (cancelled) return;
        keep(loaded);
        draftRef.current = draftOf(loaded);
        setDraft(draftRef.current);
        setState(loaded.isNew ? 'new' : loaded.isRemoved ? 'removed' : 'created');
        // Opening the dialog of a test without one is the first change: it is created after the debounce.
        if (loaded.isNew && loaded.isReadyToLink) schedule();
      },
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
      mounted.current = false;
      if (timer.current) void flush();
    };
  }, [api, testId]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A change of the tutor's: saved 1 s after the last one. */
  const change = useCallback(
    (patch: Partial<FreeTestDraft>) => {
      if (!draftRef.current) return;
      draftRef.current = { ...draftRef.current, ...patch };
      setDraft(draftRef.current);
      schedule();
    },
    [schedule],
  );

  /** Disables the link (isRemoved) or enables it again; a change still waiting is saved first. */
  const setRemoved = useCallback(
    async (isRemoved: boolean) => {
      await flush();
      return enqueue(async () => {
        const id = sharedRef.current?._id;
        if (!id) return;
        const next = await api.updateSharedTest(id, { isRemoved });
        keep(next);
        draftRef.current = draftOf(next);
        if (mounted.current) {
          setDraft(draftRef.current);
          setState(isRemoved ? 'removed' : 're-enabled');
        }
      });
    },
    [api, enqueue, flush, keep],
  );

  return { shared, draft, state, loadFailed, saving: busy > 0, change, setRemoved, problem: draft ? draftProblem(draft) : null };
}
