import { useCallback, useEffect, useRef, useState } from 'react';
import { AxiosError } from 'axios';
import { errorMessage } from '@shared/api/client';
import type { StudentAttempt, StudentIdentity, StudentResult, StudentStanding, StudentTestInfo } from '@shared/api/students';
import type { StudentAnswer } from '@shared/domain/scoring';
import { useApi } from '../../app/apiContext';
import { indexedDbStore } from './pendingStore';
import { SaveQueue, type QueueState } from './saveQueue';

export type Phase = 'loading' | 'failed' | 'landing' | 'instructions' | 'test' | 'submitting' | 'result';

export type Mode = { kind: 'student'; sharedTestId: string } | { kind: 'preview'; testId: string };

interface Stored {
  token?: string;
  name?: string;
  contact?: string;
}

const sessionKey = (id: string) => `testforge.student.${id}`;
const DEVICE_KEY = 'testforge.student.device';

/** This browser's random key (issue 14): a known e-mail or phone is accepted from the devices it was used on. */
function deviceKey(): string {
  let key = localStorage.getItem(DEVICE_KEY);
  if (!key || !/^[A-Za-z0-9_-]{22,128}$/.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem(DEVICE_KEY, key);
  }
  return key;
}
/** Where answers not yet sent wait (IndexedDB, per attempt); the local-storage key an older page used. */
const pendingKey = (attemptId: string) => `attempt.${attemptId}`;
const legacyPendingKey = (id: string) => `testforge.student.pending.${id}`;
const statusOf = (error: unknown) => (error instanceof AxiosError ? error.response?.status : undefined);

function readStored(id: string): Stored {
  try {
    return JSON.parse(localStorage.getItem(sessionKey(id)) ?? '{}') as Stored;
  } catch {
    return {};
  }
}

/**
 * The student page's state (decisions section 5): the landing info, who the student is, the
 * attempt being taken (its token kept in local storage, so a reload resumes it), answers saved
 * as they are given through a retrying queue, the server's clock, the submit and the result.
 * A tutor's preview runs the same steps with the answers kept in memory only.
 */
