import { useEffect, useState } from 'react';
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Select, Spinner, Switch, Title2, tokens } from '@fluentui/react-components';
import { DocumentPdf20Regular, Print20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import type { EditorTest } from '@shared/api/testTypes';
import type { ChildQuestion, Question } from '@shared/domain/test/types';
import { contentLanguageCode, contentLanguageName, questionTextIn } from '@shared/domain/test/translations';
import { isBlankHtml } from '@shared/domain/test/html';
import { fromDurationMs } from '@shared/domain/duration';
import 'katex/dist/katex.min.css';
import { useApi } from '../../app/apiContext';
import { RichText } from '../../app/RichText';
import { useContentLanguageFonts, useTestFonts } from '../../app/useTestFonts';
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
  /** All languages: each translation under the question, marked with its language. */
  translation: { gridColumn: '2 / 4', marginTop: '6px', paddingLeft: '8px', borderLeft: '2px solid #999' },
  languageTag: { fontSize: '11px', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.04em', color: '#444' },
  subtitle: { textAlign: 'center', fontSize: '17px', margin: '0 0 2px', color: '#222' },
});

/** `all`: every language of the test, each question followed by its translations (docs/decisions.md). */
export const ALL_LANGUAGES = 'all';

/** One language's text of a question, the first language's where a part is not translated. */
function textIn(question: Question, language: string, first: string) {
  const own = questionTextIn(question, first, first);
  const text = questionTextIn(question, language, first);
  const pick = (translated: string, fallback: string) => (isBlankHtml(translated) ? fallback : translated);
  return {
    translated: text.translated,
    name: pick(text.name, own.name),
    paragraph: pick(text.paragraph, own.paragraph),
    solution: pick(text.solution, own.solution),
    option: (id: string) => pick(text.options.get(id) ?? '', own.options.get(id) ?? ''),
  };
}

/** The test's name or instructions in a language, its own where not translated. */
const testTextIn = (test: EditorTest, language: string, field: 'name' | 'instructions') => {
  const translated = test.translations[language]?.[field];
  return translated && !isBlankHtml(translated) ? translated : test[field];
};

const letter = (index: number) => String.fromCharCode(65 + index);

/**
 * `/printPdf/{id}`: the whole test laid out for paper (sections, numbering, options, maths,
 * pictures), with or without the answer key. Print opens the browser's print dialog; Export as
 * PDF downloads the same page printed by the server (see usePdfExport).
 */
