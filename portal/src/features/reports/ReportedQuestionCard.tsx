import { Badge, Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DataHistogramRegular, EditRegular, SaveRegular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ReportedQuestion } from '@shared/api/reportTypes';
import type { QuestionDraft } from '@shared/domain/test';
import { RichText } from '../../app/RichText';
import { statisticsSentence } from './statistics';
import { card } from '../../app/surfaces';

const useStyles = makeStyles({
  card,
  edited: { borderLeft: `4px solid ${tokens.colorPaletteMarigoldBorderActive}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  testName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, maxWidth: '100%', fontWeight: tokens.fontWeightSemibold },
  html: { overflowWrap: 'anywhere', '& img': { maxWidth: '100%' }, '& p': { margin: 0 } },
  options: { margin: 0, paddingInlineStart: '24px', display: 'flex', flexDirection: 'column', gap: '2px' },
  correct: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  reasons: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '2px' },
  reason: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  statistics: {
    margin: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalXS} 28px`,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    backgroundColor: tokens.colorPaletteBerryBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
});

type Shown = Omit<QuestionDraft, 'options'> & { options?: { id?: string; name?: string; isCorrect?: boolean }[] };

/** The question as shown: the local correction when there is one, else the stored question. */
const shown = (item: ReportedQuestion, edited?: QuestionDraft): Shown | null => (edited ?? item.question) as Shown | null;

/**
 * One reported question of the dashboard: its test, its text and answer, the reasons students
 * gave and how many; the actions of its tab (mark as resolved, edit to resolve, save and resolve).
 */
export function ReportedQuestionCard({
  item,
  edited,
  onEdit,
  onResolve,
  onSave,
  onDiscard,
}: {
  item: ReportedQuestion;
  edited?: QuestionDraft;
  onEdit: () => void;
  onResolve: () => void;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const question = shown(item, edited);
  // The sentence names the key as stored (the report's question), not as a pending edit sets it.
  const statistics = item.statistics ?? [];
  const open = item.status !== 'resolved';
  return (
    <li className={`${styles.card} ${edited ? styles.edited : ''}`} data-testid="reported-question" data-question-id={item._id}>
      <div className={styles.head}>
        <Text className={styles.testName} title={item.testName} data-testid="reported-test-name">
          {item.testName || t('reports.unknownTest')}
        </Text>
        {question && <Badge appearance="tint">{t(`editor.type.${question.type}`)}</Badge>}
        {item.status === 'updateAvailable' && (
          <Badge color="informative" data-testid="update-available">
            {t('reports.updateAvailableBadge')}
          </Badge>
        )}
        {edited && (
          <Badge color="warning" data-testid="edited-badge">
            {t('reports.editedBadge')}
          </Badge>
        )}
        {item.isAttempted && <Badge appearance="outline">{t('reports.attemptedBadge')}</Badge>}
        {statistics.length > 0 && (
          <Badge color="brand" icon={<DataHistogramRegular />} data-testid="statistics-badge">
            {t('reports.statisticsBadge')}
          </Badge>
        )}
      </div>
      {question ? (
        <>
          {question.type === 'comprehension' && question.paragraph && <RichText html={question.paragraph} className={styles.html} />}
          <RichText html={question.name ?? ''} className={styles.html} dataTestId="reported-question-text" />
          {question.options && question.type !== 'fill_ups' && (
            <ol className={styles.options} type="A">
              {question.options.map((option, i) => (
                <li key={option.id ?? i} className={option.isCorrect ? styles.correct : undefined} data-correct={Boolean(option.isCorrect)}>
                  <RichText as="span" html={option.name ?? ''} className={styles.html} />
                </li>
              ))}
            </ol>
          )}
          {question.type === 'integer' && <Caption1>{t('reports.answer', { answer: question.solution || '—' })}</Caption1>}
        </>
      ) : (
        <Text italic>{t('reports.questionGone')}</Text>
      )}
      {statistics.length > 0 && (
        <ul className={styles.statistics} data-testid="statistics-reasons">
          {statistics.map((reason) => (
            <li key={reason.flag} data-flag={reason.flag}>
              <Text>{statisticsSentence(reason, item.question, t, i18n.language)}</Text>{' '}
              <Caption1>({t('reports.statistics.attempts', { count: reason.attempts })})</Caption1>
            </li>
          ))}
        </ul>
      )}
      <Text size={200} data-testid="report-summary">
        {item.studentsCount
          ? t('reports.summary', { reports: item.reportsCount, students: item.studentsCount })
          : t('reports.summaryReports', { reports: item.reportsCount })}
      </Text>
      <ul className={styles.reasons} data-testid="report-reasons">
        {item.reasons.map((reason) => (
          <li key={reason.reason} className={styles.reason}>
            {t('reports.reasonLine', { reason: reason.reason, count: reason.count })}
          </li>
        ))}
      </ul>
      {open && (
        <div className={styles.actions}>
          {item.canEdit && (
            <Button size="small" icon={<EditRegular />} onClick={onEdit} data-testid="edit-to-resolve">
              {edited ? t('reports.editAgain') : t('reports.editToResolve')}
            </Button>
          )}
          {edited && (
            <>
              <Button size="small" appearance="primary" icon={<SaveRegular />} onClick={onSave} data-testid="save-and-resolve">
                {t('reports.saveAndResolve')}
              </Button>
              <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={onDiscard} data-testid="discard-edit">
                {t('reports.discardEdit')}
              </Button>
            </>
          )}
          {!edited && (
            <Button size="small" appearance="subtle" icon={<CheckmarkCircleRegular />} onClick={onResolve} data-testid="mark-resolved">
              {t('reports.markResolved')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