export function useStudentTest(mode: Mode) {
  const api = useApi();
  const id = mode.kind === 'student' ? mode.sharedTestId : mode.testId;
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  const [info, setInfo] = useState<StudentTestInfo | null>(null);
  const [standing, setStanding] = useState<StudentStanding | null>(null);
  const [identity, setIdentity] = useState<StudentIdentity>(() => {
    const stored = mode.kind === 'student' ? readStored(id) : {};
    return { name: stored.name ?? '', contact: stored.contact ?? '' };
  });
  const [attempt, setAttempt] = useState<StudentAttempt | null>(null);
  const [answers, setAnswers] = useState<Record<string, StudentAnswer>>({});
  const [result, setResult] = useState<StudentResult | null>(null);
  const [queueState, setQueueState] = useState<QueueState>({ pending: 0, offline: false, refused: null });
  const [clockOffset, setClockOffset] = useState(0);
  const tokenRef = useRef<string | null>(mode.kind === 'student' ? (readStored(id).token ?? null) : null);
  const queueRef = useRef<SaveQueue | null>(null);

  const store = useCallback(
    (change: Stored) => {
      if (mode.kind !== 'student') return;
      localStorage.setItem(sessionKey(id), JSON.stringify({ ...readStored(id), ...change }));
    },
    [mode.kind, id],
  );

  const fail = (caught: unknown) => {
    setError({ message: errorMessage(caught), notFound: statusOf(caught) === 404 });
    setPhase('failed');
  };

  /** Shows an attempt: the server's answers with those still waiting here on top. */
  const enterAttempt = useCallback(
    (next: StudentAttempt) => {
      setClockOffset(Date.parse(next.serverNow) - Date.now());
      setAttempt(next);
      if (mode.kind === 'student' && tokenRef.current) {
        const token = tokenRef.current;
        queueRef.current?.stop();
        setAnswers(next.answers);
        const queue = new SaveQueue(
          (questionId, answer, seq) => api.studentSaveAnswer(token, questionId, answer, seq),
          indexedDbStore(pendingKey(next.attemptId), legacyPendingKey(id)),
          setQueueState,
          {
            lastSeq: next.lastSeq,
            // A new answer the server refused (attempt any N: the limit was reached meanwhile) is not kept on the page either.
            onRefused: (questionId, error) => {
              if (error instanceof AxiosError && (error.response?.data as { code?: string } | undefined)?.code === 'OPTIONAL_LIMIT')
                setAnswers((current) => Object.fromEntries(Object.entries(current).filter(([q]) => q !== questionId)));
            },
          },
        );
        queueRef.current = queue;
        // Answers this browser kept but never sent (a reload while offline) show on top of the server's.
        void queue.waiting().then((waiting) => {
          if (queueRef.current !== queue || Object.keys(waiting).length === 0) return;
          setAnswers((current) => {
            const merged = { ...current };
            for (const [questionId, { answer }] of Object.entries(waiting)) {
              if (answer) merged[questionId] = answer;
              else delete merged[questionId];
            }
            return merged;
          });
        });
        queue.resume();
      } else {
        setAnswers(next.answers);
      }
      setPhase('test');
    },
    [api, id, mode.kind],
  );

  const showResult = useCallback((next: StudentResult) => {
    queueRef.current?.stop();
    setResult(next);
    setPhase('result');
  }, []);

  const load = useCallback(async () => {
    setPhase('loading');
    setError(null);
    try {
      if (mode.kind === 'preview') {
        const preview = await api.previewAttempt(mode.testId);
        setAttempt(preview);
        setPhase('instructions');
        return;
      }
      setInfo(await api.studentTest(mode.sharedTestId));
      const token = tokenRef.current;
      if (token) {
        try {
          const current = await api.studentAttempt(token);
          if (current.submittedAt) showResult(await api.studentResult(token));
          else enterAttempt(current);
          return;
        } catch (caught) {
          if (statusOf(caught) !== 401) throw caught;
          tokenRef.current = null;
          store({ token: undefined });
        }
      }
      setPhase('landing');
    } catch (caught) {
      fail(caught);
    }
  }, [api, mode, enterAttempt, showResult, store]);

  useEffect(() => {
    void load();
    return () => queueRef.current?.stop();
  }, [load]);

  // Back online: send what waits at once.
  useEffect(() => {
    const online = () => queueRef.current?.resume();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  /** Who the student is; `code` is the one-time code of a contact used before on another device. */
  const identify = async (who: StudentIdentity, code?: string) => {
    if (mode.kind !== 'student') return;
    const next = await api.studentIdentify(mode.sharedTestId, who, { deviceKey: deviceKey(), code, token: tokenRef.current });
    setIdentity(who);
    store({ name: who.name, contact: who.contact });
    setStanding(next);
    setPhase('instructions');
  };

  const start = async () => {
    if (mode.kind === 'preview') {
      // The preview's clock starts now.
      const now = new Date();
      setAttempt(
        (current) =>
          current && {
            ...current,
            startedAt: now.toISOString(),
            serverNow: now.toISOString(),
            deadlineAt: current.duration > 0 ? new Date(now.getTime() + current.duration).toISOString() : null,
          },
      );
      setClockOffset(0);
      setPhase('test');
      return;
    }
    const started = await api.studentStart(mode.sharedTestId, identity, { deviceKey: deviceKey(), token: tokenRef.current });
    tokenRef.current = started.token;
    store({ token: started.token });
    enterAttempt(started.attempt);
  };

  const setAnswer = (questionId: string, answer: StudentAnswer | null) => {
    setAnswers((current) => {
      const next = { ...current };
      if (answer) next[questionId] = answer;
      else delete next[questionId];
      return next;
    });
    queueRef.current?.put(questionId, answer);
  };

  const submitSection = async (sectionId: string) => {
    if (!attempt) return;
    if (mode.kind === 'preview') {
      const now = new Date().toISOString();
      const index = attempt.sections.findIndex((s) => s.id === sectionId);
      setAttempt({
        ...attempt,
        sections: attempt.sections.map((s, i) =>
          i === index ? { ...s, submittedAt: now, isOpen: false } : i === index + 1 && !attempt.isSectionSwitchingEnabled ? { ...s, isOpen: true } : s,
        ),
      });
      return;
    }
    await queueRef.current?.flush();
    enterAttempt(await api.studentSubmitSection(tokenRef.current!, sectionId));
  };

  const submit = async () => {
    setPhase('submitting');
    try {
      if (mode.kind === 'preview') {
        showResult(await api.previewResult(mode.testId, attempt!.attemptId, answers));
        return;
      }
      await queueRef.current?.flush();
      showResult(await api.studentSubmit(tokenRef.current!));
    } catch (caught) {
      setPhase('test');
      throw caught;
    }
  };

  const report = async (questionId: string, reason: string) => {
    if (mode.kind === 'preview' || !tokenRef.current) return null;
    return (await api.reportQuestion(tokenRef.current, questionId, reason)).message;
  };

  /** Back to the landing page (for another attempt): this one's token is kept for its result. */
  const restart = () => {
    setResult(null);
    setAttempt(null);
    if (mode.kind === 'student') {
      tokenRef.current = null;
      store({ token: undefined });
    }
    void load();
  };

  return {
    mode,
    phase,
    error,
    info,
    standing,
    identity,
    attempt,
    answers,
    result,
    queueState,
    clockOffset,
    load,
    identify,
    start,
    setAnswer,
    submitSection,
    submit,
    report,
    restart,
    requestCode: (contact: string) => (mode.kind === 'student' ? api.studentRequestCode(mode.sharedTestId, contact) : Promise.resolve('')),
  };
}

export type StudentTestState = ReturnType<typeof useStudentTest>;
