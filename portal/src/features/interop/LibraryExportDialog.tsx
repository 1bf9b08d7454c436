import { useState } from 'react';
import { Caption1, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { InteropExportFormat } from '@shared/contract/interop';
import { selectionBody, selectionCounts } from '../library/librarySlice';
import { useApi } from '../../app/apiContext';
import { FormDialog } from '../../app/FormDialog';
import { useAppSelector } from '../../app/hooks';
import { FormatChoice } from './exportParts';
import { useExportDownload } from './useExportDownload';

/**
 * Export on a selection of tests in the library (issue 20): one zip, a file per test, its
 * losses.json naming what each could not hold. The selection is the library's (ids, or
 * everything listed less the exclusions); selected folders are not exported.
 */
export function LibraryExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const library = useAppSelector((s) => s.library);
  const [format, setFormat] = useState<InteropExportFormat>('qti3');
  const { tests } = selectionCounts(library);
  const { busy, done, failure, download } = useExportDownload((f) => {
    const { folderIds: _folders, ...body } = selectionBody(library);
    return api.interopExportTests({ ...body, format: f });
  }, 'tests');
  return (
    <FormDialog
      dataTestId="interop-library-export-dialog"
      title={t('interop.export.libraryTitle', { count: tests })}
      submitLabel={t('interop.export.download')}
      onSubmit={() => download(format)}
      onClose={onClose}
      disabled={busy || tests === 0}
    >
      <Caption1>{t('interop.export.libraryIntro')}</Caption1>
      <FormatChoice value={format} onChange={setFormat} disabled={busy} />
      {failure && (
        <MessageBar intent="error" data-testid="interop-export-failed">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {done && <Text data-testid="interop-downloaded">{t('interop.export.downloaded', { file: done.fileName })}</Text>}
    </FormDialog>
  );
}
