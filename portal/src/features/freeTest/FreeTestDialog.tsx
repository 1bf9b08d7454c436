import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarActions,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DialogFrame } from '../../app/DialogFrame';
import { CopyRegular, DataHistogramRegular, LinkDismissRegular, LinkRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useDiscardGuard } from '../../app/useDiscardGuard';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT, formatDateTime } from '@shared/domain/dates';
import { defaultFreeTestStart, FREE_TEST_MAX_ATTEMPTS, FREE_TEST_UNLIMITED_ATTEMPTS, opensLater } from '@shared/domain/freeTest';
import { toastQueued } from '../../app/uiSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { resultsPath } from '../../app/routes';
import { ResetStudent } from './ResetStudent';
import { useFreeTest } from './useFreeTest';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '& > *': { flex: '1 1 200px', minWidth: 0 } },
  end: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  link: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end', '& > :first-child': { flex: '1 1 240px', minWidth: 0 } },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '24px', color: tokens.colorNeutralForeground2 },
  problems: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: '20px' },
  name: { overflowWrap: 'anywhere' },
});

/** `datetime-local` works in local time without seconds. */
const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';
const toInput = (iso: string | null) => (iso ? dayjs(iso).format(LOCAL_INPUT) : '');
const fromInput = (value: string) => (value && dayjs(value).isValid() ? dayjs(value).toISOString() : '');
const DAY_MS = 24 * 3_600_000;

/**
 * The free-test dialog (spec section 2): publishes a test by link. No Save button: it is created,
 * then updated, 1 s after the tutor's last change (useFreeTest). Opened from the library's test
 * menu and the editor's bar.
 */