export function PrintPage({ testId }: { testId: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [test, setTest] = useState<EditorTest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = new URLSearchParams(window.location.search);
  const [withAnswers, setWithAnswers] = useState(search.get('answers') === 'true');
  // A multilingual test prints in one of its languages, or in all of them (issue 17): `?lang=`.
  const [chosenLanguage, setChosenLanguage] = useState(search.get('lang'));
  const { exporting, exportPdf } = usePdfExport(testId, test?.name ?? 'test');
  // The languages printed: the chosen one, every one, or none for a test in one language.
  const languages = test?.isMultilingual && test.languagesList.length > 1 ? test.languagesList : [];
  const language = chosenLanguage === ALL_LANGUAGES || languages.includes(chosenLanguage ?? '') ? chosenLanguage! : (languages[0] ?? '');
  const printed = !languages.length ? [] : language === ALL_LANGUAGES ? languages : [language];
  // Their fonts as the portal ships them (Korean on a page in English), and the test's own faces,
  // uploaded ones loaded before the paper shows: the PDF is printed once it does.
  const languageFonts = useContentLanguageFonts(printed);
  const fonts = useTestFonts(test?.settings.fonts.list, languageFonts.fallback);

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
  if (!test || !fonts.ready || !languageFonts.ready) return <Spinner label={t('common.loading')} />;
  const { hours, minutes } = fromDurationMs(test.duration);
  const first = languages[0] ?? '';
  const all = language === ALL_LANGUAGES;
  const languageName = (one: string) => contentLanguageName(one, i18n.language);
  const lang = (one: string) => contentLanguageCode(one) ?? undefined;
  const chooseLanguage = (next: string) => {
    setChosenLanguage(next);
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(window.history.state, '', url);
  };
  let number = 0;

  /** The question's text and options in one language (in all languages, marked with its name). */
  const renderText = (question: ChildQuestion, one: string | null, index: number) => {
    const text = one ? textIn(question, one, first) : null;
    const options = question.type === 'multiple_choice' || question.type === 'true_false' ? question.options : null;
    const body = (
      <>
        <RichText html={text?.name ?? question.name} />
        {options && (
          <ol className={styles.options} style={all ? { gridColumn: 'auto' } : undefined}>
            {options.map((option, i) => (
              <li key={option.id} className={`${styles.option} ${withAnswers && option.isCorrect ? styles.correct : ''}`}>
                <span>({letter(i)})</span>
                <RichText html={text?.option(option.id) ?? option.name} as="span" />
              </li>
            ))}
          </ol>
        )}
      </>
    );
    if (!all || !one) return <div key={one ?? 'own'}>{body}</div>;
    // In all languages a language with no text of its own for the question is left out, not repeated.
    if (index > 0 && !text!.translated) return null;
    return (
      <div key={one} className={index > 0 ? styles.translation : undefined} lang={lang(one)} data-testid="print-translation" data-language={one}>
        <div className={styles.languageTag}>{languageName(one)}</div>
        {body}
      </div>
    );
  };

  const renderQuestion = (question: ChildQuestion) => {
    number += 1;
    const solutionIn = (one: string) => textIn(question, one, first).solution;
    return (
      <div key={question._id} className={styles.question} data-testid="print-question">
        <span className={styles.number}>{number}.</span>
        <div>{printed.length ? printed.map((one, i) => renderText(question, one, i)) : renderText(question, null, 0)}</div>
        <span className={styles.marks}>{t('print.marks', { count: question.marks.positive })}</span>
        {(question.type === 'fill_ups' || question.type === 'integer') && !withAnswers && <div className={styles.blank} />}
        {withAnswers && (
          <AnswerKey question={question} solutions={printed.length && question.type !== 'integer' ? printed.map(solutionIn) : [question.solution]} />
        )}
      </div>
    );
  };

  const renderItem = (question: Question) =>
    question.type === 'comprehension' ? (
      <div key={question._id}>
        {printed.length ? (
          printed.map((one, i) =>
            i > 0 && !textIn(question, one, first).translated ? null : (
              <RichText key={one} html={textIn(question, one, first).paragraph} className={styles.paragraph} />
            ),
          )
        ) : (
          <RichText html={question.paragraph} className={styles.paragraph} />
        )}
        {question.questions.map(renderQuestion)}
      </div>
    ) : (
      renderQuestion(question)
    );

  const titles = printed.length ? printed.map((one) => testTextIn(test, one, 'name')) : [test.name];
  const instructions = printed.length ? printed.map((one) => testTextIn(test, one, 'instructions')) : [test.instructions];

  return (
    <div>
      <div className={styles.bar}>
        {languages.length > 0 && (
          <Field label={t('print.language')} orientation="horizontal">
            <Select value={language} onChange={(_, data) => chooseLanguage(data.value)} data-testid="print-language">
              {languages.map((one) => (
                <option key={one} value={one}>
                  {languageName(one)}
                </option>
              ))}
              <option value={ALL_LANGUAGES}>{t('print.allLanguages')}</option>
            </Select>
          </Field>
        )}
        <Switch checked={withAnswers} onChange={(_, data) => setWithAnswers(data.checked)} label={t('print.withAnswers')} />
        <Button icon={<Print20Regular />} onClick={() => window.print()}>
          {t('print.print')}
        </Button>
        <Button
          appearance="primary"
          icon={exporting ? <Spinner size="tiny" /> : <DocumentPdf20Regular />}
          disabled={exporting}
          onClick={() => void exportPdf(withAnswers, languages.length ? language : undefined)}
          data-testid="export-pdf"
        >
          {t('print.exportPdf')}
        </Button>
      </div>
      <article
        className={styles.paper}
        style={fonts.style}
        lang={!all && printed.length ? lang(language) : undefined}
        data-testid="print-paper"
        data-language={printed.length ? language : undefined}
      >
        <h1 className={styles.title}>{titles[0]}</h1>
        {[...new Set(titles.slice(1))]
          .filter((title) => title !== titles[0])
          .map((title) => (
            <p key={title} className={styles.subtitle}>
              {title}
            </p>
          ))}
        <div className={styles.meta}>{t('print.summary', { questions: test.totalNumberOfQuestions, marks: test.totalMarks, hours, minutes })}</div>
        {[...new Set(instructions)].filter(Boolean).map((html) => (
          <RichText key={html} html={html} />
        ))}
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
function AnswerKey({ question, solutions }: { question: ChildQuestion; solutions: string[] }) {
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
      {[...new Set(solutions)]
        .filter((solution) => !isBlankHtml(solution))
        .map((solution) => (
          <div key={solution}>
            <strong>{question.type === 'integer' ? t('print.answer') : t('print.solution')}</strong> <RichText html={solution} as="span" />
          </div>
        ))}
    </div>
  );
}
