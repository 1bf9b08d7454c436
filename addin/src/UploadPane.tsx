import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Caption1,
  Dropdown,
  Field,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Spinner,
  Toast,
  Toaster,
  ToastTitle,
  tokens,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { DocumentSearch20Regular, Open16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ParserEngineInfo } from '@shared/api/parser';
import type { ParserEngine } from '@shared/parser/engines';
import { blocksUpload } from '@shared/parser/types';
import { wordGuideUrl, wordSampleUrl } from '@shared/parser/links';
import { UploadPrompts } from '@shared/ui/wordUpload/UploadPrompts';
import { ParseSummary } from '@shared/ui/wordUpload/ParseSummary';
import { ProblemList } from '@shared/ui/wordUpload/ProblemList';
import { QuestionPreview } from '@shared/ui/wordUpload/QuestionPreview';
import { placementText } from '@shared/ui/wordUpload/placementText';
import { SectionChoice } from '@shared/ui/wordUpload/SectionChoice';
import { useWordUpload } from '@shared/ui/wordUpload/useWordUpload';
import { api } from './api';
import { ErrorBar } from './ErrorBar';
import { editorUrl, type UploadTarget } from './target';
import { OfficeReadError, readOpenDocument } from './word/readDocument';
import { selectParagraph } from './word/selectParagraph';

