import { useEffect, useRef, useState } from 'react';
import { Caption1, Link, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text } from '@fluentui/react-components';
import { ArrowImportRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { EditorSection } from '@shared/api/testTypes';
import { reloadAfterChange } from '../editor/editorState';
import { toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { FileChooser } from '../../app/FileChooser';
import { SectionFileDialog } from '../../app/SectionFileDialog';
import { useAppDispatch } from '../../app/hooks';
import { blobError } from '../print/usePdfExport';
import { saveBlob } from '../results/format';
import { columnsOf } from '@shared/interop/table/mapping';
import { ColumnMappingStep, rememberMapping, useSheetMapping } from './ColumnMappingStep';
import { ImportPreviewView } from './ImportPreviewView';
import { useImportFile } from './useImportFile';

/** What the file chooser offers: every format the server reads (it tells them apart by their bytes). */
const ACCEPT = '.xml,.txt,.gift,.zip,.csv,.tsv,.xlsx,.docx,.hwp,.hwpx,.json';

/**
 * The Import dialog beside "Upload word file" (issue 20): choose a file, see what the server
 * understood of it and its problems by question number, then import it into the section (or
 * the file's own sections) in one change. The editor is read again afterwards. A spreadsheet
 * whose columns are not ours shows which column holds what first (issue 29): the server's
 * guess, to be changed, sent with the import.
 */
export function ImportDialog({ testId, section, onClose }: { testId: string; section: EditorSection; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const { state, choose, importInto, reset } = useImportFile();
  const input = useRef<HTMLInputElement>(null);
  const [useFileSections, setUseFileSections] = useState(false);
  const busy = state.step === 'reading' || state.step === 'importing';
  const preview = 'preview' in state ? state.preview : null;
  const file = 'file' in state ? state.file : null;
  const fileSections = preview?.sections.filter((s) => s.name !== null).length ?? 0;
  const { sheet, mapping, ready: mappingReady, change: setChanged } = useSheetMapping(preview);

  useEffect(() => {
    if (state.step !== 'imported') return;
    void dispatch(reloadAfterChange());
    dispatch(toastQueued({ intent: 'success', body: t('interop.import.imported', { count: state.outcome.questions }) }));
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const template = async (format: 'csv' | 'xlsx') => {
    try {
      const { blob, fileName } = await api.interopTemplate(format);
      saveBlob(blob, fileName ?? `testforge-questions-template.${format}`);
    } catch (error) {
      dispatch(toastQueued({ intent: 'error', title: t('common.errorTitle'), body: (await blobError(error)).message ?? t('common.errorTitle') }));
    }
  };
  const another = () => {
    reset();
    if (input.current) input.current.value = '';
  };
  const where = (count: number) => <WhereTo count={count} section={section.name} useFileSections={useFileSections} onChange={setUseFileSections} />;
  return (
    <SectionFileDialog
      title={t('interop.import.title')}
      dataTestId="interop-import-dialog"
      intro={
        <>
          <Text style={{ overflowWrap: 'anywhere' }}>{t('interop.import.targetSection', { section: section.name })}</Text>
          <Caption1>{t('interop.import.intro')}</Caption1>
          <Caption1 data-testid="interop-templates">
            {t('interop.import.template')} <Link onClick={() => void template('csv')}>{t('interop.import.templateCsv')}</Link> ·{' '}
            <Link onClick={() => void template('xlsx')}>{t('interop.import.templateXlsx')}</Link>
          </Caption1>
        </>
      }
      busy={busy}
      added={state.step === 'imported' ? { message: t('interop.import.imported', { count: state.outcome.questions }), dataTestId: 'interop-imported' } : null}
      anotherLabel={t('interop.import.another')}
      onAnother={another}
      submit={{
        label:
          state.step === 'importing'
            ? t('interop.import.importing')
            : mapping
              ? t('interop.mapping.submit')
              : t('interop.import.submit', { count: preview?.questionCount ?? 0 }),
        disabled: !preview || (mapping ? !mappingReady : preview.blocked) || busy,
        spinning: state.step === 'importing',
        onClick: () => {
          if (sheet && mapping) rememberMapping(sheet.sheet.columns, mapping);
          void importInto({ testId, sectionId: section._id, useFileSections, ...(mapping ? { mapping } : {}) });
        },
        dataTestId: 'interop-import-submit',
      }}
      onClose={onClose}
    >
      <FileChooser
        ref={input}
        label={t('interop.import.chooseFile')}
        icon={<ArrowImportRegular />}
        accept={ACCEPT}
        fileName={file ? file.name : t('interop.import.noFile')}
        disabled={busy}
        dataTestIdPrefix="interop"
        onChoose={(chosen) => void choose(chosen)}
      />
      {state.step === 'reading' && <Spinner size="small" label={t('interop.import.reading')} />}
      {state.step === 'failed' && (
        <MessageBar intent="error" data-testid="interop-failed">
          <MessageBarBody>{t('interop.import.failed', { reason: state.reason })}</MessageBarBody>
        </MessageBar>
      )}
      {sheet && mapping && (
        <>
          <ColumnMappingStep sheet={sheet.sheet} format={sheet.format} mapping={mapping} onChange={setChanged} />
          {columnsOf(mapping, 'section').length > 0 && where(Math.max(fileSections, 1))}
        </>
      )}
      {preview && !sheet && <ImportPreviewView preview={preview}>{fileSections > 0 && !preview.blocked && where(fileSections)}</ImportPreviewView>}
    </SectionFileDialog>
  );
}

/** Where the file's questions go: the chosen section, or the file's own sections. */
function WhereTo({
  count,
  section,
  useFileSections,
  onChange,
}: {
  count: number;
  section: string;
  useFileSections: boolean;
  onChange: (file: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup value={useFileSections ? 'file' : 'chosen'} onChange={(_, d) => onChange(d.value === 'file')} data-testid="interop-where">
      <Text weight="semibold">{t('interop.import.whereTitle', { count })}</Text>
      <Radio value="chosen" label={t('interop.import.whereChosen', { section })} />
      <Radio value="file" label={t('interop.import.whereFile')} />
    </RadioGroup>
  );
}
