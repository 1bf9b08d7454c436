import { useEffect, useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Switch, Title2, tokens } from '@fluentui/react-components';
import { DocumentPdf20Regular, Print20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import type { EditorTest } from '@shared/api/testTypes';
import type { ChildQuestion, Question } from '@shared/domain/test/types';
import { fromDurationMs } from '@shared/domain/duration';
import 'katex/dist/katex.min.css';
import { useApi } from '../../app/apiContext';
import { RichText } from '../../app/RichText';
import { useTestFonts } from '../../app/useTestFonts';
import { usePdfExport } from './usePdfExport';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    justifyContent: 'flex-end',
    marginBottom: tokens.spacingVerticalL,
    '@media print': { display: 'none' },
  },
  paper: {
    maxWidth: '780px',
    margin: '0 auto',
    fontSize: '15px',
    lineHeight: 1.5,
    color: '#000',
    '& img': { maxWidth: '100%', height: 'auto' },
    '& table': { borderCollapse: 'collapse' },
    '& td, & th': { border: '1px solid #666', padding: '2px 6px' },
    '& p': { margin: '0 0 4px' },
  },
  title: { fontSize: '24px', fontWeight: 700, margin: '0 0 4px', textAlign: 'center' },
  meta: { textAlign: 'center', marginBottom: '16px', color: '#333' },
  section: { breakBefore: 'auto', marginTop: '20px' },
  sectionTitle: { fontSize: '18px', fontWeight: 700, borderBottom: '1px solid #000', paddingBottom: '2px' },
  question: { breakInside: 'avoid', display: 'grid', gridTemplateColumns: '40px 1fr auto', columnGap: '6px', marginTop: '12px' },
  number: { fontWeight: 700 },
  marks: { color: '#333', whiteSpace: 'nowrap' },
  options: { gridColumn: '2 / 4', listStyle: 'none', margin: '4px 0 0', padding: 0, display: 'grid', gap: '2px' },
  option: { display: 'flex', gap: '6px' },
  correct: { fontWeight: 700, textDecoration: 'underline' },
  answer: { gridColumn: '2 / 4', marginTop: '4px', padding: '4px 8px', borderLeft: '3px solid #555', backgroundColor: '#f3f3f3' },
  blank: { gridColumn: '2 / 4', marginTop: '6px', borderBottom: '1px dotted #000', height: '20px', width: '50%' },
  paragraph: { gridColumn: '1 / 4', padding: '6px 8px', border: '1px solid #999', marginTop: '12px', breakInside: 'avoid' },
});

const letter = (index: number) => String.fromCharCode(65 + index);

/**
 * `/printPdf/{id}`: the whole test laid out for paper (sections, numbering, options, maths,
 * pictures), with or without the answer key. Print opens the browser's print dialog; Export as
 * PDF downloads the same page printed by the server (see usePdfExport).
 */
export function PrintPage({ testId }: { testId: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const api = useApi();
  const [test, setTest] = useState<EditorTest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [withAnswers, setWithAnswers] = useState(new URLSearchParams(window.location.search).get('answers') === 'true');
  const { exporting, exportPdf } = usePdfExport(testId, test?.name ?? 'test');
  // The test's fonts, uploaded faces loaded before the paper shows: the PDF is printed once it does.
  const fonts = useTestFonts(test?.settings.fonts.list);

  useEffect(() => {
    const controller = new AbortController();
    api.getTest(testId, controller.signal).then(setTest, (failure) => !controller.signal.aborted && setError(errorMessage(failure)));
    return () => controller.abort();
  }, [api, testId]);

  if (error) {
    return (
      <div>
        <Title2 as="h1">{t('home.printTitle')}</Title2>
        <MessageBar intent="error" data-testid="print-error" style={{ marginTop: 16 }}>
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  if (!test || !fonts.ready) return <Spinner label={t('common.loading')} />;
  const { hours, minutes } = fromDurationMs(test.duration);
  let number = 0;

  const renderQuestion = (question: ChildQuestion) => {
    number += 1;
    return (
      <div key={question._id} className={styles.question} data-testid="print-question">
        <span className={styles.number}>{number}.</span>
        <RichText html={question.name} />
        <span className={styles.marks}>{t('print.marks', { count: question.marks.positive })}</span>
        {(question.type === 'multiple_choice' || question.type === 'true_false') && (
          <ol className={styles.options}>
            {question.options.map((option, index) => (
              <li key={option.id} className={`${styles.option} ${withAnswers && option.isCorrect ? styles.correct : ''}`}>
                <span>({letter(index)})</span>
                <RichText html={option.name} as="span" />
              </li>
            ))}
          </ol>
        )}
        {(question.type === 'fill_ups' || question.type === 'integer') && !withAnswers && <div className={styles.blank} />}
        {withAnswers && <AnswerKey question={question} />}
      </div>
    );
  };

  const renderItem = (question: Question) =>
    question.type === 'comprehension' ? (
      <div key={question._id}>
        <RichText html={question.paragraph} className={styles.paragraph} />
        {question.questions.map(renderQuestion)}
      </div>
    ) : (
      renderQuestion(question)
    );

  return (
    <div>
      <div className={styles.bar}>
        <Switch checked={withAnswers} onChange={(_, data) => setWithAnswers(data.checked)} label={t('print.withAnswers')} />
        <Button icon={<Print20Regular />} onClick={() => window.print()}>
          {t('print.print')}
        </Button>
        <Button
          appearance="primary"
          icon={exporting ? <Spinner size="tiny" /> : <DocumentPdf20Regular />}
          disabled={exporting}
          onClick={() => void exportPdf(withAnswers)}
          data-testid="export-pdf"
        >
          {t('print.exportPdf')}
        </Button>
      </div>
      <article className={styles.paper} style={fonts.style} data-testid="print-paper">
        <h1 className={styles.title}>{test.name}</h1>
        <div className={styles.meta}>{t('print.summary', { questions: test.totalNumberOfQuestions, marks: test.totalMarks, hours, minutes })}</div>
        {test.instructions && <RichText html={test.instructions} />}
        {test.sections.map((section) => (
          <section key={section._id} className={styles.section}>
            <h2 className={styles.sectionTitle}>{section.name}</h2>
            {section.instructions && <RichText html={section.instructions} />}
            {section.questions.map(renderItem)}
          </section>
        ))}
      </article>
    </div>
  );
}

/** The key under a question: its correct options, accepted answers, or integer answer, and the solution. */
function AnswerKey({ question }: { question: ChildQuestion }) {
  const styles = useStyles();
  const { t } = useTranslation();
  let answer = '';
  if (question.type === 'multiple_choice' || question.type === 'true_false') {
    answer = question.options.flatMap((option, index) => (option.isCorrect ? [letter(index)] : [])).join(', ');
  } else if (question.type === 'fill_ups') {
    answer = question.options.map((option) => (option.type === 'range' ? `${option.floor} – ${option.cap}` : option.nameText)).join('; ');
  }
  return (
    <div className={styles.answer} data-testid="print-answer">
      {answer && (
        <div>
          <strong>{t('print.answer')}</strong> {answer}
        </div>
      )}
      {question.solution && (
        <div>
          <strong>{question.type === 'integer' ? t('print.answer') : t('print.solution')}</strong> <RichText html={question.solution} as="span" />
        </div>
      )}
    </div>
  );
}
