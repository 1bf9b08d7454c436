import { useState } from 'react';
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { InteropExportFormat } from '@shared/contract/interop';
import { useApi } from '../../app/apiContext';
import { FormDialog } from '../../app/FormDialog';
import type { TestDialogProps } from '../editor/testDialogs/TestMenu';
import { FormatChoice, LossList } from './exportParts';
import { useExportDownload } from './useExportDownload';

/** Export on the editor's Test menu (issue 20): the test in a format, then what that format could not hold. */
export function ExportDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [format, setFormat] = useState<InteropExportFormat>('qti3');
  const { busy, done, failure, download } = useExportDownload((f) => api.interopExportTest(test._id, f), test.name);
  return (
    <FormDialog
      dataTestId="interop-export-dialog"
      title={t('testDialogs.export.title')}
      submitLabel={t('interop.export.download')}
      onSubmit={() => download(format)}
      onClose={onClose}
      disabled={busy}
    >
      <Text weight="semibold" style={{ overflowWrap: 'anywhere' }}>
        {test.name}
      </Text>
      <FormatChoice value={format} onChange={setFormat} disabled={busy} />
      {failure && (
        <MessageBar intent="error" data-testid="interop-export-failed">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {done && (
        <>
          <Text data-testid="interop-downloaded">{t('interop.export.downloaded', { file: done.fileName })}</Text>
          <LossList format={done.format} losses={done.losses} />
        </>
      )}
    </FormDialog>
  );
}
