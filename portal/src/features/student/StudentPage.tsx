import { useEffect, useMemo, type CSSProperties } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import 'katex/dist/katex.min.css';
import { LanguagePicker } from '../language/LanguagePicker';
import { EmptyState } from '../../app/EmptyState';
import { useContentLanguageFonts, useServedFonts } from '../../app/useTestFonts';
import { ContentLanguageSwitch } from './ContentLanguageSwitch';
import { localizeAttempt, localizeInfo, localizeResult, useContentLanguage } from './contentLanguage';
import { Instructions, Landing } from './Landing';
import { ResultView } from './ResultView';
import { CONTENT_FONT_VAR, useStudentStyles } from './styles';
import { HeaderTimer, TakeTest } from './TakeTest';
import { useStudentTest, type Mode } from './useStudentTest';

/**
 * The student page of a free test (decisions section 5), outside the tutor's shell: identify,
 * instructions, the test, the result. Phones first; the language follows the browser until the
 * student picks one. `/t/preview/{testId}` is the same page for the test's tutor, recording nothing.
 */
export function StudentPage({ mode }: { mode: Mode }) {
  const styles = useStudentStyles();
  const { t } = useTranslation();
  const raw = useStudentTest(mode);
  // A multilingual test is read in the language the student picks (issue 17); only its text changes.
  const languages = raw.attempt?.languages ?? raw.result?.languages ?? raw.info?.languages ?? [];
  const [language, setLanguage] = useContentLanguage(languages, mode.kind === 'student' ? mode.sharedTestId : `preview.${mode.testId}`);
  const attempt = useMemo(() => raw.attempt && localizeAttempt(raw.attempt, language), [raw.attempt, language]);
  const result = useMemo(() => raw.result && localizeResult(raw.result, language), [raw.result, language]);
  const info = useMemo(() => raw.info && localizeInfo(raw.info, language), [raw.info, language]);
  const state = { ...raw, attempt, result, info };
  // The test's fonts, its uploaded faces as @font-face, as in the editor and print (issue 17).
  // The chosen language's font as the portal ships it (a Korean test on a page in English), after the test's faces.
  // Every language of the test is loaded (the switch names each in itself), the chosen one's first.
  const languageFonts = useContentLanguageFonts(language ? [language, ...languages.filter((one) => one !== language)] : []);
  const fonts = useServedFonts(raw.attempt?.fonts ?? raw.result?.fonts ?? raw.info?.fonts, languageFonts.fallback);
  // Given to the test's text only (cards, titles: see styles.ts), not to the page's own words.
  const contentFont = fonts.style?.fontFamily ? ({ [CONTENT_FONT_VAR]: fonts.style.fontFamily } as CSSProperties) : undefined;
  const title = state.attempt?.testName ?? state.info?.name ?? t('student.pageTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className={styles.page} style={contentFont} data-testid="student-page" data-phase={state.phase} data-content-language={language ?? undefined}>
      <header className={styles.top}>
        <span className={styles.topTitle} title={title}>
          {title}
        </span>
        {state.phase === 'test' && <HeaderTimer state={state} />}
        <LanguagePicker compact />
      </header>
      {language && languages.length > 1 && state.phase !== 'loading' && state.phase !== 'failed' && (
        <ContentLanguageSwitch languages={languages} language={language} onChange={setLanguage} fontFamily={languageFonts.fallback} />
      )}
      {mode.kind === 'preview' && (
        <MessageBar intent="info" data-testid="student-preview-banner">
          <MessageBarBody>{t('student.preview')}</MessageBarBody>
        </MessageBar>
      )}
      {(state.phase === 'loading' || state.phase === 'submitting') && (
        <Spinner style={{ marginTop: '20vh' }} label={state.phase === 'loading' ? t('student.loading') : t('student.submitting')} />
      )}
      {state.phase === 'failed' && (
        <div className={styles.column} data-testid="student-error">
          <EmptyState
            title={state.error?.notFound ? t('student.notFound') : t('student.loadFailed')}
            body={state.error?.notFound ? '' : (state.error?.message ?? '')}
          />
          {!state.error?.notFound && (
            <div className={styles.actions}>
              <Button onClick={() => void state.load()}>{t('student.retry')}</Button>
            </div>
          )}
        </div>
      )}
      {state.phase === 'landing' && (
        <div className={styles.column}>
          <Landing state={state} />
        </div>
      )}
      {state.phase === 'instructions' && (
        <div className={styles.column}>
          <Instructions state={state} />
        </div>
      )}
      {state.phase === 'test' && <TakeTest state={state} />}
      {state.phase === 'result' && <ResultView state={state} />}
    </div>
  );
}

/** `/t/{sharedTestId}`. */
export function StudentTestRoute() {
  const { sharedTestId = '' } = useParams();
  const mode = useMemo<Mode>(() => ({ kind: 'student', sharedTestId }), [sharedTestId]);
  return <StudentPage key={sharedTestId} mode={mode} />;
}

/** `/t/preview/{testId}` (signed-in tutors). */
export function StudentPreviewRoute() {
  const { testId = '' } = useParams();
  const mode = useMemo<Mode>(() => ({ kind: 'preview', testId }), [testId]);
  return <StudentPage key={testId} mode={mode} />;
}

export default StudentTestRoute;