const useStyles = makeStyles({
  pane: { display: 'flex', flexDirection: 'column', gap: '12px' },
  // The action stays in reach below a long problem list.
  footer: {
    position: 'sticky',
    bottom: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    padding: '8px 0',
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  links: { display: 'flex', flexDirection: 'column', gap: '4px' },
});

/**
 * Reads the open document (getFileAsync, the whole .docx), parses it with the chosen engine,
 * shows what was found and what to fix (each problem selectable in Word), then uploads into the
 * target — the same code as the portal's Upload word file (shared/ui/wordUpload).
 */
export function UploadPane({ orgId, target, inWord }: { orgId: string; target: UploadTarget; inWord: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const upload = useWordUpload(api, orgId);
  const { state } = upload;
  const [readFailure, setReadFailure] = useState<string | null>(null);
  const [showFailure, setShowFailure] = useState<string | null>(null);
  const [useDocumentSections, setUseDocumentSections] = useState(false);
  const toasterId = useId('addin-toaster');
  const { dispatchToast } = useToastController(toasterId);

  const check = async () => {
    setReadFailure(null);
    setShowFailure(null);
    try {
      upload.read(await readOpenDocument(Office.context.document, Office.FileType.Compressed));
    } catch (error) {
      setReadFailure(t('addin.readFailed', { reason: error instanceof OfficeReadError ? error.message : String(error) }));
    }
  };

  const show = async (paragraph: number | null) => {
    setShowFailure(null);
    try {
      if (paragraph === null || !(await selectParagraph(paragraph))) setShowFailure(t('addin.paragraphGone'));
    } catch (error) {
      setShowFailure(t('addin.showFailed', { reason: error instanceof Error ? error.message : String(error) }));
    }
  };

  const parsed = 'parsed' in state ? state.parsed : null;
  const busy = state.step === 'reading' || state.step === 'checkingFonts' || state.step === 'uploading';
  const engines = useEnginesIn(i18n.language, orgId, upload.engines);
  const engineInfo = engines.find((e) => e.id === upload.engine);
  const canUpload = parsed !== null && (state.step === 'parsed' || state.step === 'failed') && !blocksUpload(parsed);

  return (
    <div className={styles.pane} data-testid="addin-upload" data-step={state.step}>
      <Toaster toasterId={toasterId} position="top" />
      {engines.length > 0 && (
        <Field label={t('wordUpload.engine')}>
          <Dropdown
            data-testid="addin-engine"
            value={engineInfo?.name ?? ''}
            selectedOptions={[upload.engine]}
            disabled={busy}
            onOptionSelect={(_, d) => d.optionValue && upload.chooseEngine(d.optionValue as ParserEngine)}
          >
            {engines.map((engine) => (
              <Option key={engine.id} value={engine.id} text={engine.name}>
                {engine.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      {engineInfo?.description && <Caption1>{engineInfo.description}</Caption1>}
      <Button appearance={parsed ? 'secondary' : 'primary'} icon={<DocumentSearch20Regular />} disabled={!inWord || busy} onClick={() => void check()}>
        {t('addin.checkDocument')}
      </Button>
      {!inWord && (
        <MessageBar intent="warning" data-testid="addin-not-in-word">
          <MessageBarBody>{t('addin.openInWord')}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorBar message={readFailure} dataTestId="addin-read-failed" />
      {state.step === 'reading' && <Spinner size="small" label={t('wordUpload.reading')} />}
      {parsed && state.step !== 'uploaded' && (
        <>
          <ParseSummary parsed={parsed} />
          <SectionChoice parsed={parsed} sectionName={target.sectionName} value={useDocumentSections} onChange={setUseDocumentSections} />
          <ErrorBar message={showFailure} />
          <ProblemList problems={parsed.problems} onShow={inWord ? (problem) => void show(problem.paragraph) : undefined} />
          <QuestionPreview parsed={parsed} pictureBytes={upload.pictureBytes} onShow={inWord ? (paragraph) => void show(paragraph) : undefined} />
        </>
      )}
      <UploadPrompts
        upload={upload}
        uploadFont={(file, face) => api.uploadFont(file, face)}
        onError={(message) =>
          dispatchToast(
            <Toast data-testid="addin-toast">
              <ToastTitle>{message}</ToastTitle>
            </Toast>,
            { intent: 'error' },
          )
        }
      />
      {state.step === 'uploaded' && (
        <MessageBar intent="success" layout="multiline" data-testid="addin-uploaded">
          <MessageBarBody>
            <div style={{ overflowWrap: 'anywhere' }}>
              {t('addin.uploadedTo', { count: state.placement.questions, test: target.testName, section: target.sectionName })}
            </div>
            <div style={{ overflowWrap: 'anywhere' }}>{placementText(t, state.placement, { withCount: false })}</div>
            <Link href={editorUrl(target.testId)} target="_blank" rel="noopener" data-testid="addin-open-editor">
              {t('addin.openInPortal')} <Open16Regular />
            </Link>
          </MessageBarBody>
        </MessageBar>
      )}
      {state.step === 'failed' && <ErrorBar message={t('wordUpload.uploadFailed', { reason: state.reason })} dataTestId="addin-upload-failed" />}
      {parsed && state.step !== 'uploaded' && (
        <div className={styles.footer}>
          {state.step === 'checkingFonts' && <Spinner size="tiny" label={t('wordUpload.checkingFonts')} />}
          {state.step === 'uploading' && state.progress && (
            <Field
              validationState="none"
              validationMessage={t(state.progress.phase === 'pictures' ? 'wordUpload.uploadingPictures' : 'wordUpload.uploadingQuestions', {
                done: state.progress.done,
                total: state.progress.total,
              })}
            >
              <ProgressBar value={state.progress.total ? state.progress.done / state.progress.total : 0} />
            </Field>
          )}
          <Button
            appearance="primary"
            disabled={!canUpload}
            onClick={() => void upload.upload({ testId: target.testId, sectionId: target.sectionId, useDocumentSections })}
            data-testid="addin-upload-button"
          >
            {t('wordUpload.upload', { count: parsed.questionCount })}
          </Button>
        </div>
      )}
      <div className={styles.links}>
        <Link href={wordGuideUrl(i18n.language)} target="_blank" rel="noopener">
          {t('wordUpload.guide')}
        </Link>
        <Link href={wordSampleUrl(i18n.language)} target="_blank" rel="noopener" download>
          {t('wordUpload.sample')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The engines' names and descriptions in the pane's language: the server words them in the
 * language of the request, and the shared hook reads them once (its choice of engine is kept).
 */
function useEnginesIn(language: string, orgId: string, listed: ParserEngineInfo[]): ParserEngineInfo[] {
  const [worded, setWorded] = useState<{ language: string; engines: ParserEngineInfo[] } | null>(null);
  const first = useRef(language);
  useEffect(() => {
    if (language === first.current && !worded) return; // the hook's own list is in this language
    let live = true;
    api.parserEngines(orgId).then(
      (engines) => live && setWorded({ language, engines }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language, orgId]);
  return worded?.language === language ? worded.engines : listed;
}
