import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, MessageBar, MessageBarBody, mergeClasses, Text } from '@fluentui/react-components';
import { DialogFrame } from '../../app/DialogFrame';
import {
  ArrowSync20Regular,
  ChevronLeft20Regular,
  ChevronRight20Regular,
  CloudArrowUp20Regular,
  CloudCheckmark20Regular,
  Flag20Filled,
  Flag20Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import type { StudentQuestion, StudentSection } from '@shared/api/students';
import { isAnsweredBy } from './answers';
import { RichText } from '../../app/RichText';
import { QuestionInput } from './QuestionInput';
import { ReportButton } from './ReportDialog';
import { useStudentStyles } from './styles';
import type { StudentTestState } from './useStudentTest';

/** One answerable question with the comprehension holding it, if any. */
interface Item {
  question: StudentQuestion;
  parent: StudentQuestion | null;
}
const itemsOf = (section: StudentSection): Item[] =>
  section.questions.flatMap<Item>((q) => (q.children ? q.children.map((c) => ({ question: c, parent: q })) : [{ question: q, parent: null }]));

/** Where the student was (a reload returns there) and the questions marked for review, per attempt in local storage. */
const positionKey = (attemptId: string) => `testforge.student.position.${attemptId}`;
const markedKey = (attemptId: string) => `testforge.student.marked.${attemptId}`;
function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The four states of the question list and its legend: answered or not, marked for review or not. */
type NavState = 'answered' | 'notAnswered' | 'marked' | 'answeredMarked';
const NAV_STATES: NavState[] = ['answered', 'notAnswered', 'marked', 'answeredMarked'];

/** Seconds left as h:mm:ss or m:ss. */
function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** Now on the server's clock, ticking every second. */
export function useServerNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  return now;
}

/** The attempt's time left, in the page's header. */
export function HeaderTimer({ state }: { state: StudentTestState }) {
  const { t } = useTranslation();
  const now = useServerNow(state.clockOffset);
  const deadline = state.attempt?.deadlineAt;
  return deadline ? <Timer deadline={deadline} now={now} label={t('student.timeLeft')} /> : null;
}

export function Timer({ deadline, now, label }: { deadline: string; now: number; label: string }) {
  const styles = useStudentStyles();
  const left = Date.parse(deadline) - now;
  return (
    <span className={mergeClasses(styles.timer, left < 60_000 && styles.timerLow)} role="timer" aria-label={label} title={label} data-testid="student-timer">
      {clock(left)}
    </span>
  );
}