export function FreeTestDialog({
  testId,
  testName,
  onClose,
  showResults = true,
}: {
  testId: string;
  testName: string;
  onClose: () => void;
  showResults?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const dateFormat = useAppSelector((s) => s.auth.user?.region.dateTimeStamp) || DEFAULT_DATE_FORMAT;
  const { shared, draft, state, loadFailed, saving, change, setRemoved, problem } = useFreeTest(testId);
  const [count, setCount] = useState<string | null>(null);
  // Changes save themselves 1 s after the last one (and on close): only a change that cannot be
  // saved (a problem shown in the dialog) would be thrown away, so only then does closing ask.
  const guard = useDiscardGuard({ dirty: problem ? undefined : false });
  const linkInput = useRef<HTMLInputElement>(null);
  const when = (iso: string) => formatDateTime(iso, dateFormat, i18n.language);

  // The clock the "nobody can open it yet" warning reads: ticks while the start is still to come.
  const [now, setNow] = useState(() => Date.now());
  const notOpenYet = Boolean(draft?.startTime && !problem && opensLater(draft.startTime, now));
  useEffect(() => {
    if (!notOpenYet) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, [notOpenYet]);

  const removed = Boolean(shared?.isRemoved);
  const unlimited = draft?.noOfAttempts === FREE_TEST_UNLIMITED_ATTEMPTS;
  const countText = count ?? (draft && !unlimited && !Number.isNaN(draft.noOfAttempts) ? String(draft.noOfAttempts) : '1');

  const copy = async () => {
    if (!shared?.testURL) return;
    if (removed) {
      dispatch(toastQueued({ intent: 'warning', body: t('freeTest.disabledWarning') }));
      return;
    }
    try {
      await navigator.clipboard.writeText(shared.testURL);
    } catch {
      // No clipboard permission (or an insecure origin): copy from the selected field.
      linkInput.current?.select();
      document.execCommand?.('copy');
    }
    // A link nobody can open yet is still copied, with a warning that says when it opens.
    if (draft && opensLater(draft.startTime)) dispatch(toastQueued({ intent: 'warning', body: t('freeTest.copiedNotOpen', { start: when(draft.startTime) }) }));
    else dispatch(toastQueued({ intent: 'success', body: t('freeTest.copied') }));
  };

  const setAttempts = (text: string) => {
    setCount(text);
    const n = text === '' ? NaN : Number(text);
    change({ noOfAttempts: n });
  };

  const status = (() => {
    if (!shared || (shared.isNew && !shared.isReadyToLink)) return null;
    if (saving) return <Spinner size="tiny" label={t('freeTest.saving')} />;
    return (
      <Text data-testid="free-test-state" data-state={state}>
        {t(`freeTest.state.${state}`)}
      </Text>
    );
  })();

  return (
    <DialogFrame
      title={t('freeTest.title')}
      dataTestId="free-test-dialog"
      onDismiss={(event) => guard.requestClose(onClose, event)}
      surface={{ ...guard.surfaceProps, 'aria-describedby': undefined, className: styles.surface }}
      contentClassName={styles.content}
      actions={
        <>
          {shared?._id && showResults && (
            <Button
              icon={<DataHistogramRegular />}
              onClick={() => {
                onClose();
                navigate(resultsPath('local', testId));
              }}
              data-testid="free-test-results"
            >
              {t('results.menu')}
            </Button>
          )}
          {shared?._id &&
            (removed ? (
              <Button icon={<LinkRegular />} disabled={saving || !shared.isReadyToLink} onClick={() => void setRemoved(false)} data-testid="free-test-enable">
                {t('freeTest.enable')}
              </Button>
            ) : (
              <Button icon={<LinkDismissRegular />} disabled={saving} onClick={() => void setRemoved(true)} data-testid="free-test-disable">
                {t('freeTest.disable')}
              </Button>
            ))}
          <Button appearance="secondary" onClick={() => guard.requestClose(onClose)} data-testid="free-test-close">
            {t('common.close')}
          </Button>
        </>
      }
      after={<>{guard.question}</>}
    >
      <Text weight="semibold" className={styles.name}>
        {testName}
      </Text>
      {loadFailed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('freeTest.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!shared && !loadFailed && <Spinner size="small" label={t('common.loading')} />}
      {shared && !shared.isReadyToLink && (
        <MessageBar intent="warning" data-testid="free-test-problems" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('freeTest.notReady')}</MessageBarTitle>
            <ul className={styles.problems}>
              {shared.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      {shared && draft && (shared.isReadyToLink || !shared.isNew) && (
        <>
          <Caption1>{t('freeTest.explained')}</Caption1>
          <div className={styles.row}>
            <Field label={t('freeTest.start')} validationMessage={problem === 'startTime' ? t('freeTest.startRequired') : undefined}>
              <Input
                type="datetime-local"
                value={toInput(draft.startTime)}
                disabled={removed}
                onChange={(_, d) => change({ startTime: fromInput(d.value) })}
                data-testid="free-test-start"
              />
            </Field>
            <Field label={t('freeTest.end')} validationMessage={problem === 'endTime' ? t('freeTest.endBeforeStart') : undefined}>
              <div className={styles.end}>
                <Switch
                  label={t('freeTest.setEnd')}
                  checked={draft.endTime !== null}
                  disabled={removed}
                  onChange={(_, d) =>
                    change({ endTime: d.checked ? new Date(Date.parse(draft.startTime || new Date().toISOString()) + DAY_MS).toISOString() : null })
                  }
                  data-testid="free-test-has-end"
                />
                {draft.endTime !== null && (
                  <Input
                    type="datetime-local"
                    value={toInput(draft.endTime)}
                    disabled={removed}
                    onChange={(_, d) => change({ endTime: fromInput(d.value) || draft.endTime })}
                    data-testid="free-test-end"
                    aria-label={t('freeTest.end')}
                  />
                )}
              </div>
            </Field>
          </div>
          {!problem && draft.startTime && (
            <Caption1 data-testid="free-test-window">
              {draft.endTime
                ? t('freeTest.window', { start: when(draft.startTime), end: when(draft.endTime) })
                : t('freeTest.windowOpen', { start: when(draft.startTime) })}
            </Caption1>
          )}
          {notOpenYet && !removed && (
            <MessageBar intent="warning" data-testid="free-test-not-open" layout="multiline">
              <MessageBarBody>{t('freeTest.notOpenYet', { start: when(draft.startTime) })}</MessageBarBody>
              <MessageBarActions>
                <Button size="small" onClick={() => change({ startTime: defaultFreeTestStart().toISOString() })} data-testid="free-test-open-now">
                  {t('freeTest.openNow')}
                </Button>
              </MessageBarActions>
            </MessageBar>
          )}
          {shared.answersLater && !problem && (
            <MessageBar
              intent={draft.endTime ? 'info' : 'warning'}
              data-testid="free-test-answers"
              data-end={draft.endTime ? 'set' : 'none'}
              layout="multiline"
            >
              <MessageBarBody>{draft.endTime ? t('freeTest.answersAfterEnd', { end: when(draft.endTime) }) : t('freeTest.answersNeedEnd')}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('freeTest.attempts')}>
            <RadioGroup
              layout="horizontal"
              value={unlimited ? 'unlimited' : 'limited'}
              disabled={removed}
              onChange={(_, d) => (d.value === 'unlimited' ? change({ noOfAttempts: FREE_TEST_UNLIMITED_ATTEMPTS }) : setAttempts(countText))}
              data-testid="free-test-attempts"
            >
              <Radio value="unlimited" label={t('freeTest.unlimited')} />
              <Radio value="limited" label={t('freeTest.limited')} />
            </RadioGroup>
          </Field>
          {!unlimited && (
            <Field
              label={t('freeTest.count')}
              validationMessage={problem === 'noOfAttempts' ? t('freeTest.countRange', { max: FREE_TEST_MAX_ATTEMPTS }) : undefined}
            >
              <Input
                inputMode="numeric"
                value={countText}
                disabled={removed}
                onChange={(_, d) => setAttempts(d.value.replace(/\D/g, '').slice(0, 4))}
                data-testid="free-test-count"
              />
            </Field>
          )}
          <div className={styles.link}>
            <Field label={t('freeTest.link')}>
              <Input readOnly ref={linkInput} value={shared.testURL ?? ''} placeholder={t('freeTest.linkPending')} data-testid="free-test-link" />
            </Field>
            <Button appearance="primary" icon={<CopyRegular />} disabled={!shared.testURL} onClick={() => void copy()} data-testid="free-test-copy">
              {t('freeTest.copy')}
            </Button>
          </div>
          {removed && (
            <MessageBar intent="warning" data-testid="free-test-disabled">
              <MessageBarBody>{t('freeTest.disabledWarning')}</MessageBarBody>
            </MessageBar>
          )}
          {shared._id && !removed && <ResetStudent sharedTestId={shared._id} />}
        </>
      )}
      <div className={styles.status} aria-live="polite">
        {status}
      </div>
    </DialogFrame>
  );
}
