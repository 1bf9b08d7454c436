import { useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import { DialogFrame } from '../../app/DialogFrame';
import { Flag20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';

const REASONS = ['reasonWrongAnswer', 'reasonUnclear', 'reasonTypo', 'reasonOther'] as const;

/** "Report this question": a reason (and details), sent to the tutor's Report Dashboard. */
export function ReportButton({ number, onReport, isPreview }: { number: number; onReport: (reason: string) => Promise<string | null>; isPreview: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof REASONS)[number]>('reasonWrongAnswer');
  const [details, setDetails] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'failed'; message?: string }>({ kind: 'idle' });

  const send = async () => {
    setState({ kind: 'sending' });
    try {
      const text = [t(`student.${reason}`), details.trim()].filter(Boolean).join(': ');
      const message = await onReport(text);
      setState({ kind: 'sent', message: message ?? t('student.reportPreview') });
    } catch (error) {
      setState({ kind: 'failed', message: t('student.reportFailed', { message: errorMessage(error) }) });
    }
  };
  const close = () => {
    setOpen(false);
    setState({ kind: 'idle' });
    setDetails('');
  };

  return (
    <>
      <Button appearance="subtle" size="small" icon={<Flag20Regular />} onClick={() => setOpen(true)} data-testid="student-report">
        {t('student.report')}
      </Button>
      <DialogFrame
        open={open}
        title={t('student.reportTitle', { number })}
        dataTestId="student-report-dialog"
        onDismiss={close}
        surface={{ style: { maxWidth: 'min(480px, calc(100vw - 24px))' } }}
        actions={
          <>
            <Button onClick={close}>{t('common.close')}</Button>
            {state.kind !== 'sent' && (
              <Button appearance="primary" disabled={state.kind === 'sending'} onClick={() => void send()} data-testid="student-report-send">
                {t('student.reportSend')}
              </Button>
            )}
          </>
        }
      >
        {state.kind === 'sent' ? (
          <MessageBar intent="success" data-testid="student-report-sent">
            <MessageBarBody>{state.message}</MessageBarBody>
          </MessageBar>
        ) : (
          <>
            {isPreview && (
              <MessageBar intent="info">
                <MessageBarBody>{t('student.reportPreview')}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('student.reportReason')}>
              <RadioGroup value={reason} onChange={(_, data) => setReason(data.value as (typeof REASONS)[number])}>
                {REASONS.map((key) => (
                  <Radio key={key} value={key} label={t(`student.${key}`)} />
                ))}
              </RadioGroup>
            </Field>
            <Field label={t('student.reportDetails')}>
              <Textarea value={details} maxLength={800} onChange={(_, data) => setDetails(data.value)} data-testid="student-report-details" />
            </Field>
            {state.kind === 'failed' && (
              <MessageBar intent="error">
                <MessageBarBody>{state.message}</MessageBarBody>
              </MessageBar>
            )}
          </>
        )}
      </DialogFrame>
    </>
  );
}
