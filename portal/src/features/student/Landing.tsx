import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '@shared/api/client';
import { formatDateTime } from '@shared/domain/dates';
import { RichText } from '../../app/RichText';
import { useStudentStyles } from './styles';
import type { StudentTestState } from './useStudentTest';

/** A duration (ms) as hours and minutes, e.g. "1 h 30 min" / "45 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}` : `${minutes} min`;
}

export function useFormatTime() {
  const { i18n } = useTranslation();
  return (iso: string) => formatDateTime(iso, undefined, i18n.language);
}

/** What a student reads first: the test, its window, and who they are. */
export function Landing({ state }: { state: StudentTestState }) {
  const styles = useStudentStyles();
  const { t } = useTranslation();
  const time = useFormatTime();
  const info = state.info!;
  const [name, setName] = useState(state.identity.name);
  const [contact, setContact] = useState(state.identity.contact);
  const [problems, setProblems] = useState<{ name?: string; contact?: string; form?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  // The contact was used on another device (issue 14): the student proves it with a code sent to it.
  const [proof, setProof] = useState<{ message: string; sent: string | null } | null>(null);
  const [code, setCode] = useState('');

  const sendCode = async () => {
    setBusy(true);
    try {
      const sent = await state.requestCode(contact.trim());
      setProof((current) => current && { ...current, sent });
    } catch (error) {
      setProblems({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : t('student.nameRequired'),
      contact: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.trim()) || /^\+?[\d\s().-]{6,}$/.test(contact.trim()) ? undefined : t('student.contactInvalid'),
    };
    const withCode = proof?.sent ? code.trim() : undefined;
    if (withCode !== undefined && !/^\d{6}$/.test(withCode)) {
      setProblems({ ...next, code: t('student.codeFormat') });
      return;
    }
    setProblems(next);
    if (next.name || next.contact) return;
    setBusy(true);
    try {
      await state.identify({ name: name.trim(), contact: contact.trim() }, withCode);
    } catch (error) {
      const kind = errorCode(error);
      if (kind === 'STUDENT_PROOF_REQUIRED') setProof({ message: errorMessage(error), sent: null });
      else if (kind === 'STUDENT_CODE_WRONG' || kind === 'STUDENT_CODE_EXPIRED') setProblems({ code: errorMessage(error) });
      else setProblems({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className={styles.card} data-testid="student-landing">
        <h1 className={styles.title}>{info.name}</h1>
        <div className={styles.facts}>
          <Text>{info.duration > 0 ? t('student.duration', { time: formatDuration(info.duration) }) : t('student.noTimeLimit')}</Text>
          <Text>{t('student.questions', { count: info.numberOfQuestions })}</Text>
          <Text>{t('student.marks', { count: info.totalMarks })}</Text>
          <Text>{info.noOfAttempts < 0 ? t('student.attemptsUnlimited') : t('student.attemptsAllowed', { count: info.noOfAttempts })}</Text>
        </div>
        <Text className={styles.muted}>
          {info.endTime
            ? t('student.window', { start: time(info.startTime), end: time(info.endTime) })
            : t('student.windowOpen', { start: time(info.startTime) })}
        </Text>
        {info.status !== 'open' && (
          <MessageBar intent="warning" data-testid="student-window">
            <MessageBarBody>
              {info.status === 'notStarted' ? t('student.notStarted', { time: time(info.startTime) }) : t('student.ended', { time: time(info.endTime!) })}
            </MessageBarBody>
          </MessageBar>
        )}
      </section>
      {info.status === 'open' && (
        <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate>
          <h2 className={styles.title} style={{ fontSize: 18 }}>
            {t('student.identifyTitle')}
          </h2>
          <Field label={t('student.name')} required validationMessage={problems.name}>
            <Input value={name} onChange={(_, data) => setName(data.value)} autoComplete="name" maxLength={100} data-testid="student-name" />
          </Field>
          <Field label={t('student.contact')} required hint={t('student.contactHint')} validationMessage={problems.contact}>
            <Input
              value={contact}
              onChange={(_, data) => {
                setContact(data.value);
                setProof(null);
              }}
              autoComplete="email"
              inputMode="email"
              maxLength={100}
              data-testid="student-contact"
            />
          </Field>
          {proof && (
            <div className={styles.proof} data-testid="student-proof">
              <MessageBar intent="warning">
                <MessageBarBody>{proof.sent ?? proof.message}</MessageBarBody>
              </MessageBar>
              {proof.sent && (
                <Field label={t('student.code')} required validationMessage={problems.code}>
                  <Input
                    value={code}
                    onChange={(_, data) => setCode(data.value)}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    data-testid="student-code"
                  />
                </Field>
              )}
              <div>
                <Button appearance={proof.sent ? 'subtle' : 'secondary'} disabled={busy} onClick={() => void sendCode()} data-testid="student-send-code">
                  {proof.sent ? t('student.sendCodeAgain') : t('student.sendCode')}
                </Button>
              </div>
            </div>
          )}
          {problems.form && (
            <MessageBar intent="error">
              <MessageBarBody>{problems.form}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={busy} data-testid="student-identify">
              {t('student.continue')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

/** The instructions, and Start (or Resume) when attempts are left. */
export function Instructions({ state }: { state: StudentTestState }) {
  const styles = useStudentStyles();
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = state.mode.kind === 'preview';
  const name = preview ? state.attempt?.testName : state.info?.name;
  const instructions = (preview ? state.attempt?.instructions : state.info?.instructions) ?? '';
  const duration = (preview ? state.attempt?.duration : state.info?.duration) ?? 0;
  const sections = preview ? [] : (state.info?.sections ?? []).filter((s) => s.duration > 0);
  const standing = state.standing;
  const canStart = preview || (standing !== null && (standing.hasAttemptInProgress || standing.attemptsLeft !== 0));

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await state.start();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} data-testid="student-instructions">
      <h1 className={styles.title}>{name}</h1>
      <h2 className={styles.title} style={{ fontSize: 18 }}>
        {t('student.instructionsTitle')}
      </h2>
      {instructions.trim() ? <RichText html={instructions} /> : <Text>{t('student.noInstructions')}</Text>}
      <div className={styles.facts}>
        <Text>{duration > 0 ? t('student.duration', { time: formatDuration(duration) }) : t('student.noTimeLimit')}</Text>
        {sections.map((s) => (
          <Text key={s.id}>{t('student.sectionTime', { name: s.name, time: formatDuration(s.duration) })}</Text>
        ))}
      </div>
      {standing && !standing.hasAttemptInProgress && (
        <Text data-testid="student-attempts-left">
          {standing.attemptsLeft === null
            ? t('student.attemptsUnlimited')
            : standing.attemptsLeft === 0
              ? t('student.noAttemptsLeft')
              : t('student.attemptsLeft', { count: standing.attemptsLeft })}
        </Text>
      )}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {canStart && (
        <div className={styles.actions}>
          <Button appearance="primary" size="large" disabled={busy} onClick={() => void start()} data-testid="student-start">
            {preview ? t('student.previewStart') : standing?.hasAttemptInProgress ? t('student.resume') : t('student.start')}
          </Button>
        </div>
      )}
    </section>
  );
}
