import { useEffect, useMemo } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import 'katex/dist/katex.min.css';
import { LanguagePicker } from '../language/LanguagePicker';
import { EmptyState } from '../../app/EmptyState';
import { Instructions, Landing } from './Landing';
import { ResultView } from './ResultView';
import { useStudentStyles } from './styles';
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
  const state = useStudentTest(mode);
  const title = state.attempt?.testName ?? state.info?.name ?? t('student.pageTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className={styles.page} data-testid="student-page" data-phase={state.phase}>
      <header className={styles.top}>
        <span className={styles.topTitle} title={title}>
          {title}
        </span>
        {state.phase === 'test' && <HeaderTimer state={state} />}
        <LanguagePicker compact />
      </header>
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
