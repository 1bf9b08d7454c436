import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Link, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DialogFrame } from '../../app/DialogFrame';
import { ArrowLeftRegular, DataHistogramRegular, ErrorCircleRegular, EyeRegular, PrintRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { editorValidation, loadTest, sectionSelected, selectedSection, editorClosed, selectEditor, reloadAfterChange } from './editorState';
import { pickLanguage } from '@shared/i18n/languages';
import type { ValidationError } from '@shared/domain/test';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../app/EmptyState';
import { previewPath, resultsPath } from '../../app/routes';
import { SectionsPanel } from './SectionsPanel';
import { QuestionList } from './QuestionList';
import { TestMenu } from './testDialogs/TestMenu';
import { FreeTestButton } from '../freeTest/FreeTestButton';
import { ShareTestButton } from './ShareTestButton';
import { LanguageSwitch } from './multilingual/LanguageSwitch';
import { AttemptedEditsBar } from './AttemptedEdits';
import { bar, stickyTop } from '../../app/surfaces';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  bar: {
    ...bar,
    ...stickyTop,
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    flexWrap: 'wrap',
  },
  title: {
    flex: '1 1 200px',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  totals: { display: 'flex', gap: tokens.spacingHorizontalL, flexShrink: 0 },
  body: {
    display: 'grid',
    gridTemplateColumns: 'minmax(220px, 300px) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  validation: {
    padding: tokens.spacingVerticalS,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  errors: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '2px' },
});