/** The test being taken: the timer on the server's deadline, sections, question navigation, answers saved as given, submit. */
export function TakeTest({ state }: { state: StudentTestState }) {
  const styles = useStudentStyles();
  const { t } = useTranslation();
  const attempt = state.attempt!;
  const now = useServerNow(state.clockOffset);
  const firstOpen = Math.max(
    0,
    attempt.sections.findIndex((s) => s.isOpen),
  );
  // A reload returns to the question the student was on (when its section can still be shown).
  const [saved] = useState(() => readJson<{ section?: number; index?: number }>(positionKey(attempt.attemptId), {}));
  const savedUsable =
    saved.section !== undefined && saved.section < attempt.sections.length && (attempt.isSectionSwitchingEnabled || attempt.sections[saved.section].isOpen);
  const [sectionIndex, setSectionIndex] = useState(savedUsable ? saved.section! : firstOpen);
  const [index, setIndex] = useState(savedUsable ? (saved.index ?? 0) : 0);
  const [marked, setMarked] = useState(() => new Set(readJson<string[]>(markedKey(attempt.attemptId), [])));
  const [limitNotice, setLimitNotice] = useState<string | null>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const [confirm, setConfirm] = useState<'test' | 'section' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submitted = useRef(false);
  const sectionTimedOut = useRef(new Set<string>());

  const section = attempt.sections[sectionIndex] ?? attempt.sections[0];
  const items = useMemo(() => itemsOf(section), [section]);
  const item = items[Math.min(index, items.length - 1)];
  const allItems = useMemo(() => attempt.sections.flatMap(itemsOf), [attempt.sections]);
  const answered = (q: StudentQuestion) => isAnsweredBy(q, state.answers[q.id]);
  // Before submit: questions left to answer; in a section of "attempt any N", those short of N.
  const unanswered = attempt.sections.reduce((sum, s) => {
    const own = itemsOf(s);
    const done = own.filter((i) => answered(i.question)).length;
    return sum + (s.attemptAny !== null ? Math.max(0, s.attemptAny - done) : own.filter((i) => !i.question.isOptional && !answered(i.question)).length);
  }, 0);
  const answeredHere = items.filter((i) => answered(i.question)).length;
  /** Attempt any N: the section has its N answers, and this question is not one of them. */
  const limitReached = (q: StudentQuestion) => section.attemptAny !== null && answeredHere >= section.attemptAny && !answered(q);
  const navState = (q: StudentQuestion): NavState =>
    marked.has(q.id) ? (answered(q) ? 'answeredMarked' : 'marked') : answered(q) ? 'answered' : 'notAnswered';
  const toggleMark = (questionId: string) => {
    const next = new Set(marked);
    if (next.has(questionId)) next.delete(questionId);
    else next.add(questionId);
    setMarked(next);
    localStorage.setItem(markedKey(attempt.attemptId), JSON.stringify([...next]));
  };
  const answer = (q: StudentQuestion, given: Parameters<typeof state.setAnswer>[1]) => {
    if (given && isAnsweredBy(q, given) && limitReached(q)) {
      setLimitNotice(t('student.attemptAnyFull', { count: section.attemptAny! }));
      return;
    }
    setLimitNotice(null);
    state.setAnswer(q.id, given);
  };
  useEffect(() => {
    localStorage.setItem(positionKey(attempt.attemptId), JSON.stringify({ section: sectionIndex, index }));
    setLimitNotice(null);
  }, [attempt.attemptId, sectionIndex, index]);
  // The current section's tab scrolls into view (tabs scroll sideways on a phone).
  useEffect(() => {
    tabsRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [sectionIndex]);
  const sectionalSubmit = attempt.isSectionalSubmit || !attempt.isSectionSwitchingEnabled;
  const isLastSection = sectionIndex === attempt.sections.length - 1;

  const go = (nextSection: number, nextIndex = 0) => {
    setSectionIndex(nextSection);
    setIndex(nextIndex);
    window.scrollTo({ top: 0 });
  };

  // A section that opens (after the one before is submitted) becomes the current one.
  useEffect(() => {
    if (!section.isOpen && !attempt.isSectionSwitchingEnabled) {
      const open = attempt.sections.findIndex((s) => s.isOpen);
      if (open >= 0) go(open);
    }
  }, [attempt.sections]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async () => {
    if (submitted.current) return;
    submitted.current = true;
    setConfirm(null);
    try {
      await state.submit();
    } catch (caught) {
      submitted.current = false;
      setError(errorMessage(caught));
    }
  };
  const submitSection = async () => {
    setConfirm(null);
    try {
      if (isLastSection) return void (await submit());
      await state.submitSection(section.id);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  // Time is up on the server's clock: what was given is submitted (the server holds it to the deadline too).
  const timeUp = attempt.deadlineAt !== null && now >= Date.parse(attempt.deadlineAt);
  useEffect(() => {
    if (timeUp) void submit();
  }, [timeUp]); // eslint-disable-line react-hooks/exhaustive-deps
  const sectionUp = section.deadlineAt !== null && section.isOpen && now >= Date.parse(section.deadlineAt);
  useEffect(() => {
    if (!sectionUp || sectionTimedOut.current.has(section.id)) return;
    sectionTimedOut.current.add(section.id);
    void submitSection();
  }, [sectionUp]); // eslint-disable-line react-hooks/exhaustive-deps

  const queue = state.queueState;
  const saveState = queue.pending === 0 ? 'saved' : queue.offline ? 'waiting' : 'saving';
  const saveStatus =
    saveState === 'saved' ? t('student.saved') : saveState === 'waiting' ? t('student.waiting', { count: queue.pending }) : t('student.saving');
  const SaveIcon = saveState === 'saved' ? CloudCheckmark20Regular : saveState === 'waiting' ? CloudArrowUp20Regular : ArrowSync20Regular;
  const atEnd = index >= items.length - 1;

  return (
    <>
      <div className={mergeClasses(styles.column, styles.grow)} data-testid="student-test">
        {state.mode.kind === 'student' && (
          <div
            className={mergeClasses(styles.saveState, saveState === 'waiting' && styles.saveWaiting)}
            role="status"
            aria-live="polite"
            data-testid="student-save-status"
            data-state={saveState}
          >
            <SaveIcon aria-hidden />
            <span>{saveStatus}</span>
          </div>
        )}
        {attempt.sections.length > 1 && (
          <div className={styles.tabs} role="tablist" ref={tabsRef} data-testid="student-section-tabs">
            {attempt.sections.map((s, i) => (
              <Button
                key={s.id}
                role="tab"
                aria-selected={i === sectionIndex}
                className={styles.tab}
                appearance={i === sectionIndex ? 'primary' : 'secondary'}
                disabled={!attempt.isSectionSwitchingEnabled && !s.isOpen && i !== sectionIndex}
                onClick={() => go(i)}
                data-testid="student-section-tab"
              >
                {s.name}
              </Button>
            ))}
          </div>
        )}
        {section.deadlineAt && section.isOpen && (
          <Text>
            {t('student.sectionTimeLeft')}: <Timer deadline={section.deadlineAt} now={now} label={t('student.sectionTimeLeft')} />
          </Text>
        )}
        {!section.isOpen && (
          <MessageBar intent="info">
            <MessageBarBody>{section.submittedAt ? t('student.sectionDone') : t('student.sectionLocked')}</MessageBarBody>
          </MessageBar>
        )}
        {section.attemptAny !== null && (
          <MessageBar intent="info" data-testid="student-attempt-any">
            <MessageBarBody>
              {t('student.attemptAny', { count: section.attemptAny, total: items.length })}{' '}
              {t('student.attemptAnyProgress', { answered: answeredHere, count: section.attemptAny })}
            </MessageBarBody>
          </MessageBar>
        )}
        <nav className={styles.nav} aria-label={t('student.questionList')}>
          {items.map((it, i) => (
            <Button
              key={it.question.id}
              className={mergeClasses(styles.navButton, styles[navState(it.question)], i === index && styles.currentNav)}
              aria-label={`${t('student.question', { number: it.question.number })} · ${t(`student.status.${navState(it.question)}`)}`}
              aria-current={i === index ? 'step' : undefined}
              onClick={() => setIndex(i)}
              data-testid="student-nav"
              data-state={navState(it.question)}
            >
              {it.question.number}
            </Button>
          ))}
        </nav>
        <ul className={styles.legend} aria-label={t('student.legend')} data-testid="student-legend">
          {NAV_STATES.map((kind) => (
            <li key={kind} className={styles.legendItem}>
              <span className={mergeClasses(styles.swatch, styles[kind])} aria-hidden />
              {t(`student.status.${kind}`)}
            </li>
          ))}
        </ul>
        {item && (
          <section className={styles.card} data-testid="student-question" data-type={item.question.type}>
            {item.parent && (
              <div className={styles.passage}>
                <RichText html={item.parent.name} />
                <RichText html={item.parent.paragraph ?? ''} />
              </div>
            )}
            <div className={styles.questionHead}>
              <Text weight="semibold">{t('student.questionOf', { number: item.question.number, total: allItems.length })}</Text>
              <Badge appearance="tint" color="brand">
                {t('student.marksOf', { positive: item.question.marks.positive })}
              </Badge>
              {item.question.marks.negative > 0 && (
                <Badge appearance="tint" color="danger">
                  {t('student.negativeMarks', { negative: item.question.marks.negative })}
                </Badge>
              )}
              {item.question.isOptional && <Badge appearance="outline">{t('student.optional')}</Badge>}
            </div>
            <RichText html={item.question.name} />
            {(limitNotice || limitReached(item.question)) && (
              <MessageBar intent="warning" data-testid="student-attempt-any-full">
                <MessageBarBody>{limitNotice ?? t('student.attemptAnyFull', { count: section.attemptAny! })}</MessageBarBody>
              </MessageBar>
            )}
            <QuestionInput
              key={item.question.id}
              question={item.question}
              answer={state.answers[item.question.id]}
              onAnswer={(given) => answer(item.question, given)}
              disabled={!section.isOpen || limitReached(item.question)}
            />
            <div className={styles.actions}>
              <Button
                appearance={marked.has(item.question.id) ? 'primary' : 'secondary'}
                icon={marked.has(item.question.id) ? <Flag20Filled /> : <Flag20Regular />}
                aria-pressed={marked.has(item.question.id)}
                onClick={() => toggleMark(item.question.id)}
                data-testid="student-mark"
              >
                {marked.has(item.question.id) ? t('student.marked') : t('student.markForReview')}
              </Button>
              <ReportButton
                number={item.question.number}
                isPreview={state.mode.kind === 'preview'}
                onReport={(reason) => state.report(item.question.id, reason)}
              />
            </div>
          </section>
        )}
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {queue.refused && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('student.saveRefused', { message: queue.refused })}</MessageBarBody>
          </MessageBar>
        )}
        {timeUp && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('student.timeUp')}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={styles.bottomBar}>
        <Button icon={<ChevronLeft20Regular />} disabled={index === 0} onClick={() => setIndex(index - 1)} data-testid="student-previous">
          {t('student.previous')}
        </Button>
        {!atEnd && (
          <Button icon={<ChevronRight20Regular />} iconPosition="after" onClick={() => setIndex(index + 1)} data-testid="student-next">
            {t('student.next')}
          </Button>
        )}
        {atEnd &&
          !isLastSection &&
          (sectionalSubmit && section.isOpen ? (
            <Button appearance="primary" onClick={() => setConfirm('section')} data-testid="student-submit-section">
              {t('student.submitSection')}
            </Button>
          ) : (
            <Button
              icon={<ChevronRight20Regular />}
              iconPosition="after"
              disabled={!attempt.sections[sectionIndex + 1]?.isOpen && !attempt.isSectionSwitchingEnabled}
              onClick={() => go(sectionIndex + 1)}
            >
              {attempt.sections[sectionIndex + 1]?.name}
            </Button>
          ))}
        {(isLastSection || attempt.isSectionSwitchingEnabled) && (
          <Button appearance="primary" onClick={() => setConfirm('test')} data-testid="student-submit">
            {t('student.submit')}
          </Button>
        )}
      </div>
      <DialogFrame
        open={confirm !== null}
        title={confirm === 'section' ? t('student.submitSectionTitle') : t('student.submitTitle')}
        dataTestId="submit-confirm-dialog"
        onDismiss={() => setConfirm(null)}
        plain
        surface={{ style: { maxWidth: 'min(440px, calc(100vw - 24px))' } }}
        actions={
          <>
            <Button onClick={() => setConfirm(null)}>{t('student.cancel')}</Button>
            <Button appearance="primary" onClick={() => void (confirm === 'section' ? submitSection() : submit())} data-testid="student-confirm-submit">
              {t('student.confirmSubmit')}
            </Button>
          </>
        }
      >
        <p>{confirm === 'section' ? t('student.submitSectionBody', { name: section.name }) : t('student.submitBody')}</p>
        <p data-testid="student-unanswered">{unanswered ? t('student.unanswered', { count: unanswered }) : t('student.allAnswered')}</p>
      </DialogFrame>
    </>
  );
}
