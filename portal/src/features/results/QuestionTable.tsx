import { Fragment, useState } from 'react';
import {
  Badge,
  Caption1,
  Subtitle2,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { QuestionStat } from '@shared/contract/results';
import { DistractorChart } from './DistractorChart';
import { formatFixed, formatNumber, formatShare, SEVERE_FLAGS } from './format';
import { MathText } from './MathText';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'space-between' },
  scroll: { overflowX: 'auto', minWidth: 0 },
  table: { minWidth: '560px', '@media (max-width: 600px)': { minWidth: '480px' } },
  questionCell: { minWidth: '160px' },
  number: { width: '56px' },
  figure: { width: '96px' },
  narrow: { '@media (max-width: 600px)': { display: 'none' } },
  // Two lines at most, so a phone still reads the start of each question.
  text: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' },
  row: { cursor: 'pointer' },
  flags: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  detail: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalS },
  negative: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/**
 * The question analysis: facility (share right), discrimination (point-biserial with the rest
 * of the test), flags; a row opens its counts and, for a choice question, its distractor bars.
 */
export function QuestionTable({ questions }: { questions: QuestionStat[] }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState<string | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const lang = i18n.language;
  const shown = flaggedOnly ? questions.filter((q) => q.flags.length > 0) : questions;
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));

  return (
    <section className={styles.box} data-testid="question-table">
      <div className={styles.head}>
        <Subtitle2 as="h2">{t('results.questionsTitle')}</Subtitle2>
        <Switch
          label={t('results.flaggedOnly')}
          checked={flaggedOnly}
          onChange={(_, data) => setFlaggedOnly(data.checked)}
          data-testid="questions-flagged-only"
        />
      </div>
      <div className={styles.scroll} data-scrolls>
        <Table size="small" className={styles.table} aria-label={t('results.questionsTitle')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.number}>#</TableHeaderCell>
              <TableHeaderCell className={styles.questionCell}>{t('results.question')}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.figure, styles.narrow)}>{t('results.attempted')}</TableHeaderCell>
              <TableHeaderCell className={styles.figure}>{t('results.facility')}</TableHeaderCell>
              <TableHeaderCell className={styles.figure}>{t('results.discrimination')}</TableHeaderCell>
              <TableHeaderCell>{t('results.flags')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((question) => (
              <Fragment key={question.questionId}>
                <TableRow
                  className={styles.row}
                  tabIndex={0}
                  aria-expanded={open === question.questionId}
                  onClick={() => toggle(question.questionId)}
                  onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), toggle(question.questionId))}
                  data-testid="question-row"
                  data-flags={question.flags.join(' ')}
                >
                  <TableCell>
                    {open === question.questionId ? <ChevronDownRegular /> : <ChevronRightRegular />} {question.number}
                  </TableCell>
                  <TableCell>
                    <MathText text={question.text} className={styles.text} />
                  </TableCell>
                  <TableCell className={styles.narrow}>{formatNumber(question.attempted, lang, 0)}</TableCell>
                  <TableCell data-testid="question-facility">{formatShare(question.facility, lang)}</TableCell>
                  <TableCell
                    data-testid="question-discrimination"
                    className={question.discrimination != null && question.discrimination < 0 ? styles.negative : undefined}
                  >
                    {formatFixed(question.discrimination, lang)}
                  </TableCell>
                  <TableCell>
                    <span className={styles.flags}>
                      {question.flags.map((flag) => (
                        <Badge
                          key={flag}
                          size="small"
                          appearance={SEVERE_FLAGS.has(flag) ? 'filled' : 'tint'}
                          color={SEVERE_FLAGS.has(flag) ? 'danger' : 'warning'}
                          data-testid={`flag-${flag}`}
                        >
                          {t(`results.flag.${flag}`)}
                        </Badge>
                      ))}
                    </span>
                  </TableCell>
                </TableRow>
                {open === question.questionId && (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <div className={styles.detail} data-testid="question-detail">
                        <MathText text={question.text} />
                        <Caption1>
                          {t('results.questionCounts', {
                            correct: formatNumber(question.correct, lang, 0),
                            wrong: formatNumber(question.wrong, lang, 0),
                            skipped: formatNumber(question.skipped, lang, 0),
                          })}
                        </Caption1>
                        {question.options.length > 0 ? <DistractorChart question={question} /> : <Caption1>{t('results.noOptions')}</Caption1>}
                      </div>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </div>
      {shown.length === 0 && <Text align="center">{flaggedOnly ? t('results.noFlagged') : t('results.noQuestions')}</Text>}
    </section>
  );
}
