import { useEffect, useRef, useState } from 'react';
import { Body1, Button, Caption1, Field, Input, Link, makeStyles, tokens } from '@fluentui/react-components';
import { DialogFrame } from '../../app/DialogFrame';
import { Chat24Regular, Mail24Regular, Call24Regular, ChatHelp24Filled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { PremiumTutor } from '@shared/api/types';
import { CALLBACK_PHONE_LENGTH, CALLBACK_PROMISE_MINUTES, isPhoneDigits, isValidCallbackNumber } from '@shared/domain/help';
import { selectUser } from '../auth/selectors';
import { dialogClosed, dialogOpened } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

export const SUPPORT_EMAIL = 'support@testforge.local';
export const SUPPORT_CHAT_URL = 'https://wa.me/919999999999';

const useStyles = makeStyles({
  fab: { position: 'fixed', right: tokens.spacingHorizontalXXL, bottom: tokens.spacingVerticalXXL, zIndex: 20, boxShadow: tokens.shadow16 },
  options: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
  option: { justifyContent: 'flex-start' },
  muted: { display: 'block', color: tokens.colorNeutralForeground3, marginTop: tokens.spacingVerticalS },
});

/** Steps of spec section 4: connect, then notification sent; or call-back, edit number, then success. */
type Step = 'connect' | 'notificationSent' | 'callBack' | 'confirmNumber' | 'callBackSuccess';

export function HelpWidget() {
  const styles = useStyles();
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const open = useAppSelector((state) => state.ui.dialog === 'help');
  const [step, setStep] = useState<Step>('connect');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [tutors, setTutors] = useState<PremiumTutor[]>([]);

  useEffect(() => {
    if (open) {
      setStep('connect');
      api.premiumTutors().then(setTutors, () => setTutors([]));
    }
  }, [open, api]);

  // Issue 17: a step replaces the one before it (the call-back form, its confirmation...), and the
  // button that was focused goes with it. Focus stays in the dialog: on the new step's title when
  // nothing in it took the focus, so screen readers announce the step and the dialog stays theirs.
  const surface = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step | null>(null);
  useEffect(() => {
    if (!open) {
      shownStep.current = null;
      return undefined;
    }
    const changed = shownStep.current !== null && shownStep.current !== step;
    shownStep.current = step;
    if (!changed) return undefined;
    const frame = requestAnimationFrame(() => {
      if (!surface.current?.contains(document.activeElement)) title.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, step]);

  const close = () => dispatch(dialogClosed('help'));
  const run = async (work: () => Promise<unknown>, next: Step) => {
    setBusy(true);
    try {
      await work();
      setStep(next);
    } catch {
      /* the API client toasts the error; the user stays on this step */
    } finally {
      setBusy(false);
    }
  };

  const phoneOk = isValidCallbackNumber(phone);
  const titles: Record<Step, string> = {
    connect: t('help.connectTitle'),
    notificationSent: t('help.notificationSentTitle'),
    callBack: t('help.callBackTitle'),
    confirmNumber: t('help.callBackTitle'),
    callBackSuccess: t('help.callBackSuccessTitle'),
  };

  return (
    <>
      <Button
        className={styles.fab}
        appearance="primary"
        shape="circular"
        size="large"
        icon={<ChatHelp24Filled />}
        onClick={() => dispatch(dialogOpened('help'))}
        data-testid="help-button"
      >
        {t('help.button')}
      </Button>
      <DialogFrame
        open={open}
        title={titles[step]}
        dataTestId={`help-${step}`}
        onDismiss={close}
        surface={{ ref: surface }}
        titleProps={{ ref: title, tabIndex: -1, 'data-testid': 'help-title' }}
        plain
        actions={
          <>
            {step === 'callBack' && (
              <Button appearance="primary" disabled={!phoneOk} onClick={() => setStep('confirmNumber')} data-testid="call-me-now">
                {t('help.callMeNow')}
              </Button>
            )}
            {step === 'confirmNumber' && (
              <>
                <Button onClick={() => setStep('callBack')}>{t('help.editNumber')}</Button>
                <Button
                  appearance="primary"
                  disabled={busy}
                  onClick={() => run(() => api.requestCallBack(phone), 'callBackSuccess')}
                  data-testid="confirm-callback"
                >
                  {t('help.callMeNow')}
                </Button>
              </>
            )}
            <Button appearance={step === 'callBack' || step === 'confirmNumber' ? 'secondary' : 'primary'} onClick={close}>
              {t('common.close')}
            </Button>
          </>
        }
      >
        {step === 'connect' && (
          <>
            <Body1>{t('help.connectIntro')}</Body1>
            <div className={styles.options}>
              <Button className={styles.option} as="a" href={`mailto:${SUPPORT_EMAIL}`} icon={<Mail24Regular />}>
                {t('help.emailSupport')}
              </Button>
              <Button className={styles.option} as="a" href={SUPPORT_CHAT_URL} target="_blank" rel="noreferrer" icon={<Chat24Regular />}>
                {t('help.chatSupport')}
              </Button>
              <Button
                className={styles.option}
                disabled={busy || !user}
                onClick={() => run(() => api.sendSupportNotification(user!.userId), 'notificationSent')}
                data-testid="notify-team"
              >
                {t('help.notifyTeam')}
              </Button>
              <Button className={styles.option} icon={<Call24Regular />} onClick={() => setStep('callBack')} data-testid="request-callback">
                {t('help.requestCallBack')}
              </Button>
            </div>
            <Caption1 as="p" className={styles.muted}>
              {t('help.supportHours')}
            </Caption1>
            {tutors.length > 0 && (
              <Caption1 as="p" className={styles.muted}>
                {t('help.premiumTutors')}:{' '}
                {tutors.map((tutor, index) => (
                  <span key={tutor.mobile}>
                    {index > 0 && ', '}
                    <Link href={`tel:${tutor.countryExt}${tutor.mobile}`}>{`${tutor.countryExt} ${tutor.mobile}`}</Link>
                  </span>
                ))}
              </Caption1>
            )}
          </>
        )}
        {step === 'notificationSent' && <Body1>{t('help.notificationSentBody')}</Body1>}
        {step === 'callBack' && (
          <>
            <Body1 as="p">{t('help.callBackIntro', { minutes: CALLBACK_PROMISE_MINUTES })}</Body1>
            <Field
              label={t('help.mobile')}
              hint={t('help.mobileHint', { length: CALLBACK_PHONE_LENGTH })}
              validationMessage={isPhoneDigits(phone) ? undefined : t('help.mobileDigitsOnly')}
              data-testid="callback-phone-field"
            >
              <Input
                name="phoneNo"
                type="tel"
                inputMode="numeric"
                pattern="[0-9]*"
                value={phone}
                maxLength={CALLBACK_PHONE_LENGTH}
                onChange={(_, d) => setPhone(d.value)}
                autoFocus
              />
            </Field>
            <Caption1 as="p" className={styles.muted}>
              {t('help.supportHours')}
            </Caption1>
          </>
        )}
        {step === 'confirmNumber' && <Body1>{t('help.confirmNumber', { phone })}</Body1>}
        {step === 'callBackSuccess' && <Body1>{t('help.callBackSuccessBody', { phone, minutes: CALLBACK_PROMISE_MINUTES })}</Body1>}
      </DialogFrame>
    </>
  );
}
