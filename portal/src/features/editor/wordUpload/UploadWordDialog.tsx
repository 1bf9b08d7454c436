import { placementText } from '@shared/ui/wordUpload/placementText';
import { SectionChoice } from '@shared/ui/wordUpload/SectionChoice';
import { useEffect, useRef, useState } from 'react';
import { Caption1, Field, MessageBar, MessageBarBody, ProgressBar, Radio, RadioGroup, Spinner, Text } from '@fluentui/react-components';
import { DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { EditorSection } from '@shared/api/testTypes';
import type { ParserEngine } from '@shared/parser/engines';
import { blocksUpload } from '@shared/parser/types';
import { PAPER_FILES } from '@shared/parser/parseDocument';
import { reloadAfterChange } from '../editorState';
import { toastQueued } from '@portal/app/uiSlice';
import { UploadPrompts } from '@shared/ui/wordUpload/UploadPrompts';
import { ParseSummary } from '@shared/ui/wordUpload/ParseSummary';
import { ProblemList } from '@shared/ui/wordUpload/ProblemList';
import { QuestionPreview } from '@shared/ui/wordUpload/QuestionPreview';
import { useWordUpload, type WordUploadState } from '@shared/ui/wordUpload/useWordUpload';
import { useApi } from '@portal/app/apiContext';
import { FileChooser } from '@portal/app/FileChooser';
import { SectionFileDialog } from '@portal/app/SectionFileDialog';
import { useAppDispatch, useAppSelector } from '@portal/app/hooks';
import { WordFormatLinks } from '../../bulkUpload/WordFormatLinks';

/**
 * The Upload word file modal (spec section 2; decisions section 7): choose a .docx, see what the
 * parser found with the chosen engine (the second listed is the default) and its problems (errors
 * block the upload, warnings do not), then upload into the section; missing fonts open the
 * missing-font modal first, and questions already in the test ask whether to add them again. The
 * editor is read again afterwards, so new questions and sections show.
 */
export function UploadWordDialog({ testId, section, onClose }: { testId: string; section: EditorSection; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const orgId = useAppSelector((s) => s.auth.user?.organization.id ?? null);
  const word = useWordUpload(api, orgId);
  const { state } = word;
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [useDocumentSections, setUseDocumentSections] = useState(false);
  const busy = state.step === 'reading' || state.step === 'checkingFonts' || state.step === 'uploading';

  // The end of an upload, whether it went straight through or waited for the missing fonts.
  useEffect(() => {
    if (state.step !== 'uploaded') return;
    void dispatch(reloadAfterChange());
    dispatch(toastQueued({ intent: 'success', body: placementText(t, state.placement) }));
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    word.read(new Uint8Array(await file.arrayBuffer()));
  };
  const another = () => {
    word.reset();
    setFileName(null);
    if (input.current) input.current.value = '';
  };
  const parsed = 'parsed' in state ? state.parsed : null;
  const canUpload = (state.step === 'parsed' || state.step === 'failed') && parsed !== null && !blocksUpload(parsed);

  return (
    <SectionFileDialog
      title={t('wordUpload.title')}
      dataTestId="word-upload-dialog"
      intro={
        <>
          <Text>{t('wordUpload.targetSection', { section: section.name })}</Text>
          <WordFormatLinks />
        </>
      }
      busy={busy}
      added={state.step === 'uploaded' ? { message: placementText(t, state.placement), dataTestId: 'word-uploaded' } : null}
      anotherLabel={t('wordUpload.uploadAnother')}
      onAnother={another}
      submit={{
        label: t('wordUpload.upload', { count: parsed?.questionCount ?? 0 }),
        disabled: !canUpload,
        spinning: busy,
        onClick: () => void word.upload({ testId, sectionId: section._id, useDocumentSections }),
        dataTestId: 'word-upload-submit',
      }}
      onClose={onClose}
      nested={
        <UploadPrompts
          upload={word}
          uploadFont={(file, face) => api.uploadFont(file, face)}
          onError={(message) => dispatch(toastQueued({ intent: 'error', title: t('common.errorTitle'), body: message }))}
        />
      }
    >
      <FileChooser
        ref={input}
        label={t('wordUpload.chooseFile')}
        icon={<DocumentArrowUpRegular />}
        accept={PAPER_FILES}
        fileName={fileName ? t('wordUpload.chosen', { name: fileName }) : t('wordUpload.noFile')}
        disabled={busy}
        dataTestIdPrefix="word"
        onChoose={(chosen) => void choose(chosen)}
      />
      {word.engines.length > 1 && (
        <Field label={t('wordUpload.engine')}>
          <RadioGroup value={word.engine} disabled={busy} onChange={(_, d) => word.chooseEngine(d.value as ParserEngine)} data-testid="word-engine">
            {word.engines.map((engine) => (
              <Radio
                key={engine.id}
                value={engine.id}
                label={
                  <>
                    <Text weight="semibold">{engine.name}</Text>
                    <br />
                    <Caption1>{engine.description}</Caption1>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </Field>
      )}
      <Progress state={state} />
      {parsed && state.step !== 'reading' && (
        // The content scrolls as a flex column, where Fluent's message bars (min-height 36 px) would
        // shrink to one line and their wrapped text run into what follows: what was read keeps its height.
        <div style={{ display: 'flex', flexDirection: 'column', gap: 14, flexShrink: 0, minWidth: 0 }}>
          {state.step === 'failed' && (
            <MessageBar intent="error" data-testid="word-upload-failed">
              <MessageBarBody>{t('wordUpload.uploadFailed', { reason: state.reason })}</MessageBarBody>
            </MessageBar>
          )}
          <ParseSummary parsed={parsed} />
          <SectionChoice parsed={parsed} sectionName={section.name} value={useDocumentSections} onChange={setUseDocumentSections} />
          <ProblemList problems={parsed.problems} />
          <QuestionPreview parsed={parsed} pictureBytes={word.pictureBytes} />
        </div>
      )}
    </SectionFileDialog>
  );
}

/** Reading, checking fonts, then pictures and questions as they are sent. */
function Progress({ state }: { state: WordUploadState }) {
  const { t } = useTranslation();
  if (state.step === 'reading') return <Spinner size="small" label={t('wordUpload.reading')} />;
  if (state.step === 'checkingFonts') return <Spinner size="small" label={t('wordUpload.checkingFonts')} />;
  if (state.step !== 'uploading') return null;
  const { progress } = state;
  const label = progress
    ? t(progress.phase === 'pictures' ? 'wordUpload.uploadingPictures' : 'wordUpload.uploadingQuestions', { done: progress.done, total: progress.total })
    : t('common.loading');
  return (
    <Field label={label} data-testid="word-progress">
      <ProgressBar value={progress && progress.total > 0 ? progress.done / progress.total : undefined} />
    </Field>
  );
}
