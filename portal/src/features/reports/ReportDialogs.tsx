import { useState } from 'react';
import { Body1, Button, Radio, RadioGroup, Text, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PublishOption } from '@shared/api/reportTypes';
import { FormDialog } from '../../app/FormDialog';
import { DialogFrame } from '../../app/DialogFrame';
import { RichText } from '../../app/RichText';
import { optionsFor } from './edits';
import { CorrectionsPreviewPanel, type PreviewCorrections } from './CorrectionsPreviewPanel';
import { framedStack } from '../../app/surfaces';

const useStyles = makeStyles({
  item: framedStack,
  clip: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', '& p': { margin: 0, display: 'inline' } },
});

/** A plain dialog with a text and its buttons (explainers and questions to the tutor). */
function MessageDialog({
  title,
  dataTestId,
  onClose,
  children,
  actions,
  okLabel,
}: {
  title: string;
  dataTestId: string;
  onClose: () => void;
  children: React.ReactNode;
  /** The buttons; an explainer has only one, `okLabel`, that closes it. */
  actions?: React.ReactNode;
  okLabel?: string;
}) {
  return (
    <DialogFrame
      title={title}
      dataTestId={dataTestId}
      onDismiss={onClose}
      surface={{ 'aria-describedby': undefined }}
      contentStyle={{ gap: 8 }}
      actions={
        <>
          {actions ?? (
            <Button appearance="primary" onClick={onClose}>
              {okLabel}
            </Button>
          )}
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}

/** The what's-this explainer of the dashboard. */
export function WhatsThisDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageDialog title={t('reports.whatsThisTitle')} dataTestId="whats-this-dialog" onClose={onClose} okLabel={t('common.ok')}>
      {(['whatsThis1', 'whatsThis2', 'whatsThis3'] as const).map((key) => (
        <Body1 key={key}>{t(`reports.${key}`)}</Body1>
      ))}
    </MessageDialog>
  );
}

/** The publish-corrections info modal, shown once when publishing is first offered. */
export function PublishInfoDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageDialog title={t('reports.publishInfoTitle')} dataTestId="publish-info-dialog" onClose={onClose} okLabel={t('reports.gotIt')}>
      <Body1>{t('reports.publishInfoBody')}</Body1>
      <Body1>{t('reports.publishInfoOptions')}</Body1>
    </MessageDialog>
  );
}

/** Leaving the dashboard with corrections not published. */
export function LeaveDialog({ count, onStay, onLeave, onPublish }: { count: number; onStay: () => void; onLeave: () => void; onPublish: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      title={t('reports.leaveTitle')}
      dataTestId="leave-dialog"
      onClose={onStay}
      actions={
        <>
          <Button onClick={onLeave} data-testid="leave-without-publishing">
            {t('reports.leaveWithoutPublishing')}
          </Button>
          <Button appearance="primary" onClick={onPublish} data-testid="leave-publish">
            {t('reports.publish')}
          </Button>
        </>
      }
    >
      <Body1>{t('reports.leaveBody', { count })}</Body1>
    </MessageDialog>
  );
}

/** One corrected question as the publish dialog lists it (from the dashboard or the editor). */
export interface PublishItem {
  id: string;
  /** The test's name (the dashboard lists questions of several tests). */
  heading?: string;
  html: string;
  /** Students have submitted its test: NO_CHANGE is offered, and the choice matters. */
  attempted: boolean;
  option: PublishOption;
}

/**
 * Publishing corrections: each edited question with what happens to past attempts
 * (NO_CHANGE only for a test students have submitted; re-evaluate; grace marks), and, when the
 * caller can ask for it, the corrections preview of the chosen options.
 */
export function PublishDialog({
  items,
  intro,
  onClose,
  onPublish,
  preview,
}: {
  items: PublishItem[];
  intro?: string;
  onClose: () => void;
  onPublish: (options: Record<string, PublishOption>) => Promise<unknown>;
  preview?: PreviewCorrections;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [options, setOptions] = useState<Record<string, PublishOption>>(() => Object.fromEntries(items.map((item) => [item.id, item.option])));
  return (
    <FormDialog
      wide
      dataTestId="publish-dialog"
      title={t('reports.publishTitle', { count: items.length })}
      submitLabel={t('reports.publish')}
      onClose={onClose}
      onSubmit={() => onPublish(options)}
    >
      <Body1>{intro ?? t('reports.publishIntro')}</Body1>
      {items.map((item) => (
        <div key={item.id} className={styles.item} data-testid="publish-item">
          {item.heading && (
            <Text weight="semibold" className={styles.clip} title={item.heading}>
              {item.heading}
            </Text>
          )}
          <RichText html={item.html} className={styles.clip} />
          {item.attempted ? (
            <RadioGroup
              layout="horizontal"
              value={options[item.id]}
              aria-label={t('reports.publishOptionLabel')}
              onChange={(_, data) => setOptions((all) => ({ ...all, [item.id]: data.value as PublishOption }))}
            >
              {optionsFor({ isAttempted: item.attempted }).map((option) => (
                <Radio key={option} value={option} label={t(`reports.option.${option}`)} data-testid={`publish-option-${option}`} />
              ))}
            </RadioGroup>
          ) : (
            <Text size={200}>{t('reports.notAttempted')}</Text>
          )}
        </div>
      ))}
      {preview && items.some((item) => item.attempted) && <CorrectionsPreviewPanel options={options} preview={preview} />}
    </FormDialog>
  );
}
