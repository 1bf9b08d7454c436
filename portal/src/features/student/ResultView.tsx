import { Badge, Button, MessageBar, MessageBarBody, mergeClasses, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { StudentResultQuestion } from '@shared/api/students';
import { RichText } from '../../app/RichText';
import { useFormatTime } from './Landing';
import { ReportButton } from './ReportDialog';
import { useStudentStyles } from './styles';
import type { StudentTestState } from './useStudentTest';

const OUTCOME_COLOURS = { correct: 'success', partial: 'warning', wrong: 'danger', unattempted: 'informative' } as const;

/** One question of the result: the student's answer, its outcome and score, and what the settings reveal. */
function ResultQuestion({ question, state }: { question: StudentResultQuestion; state: StudentTestState }) {
  const styles = useStudentStyles();
  const { t } = useTranslation();
  const chosen = new Set(question.answer?.selected ?? []);
  return (
    <section className={styles.card} data-testid="student-result-question" data-outcome={question.outcome}>
      <div className={styles.questionHead}>
        <Text weight="semibold">{t('student.question', { number: question.number })}</Text>
        <Badge appearance="filled" color={OUTCOME_COLOURS[question.outcome]}>
          {t(`student.${question.outcome}`)}
        </Badge>
        <Text className={styles.muted}>{t('student.points', { score: question.score, count: question.maxScore })}</Text>
        {question.counted === false && (
          <Badge appearance="outline" color="informative" data-testid="student-not-counted">
            {t('student.notCounted')}
          </Badge>
        )}
      </div>
      <RichText html={question.name} />
      {question.options && (
        <div className={styles.options}>
          {question.options.map((option) => (
            <div
              key={option.id}
              className={mergeClasses(
                styles.option,
                chosen.has(option.id) && styles.optionChosen,
                option.isCorrect === true && styles.optionCorrect,
                option.isCorrect === false && chosen.has(option.id) && styles.optionWrong,
              )}
            >
              <input
                type={question.isMultiSelect ? 'checkbox' : 'radio'}
                checked={chosen.has(option.id)}
                readOnly
                disabled
                aria-label={t('student.yourAnswer')}
              />
              <RichText as="span" html={option.name} />
              {option.isCorrect && (
                <Badge appearance="tint" color="success">
                  {t('student.correctAnswer')}
                </Badge>
              )}
            </div>
          ))}
        </div>
      )}
      {question.blanks?.map((blank) => (
        <Text key={blank.id}>
          {t('student.blank', { number: blank.number })}: <b>{question.answer?.blanks?.[blank.id] || t('student.noAnswer')}</b>
          {blank.accepted && <span className={styles.muted}> · {t('student.accepted', { answers: blank.accepted.join(' / ') })}</span>}
        </Text>
      ))}
      {question.type === 'integer' && (
        <Text>
          {t('student.yourAnswer')}: <b>{question.answer?.value || t('student.noAnswer')}</b>
          {question.correctValue !== undefined && (
            <span className={styles.muted}>
              {' '}
              · {t('student.correctAnswer')}: {question.correctValue}
            </span>
          )}
        </Text>
      )}
      {question.solution && (
        <div className={styles.reveal}>
          <Text weight="semibold">{t('student.solution')}</Text>
          <RichText html={question.solution} />
        </div>
      )}
      <div className={styles.actions}>
        <ReportButton number={question.number} isPreview={state.mode.kind === 'preview'} onReport={(reason) => state.report(question.id, reason)} />
      </div>
    </section>
  );
}

/** The result page (decisions section 5): score (and that a re-evaluation changed it), outcomes, reveals. */
export function ResultView({ state }: { state: StudentTestState }) {
  const styles = useStudentStyles();
  const { t } = useTranslation();
  const time = useFormatTime();
  const result = state.result!;
  const questions = result.sections.flatMap((s) =>
    s.questions.flatMap<{ c: StudentResultQuestion; parent: StudentResultQuestion | null }>((q) =>
      q.children ? q.children.map((c) => ({ c, parent: q })) : [{ c: q, parent: null }],
    ),
  );
  return (
    <div className={styles.column} data-testid="student-result">
      <section className={styles.card}>
        <h1 className={styles.title}>{t('student.resultTitle')}</h1>
        <Text>
          {result.testName}
          {result.studentName ? ` · ${result.studentName}` : ''}
        </Text>
        <div>
          <Text className={styles.muted}>{t('student.score')}</Text>
          <div className={styles.score} data-testid="student-score">
            {t('student.scoreOf', { score: result.score, max: result.maxScore })}
          </div>
        </div>
        <Text>{t('student.counts', result.counts)}</Text>
        {result.scoreChanged && (
          <MessageBar intent="info" data-testid="student-score-changed">
            <MessageBarBody>{t('student.scoreChanged', { score: result.originalScore })}</MessageBarBody>
          </MessageBar>
        )}
        {!result.answersRevealed && (
          <MessageBar intent="info" data-testid="student-reveal">
            <MessageBarBody>{result.revealAt ? t('student.revealLater', { time: time(result.revealAt) }) : t('student.answersHidden')}</MessageBarBody>
          </MessageBar>
        )}
        {state.mode.kind === 'student' && (
          <div className={styles.actions}>
            <Button onClick={state.restart} data-testid="student-again">
              {t('student.takeAgain')}
            </Button>
          </div>
        )}
      </section>
      {questions.map(({ c, parent }) => (
        <div key={c.id}>
          {parent && c === parent.children![0] && (
            <section className={styles.card} style={{ marginBottom: 8 }}>
              <RichText html={parent.name} />
              <div className={styles.passage}>
                <RichText html={parent.paragraph ?? ''} />
              </div>
            </section>
          )}
          <ResultQuestion question={c} state={state} />
        </div>
      ))}
    </div>
  );
}