/** The test editor (spec section 2, editTest): header bar, sections panel, the selected section's questions, live validation. */
export function EditorPage({ library, testId }: { library: 'local' | 'global'; testId: string }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const editor = useAppSelector((s) => selectEditor(s));
  const user = useAppSelector((s) => s.auth.user);
  const [leaving, setLeaving] = useState(false);
  // The question a validation link asked for; `seq` makes a second click on the same link scroll again.
  const [highlighted, setHighlighted] = useState<{ id: string | null; seq: number }>({ id: null, seq: 0 });
  const language = pickLanguage(i18n.language);
  const errors = useMemo(() => editorValidation(editor, language), [editor.test, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const section = selectedSection(editor);
  const test = editor.test;
  const readOnly = Boolean(test?.isGlobal && !user?.isCLPEditor);
  const libraryPath = `/home/${library}/${test?.parentFolder ?? '0'}`;

  useEffect(() => {
    void dispatch(loadTest(testId));
    return () => {
      dispatch(editorClosed());
    };
  }, [dispatch, testId]);

  // Questions of this test restored from the Trash (the toast's Undo, issue 17): the test is read again.
  // Only restores made while the editor is open count (not one made before it opened).
  const restored = useAppSelector((s) => s.ui.restored);
  const [restoredAtOpen] = useState(restored.seq);
  useEffect(() => {
    if (restored.seq > restoredAtOpen && restored.testIds.includes(testId)) void dispatch(reloadAfterChange());
  }, [dispatch, restored, restoredAtOpen, testId]);

  // Leaving the page (reload, tab close) while a write is under way asks the browser's question.
  useEffect(() => {
    if (!editor.saving) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [editor.saving]);

  const goToError = (error: ValidationError) => {
    if (error.sectionId) dispatch(sectionSelected(error.sectionId));
    // The question list scrolls it into view (it may not be rendered yet: long lists are virtual).
    setHighlighted((current) => ({ id: error.questionId, seq: current.seq + 1 }));
  };

  const back = (event: React.MouseEvent) => {
    event.preventDefault();
    // Unpublished edits of an attempted test: the navigation is held by AttemptedEditsBar's own prompt.
    if ((editor.edited || editor.saving) && editor.attemptedEdits.length === 0) setLeaving(true);
    else navigate(libraryPath);
  };

  return (
    <div className={styles.page} data-testid="editor-page">
      <header className={styles.bar}>
        <Link href={libraryPath} onClick={back} data-testid="editor-back" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, flexShrink: 0 }}>
          <ArrowLeftRegular /> {library === 'global' ? t('header.globalLibrary') : t('header.myLibrary')}
        </Link>
        <h1 className={styles.title} title={test?.name} data-testid="editor-test-name">
          {test?.name ?? (editor.status === 'failed' ? t('editor.loadFailed') : t('common.loading'))}
        </h1>
        {test && (
          <div className={styles.totals}>
            <Text data-testid="editor-total-marks">{t('editor.totalMarks', { count: test.totalMarks })}</Text>
            <Text data-testid="editor-total-questions">{t('editor.totalQuestions', { count: test.totalNumberOfQuestions })}</Text>
            {editor.saving > 0 && <Spinner size="tiny" label={t('editor.saving')} />}
          </div>
        )}
        <LanguageSwitch />
        {test && (
          <Button as="a" href={`/printPdf/${test._id}`} target="_blank" rel="noopener" icon={<PrintRegular />} data-testid="editor-print">
            {t('editor.printLink')}
          </Button>
        )}
        {test && (
          <Button as="a" href={previewPath(test._id)} target="_blank" rel="noopener" icon={<EyeRegular />} data-testid="editor-preview">
            {t('student.previewAction')}
          </Button>
        )}
        {test && !test.isGlobal && <FreeTestButton testId={test._id} testName={test.name} />}
        {test && user?.allowSharing && (!test.isGlobal || user.isCLPEditor) && <ShareTestButton test={test} />}
        {test && !test.isGlobal && (
          <Button
            as="a"
            href={resultsPath(library, test._id)}
            onClick={(event) => {
              event.preventDefault();
              navigate(resultsPath(library, test._id));
            }}
            icon={<DataHistogramRegular />}
            data-testid="editor-results"
          >
            {t('results.menu')}
          </Button>
        )}
        {test && !readOnly && <TestMenu test={test} />}
      </header>

      {editor.conflict && (
        <MessageBar intent="warning" data-testid="editor-conflict">
          <MessageBarBody>{editor.conflict}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => dispatch(loadTest(testId))}>{t('editor.reload')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      {test?.isAttempted && !readOnly && <AttemptedEditsBar />}

      {editor.status === 'loading' && !test && <Spinner label={t('common.loading')} />}
      {editor.status === 'failed' && (
        <div data-testid="editor-error">
          <EmptyState title={editor.error ?? t('editor.loadFailed')} body={t('editor.loadFailedBody')} />
          <Button onClick={() => dispatch(loadTest(testId))}>{t('editor.retry')}</Button>
        </div>
      )}

      {test && (
        <>
          {errors.length > 0 && (
            <section className={styles.validation} data-testid="validation-panel" aria-label={t('editor.validationTitle')}>
              <Text weight="semibold" style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                <ErrorCircleRegular /> {t('editor.validationTitle', { count: errors.length })}
              </Text>
              <ul className={styles.errors}>
                {errors.map((error, i) => (
                  <li key={`${error.type}:${error.sectionId}:${error.questionId}:${i}`} data-testid="validation-error" data-type={error.type}>
                    <Link as="button" onClick={() => goToError(error)}>
                      {where(error, t)}
                      {error.msg}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className={styles.body}>
            <SectionsPanel readOnly={readOnly} />
            {section ? (
              <QuestionList section={section} readOnly={readOnly} highlight={highlighted} />
            ) : (
              <EmptyState title={t('editor.noSectionTitle')} body={t('editor.noSectionBody')} />
            )}
          </div>
        </>
      )}

      {leaving && (
        <DialogFrame
          title={t('editor.leaveTitle')}
          dataTestId="confirm-navigate-home"
          onDismiss={() => setLeaving(false)}
          plain
          surface={{ 'aria-describedby': undefined }}
          actions={
            <>
              <Button onClick={() => setLeaving(false)}>{t('editor.stay')}</Button>
              <Button appearance="primary" onClick={() => navigate(libraryPath)}>
                {t('editor.leave')}
              </Button>
            </>
          }
        >
          {editor.saving ? t('editor.leaveSavingBody') : t('editor.leaveBody', { count: editor.actionCount })}
        </DialogFrame>
      )}
    </div>
  );
}

function where(error: ValidationError, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (error.questionOrder != null) {
    const n = error.parentQuestionOrder != null ? `${error.parentQuestionOrder}.${error.questionOrder}` : String(error.questionOrder);
    return `${t('editor.errorAtQuestion', { section: error.sectionOrder, n })} `;
  }
  if (error.sectionOrder != null) return `${t('editor.errorAtSection', { section: error.sectionOrder })} `;
  return '';
}
