import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportLoss, InteropExportFormat } from '@shared/contract/interop';
import { blobError } from '../print/usePdfExport';
import { saveBlob } from '../results/format';

export interface Downloaded {
  format: InteropExportFormat;
  fileName: string;
  losses: ExportLoss[];
}

/**
 * A download of an export: fetched with the session's header, saved under the server's name,
 * and what the format could not hold kept to be shown. A failure is said in the dialog.
 */
export function useExportDownload(
  fetchFile: (format: InteropExportFormat) => Promise<{ blob: Blob; fileName: string | null; losses: ExportLoss[] }>,
  fallbackName: string,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Downloaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: InteropExportFormat) => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const { blob, fileName, losses } = await fetchFile(format);
      const name = fileName ?? `${fallbackName}.${format}`;
      saveBlob(blob, name);
      setDone({ format, fileName: name, losses });
    } catch (error) {
      setFailure(t('interop.export.failed', { reason: (await blobError(error)).message ?? t('common.errorTitle') }));
    } finally {
      setBusy(false);
    }
  };
  return { busy, done, failure, download };
}
