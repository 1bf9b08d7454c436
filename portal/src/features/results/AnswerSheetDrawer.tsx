import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Caption1,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import 'katex/dist/katex.min.css';
import type { AnswerSheet, AttemptRow, SheetQuestion } from '@shared/contract/results';
import { useApi } from '../../app/apiContext';
import { RichText } from '../../app/RichText';
import { formatDuration, formatNumber, formatPercent } from './format';
import { MathText } from './MathText';
import { framedStack } from '../../app/surfaces';

const useStyles = makeStyles({
  drawer: { width: '640px', maxWidth: '100vw' },
  head: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { overflowWrap: 'anywhere' },
  facts: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
  },
  question: framedStack,
  qhead: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  html: { overflowWrap: 'anywhere', '& img': { maxWidth: '100%' }, '& p': { margin: 0 } },
  passage: {
    overflowWrap: 'anywhere',
    padding: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
    '& p': { margin: 0 },
  },
  options: { margin: 0, paddingInlineStart: '24px', display: 'flex', flexDirection: 'column', gap: '2px' },
  chosen: { fontWeight: tokens.fontWeightSemibold },
  correct: { color: tokens.colorPaletteGreenForeground1 },
  wrongChoice: { color: tokens.colorPaletteRedForeground1 },
  line: { overflowWrap: 'anywhere' },
});

const OUTCOME_COLOR = { correct: 'success', partial: 'warning', wrong: 'danger', unattempted: 'subtle' } as const;

/**
 * A student's answer sheet (a drawer over the Results screen): each question in the order the
 * student saw it, the answer given, the right answer, marks and outcome, maths typeset as
 * everywhere in the portal.
 */
export function AnswerSheetDrawer({ sharedTestId, attempt, onClose }: { sharedTestId: string; attempt: AttemptRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const api = useApi();
  const [sheet, setSheet] = useState<AnswerSheet | null>(null);
  const [failed, setFailed] = useState(false);
  const lang = i18n.language;

  useEffect(() => {
    let current = true;
    setSheet(null);
    setFailed(false);
    api.answerSheet(sharedTestId, attempt.attemptId).then(
      (loaded) => current && setSheet(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [api, sharedTestId, attempt.attemptId]);

  const shown = sheet?.attempt ?? attempt;
  return (
    <OverlayDrawer open position="end" className={styles.drawer} onOpenChange={(_, data) => !data.open && onClose()} data-testid="answer-sheet">
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label={t('common.close')} icon={<DismissRegular />} onClick={onClose} data-testid="answer-sheet-close" />}
        >
          <span className={styles.title}>{shown.student.name}</span>
        </DrawerHeaderTitle>
      </DrawerHeader>
      {/* The sheet scrolls: focusable, so a keyboard user can scroll it too (axe: scrollable-region-focusable). */}
      <DrawerBody tabIndex={0} aria-label={shown.student.name}>
        <div className={styles.head}>
          <Caption1 className={styles.line}>{shown.student.contact}</Caption1>
          <div className={styles.facts}>
            <Text weight="semibold" data-testid="answer-sheet-score">
              {t('results.sheetScore', {
                score: formatNumber(shown.score, lang, 2),
                max: formatNumber(shown.maxScore, lang, 2),
                percent: formatPercent(shown.percentage, lang),
              })}
            </Text>
            {shown.rank != null && <Text>{t('results.sheetRank', { rank: shown.rank })}</Text>}
            <Text>{t('results.sheetTime', { time: formatDuration(shown.timeTakenS) })}</Text>
            <Badge appearance="tint">{t(`results.statusName.${shown.status}`)}</Badge>
          </div>
          {shown.scoreChanges.map((change) => (
            <Caption1 key={change.publishId}>
              {t('results.scoreChange', { old: formatNumber(change.oldScore, lang, 2), new: formatNumber(change.newScore, lang, 2) })}
            </Caption1>
          ))}
        </div>
        {failed && (
          <MessageBar intent="error">
            <MessageBarBody>{t('results.sheetLoadFailed')}</MessageBarBody>
          </MessageBar>
        )}
        {!sheet && !failed && <Spinner label={t('common.loading')} />}
        {sheet && (
          <ol className={styles.list}>
            {sheet.questions.map((question) => (
              <SheetItem key={question.questionId} question={question} />
            ))}
          </ol>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}

function SheetItem({ question }: { question: SheetQuestion }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const selected = new Set(question.answer?.selected ?? []);
  const given = answerText(question, t);
  return (
    <li className={styles.question} data-testid="sheet-question" data-outcome={question.outcome}>
      <div className={styles.qhead}>
        <Text weight="semibold">{t('results.questionNumber', { number: question.number })}</Text>
        <Caption1 className={styles.grow}>{question.sectionName}</Caption1>
        <Badge color={OUTCOME_COLOR[question.outcome]} data-testid="sheet-outcome">
          {t(`results.outcome.${question.outcome}`)}
        </Badge>
        <Text data-testid="sheet-marks">
          {t('results.marks', { marks: formatNumber(question.marks, i18n.language, 2), max: formatNumber(question.maxMarks, i18n.language, 2) })}
        </Text>
      </div>
      {question.passage && <RichText html={question.passage} className={styles.passage} />}
      <RichText html={question.question} className={styles.html} />
      {question.options.length > 0 && (
        <ol className={styles.options} type="A">
          {question.options.map((option) => {
            const chose = selected.has(option.optionId);
            const classes = mergeClasses(chose && styles.chosen, option.isCorrect ? styles.correct : chose && styles.wrongChoice);
            return (
              <li key={option.optionId} className={classes} data-chosen={chose} data-correct={option.isCorrect}>
                <RichText as="span" html={option.text} className={styles.html} />
                {chose && <> · {t('results.chosen')}</>}
                {option.isCorrect && <CheckmarkRegular aria-label={t('results.key')} style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />}
              </li>
            );
          })}
        </ol>
      )}
      {given !== null && (
        <Text className={styles.line} data-testid="sheet-answer">
          {t('results.answerGiven')} <MathText text={given} />
        </Text>
      )}
      <Text className={styles.line} data-testid="sheet-right-answer">
        {t('results.rightAnswer')} <MathText text={question.rightAnswer || '—'} />
      </Text>
    </li>
  );
}

/** What the student gave in words, for the questions without options; null where the options show it. */
function answerText(question: SheetQuestion, t: (key: string) => string): string | null {
  if (question.options.length > 0) return question.answer ? null : t('results.noAnswer');
  const answer = question.answer;
  if (!answer) return t('results.noAnswer');
  if (answer.blanks)
    return Object.values(answer.blanks)
      .map((value, i) => `(${i + 1}) ${value || '—'}`)
      .join('; ');
  return answer.value ?? t('results.noAnswer');
}
