import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultsFileFormat } from '@shared/api/results';
import { toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch } from '../../app/hooks';
import { blobError } from '../print/usePdfExport';
import { saveBlob } from './format';

/**
 * The results as CSV or XLSX: fetched with the session's header (a plain link would be refused)
 * as the PDF export is, then saved under the server's file name (the test's, Vietnamese and
 * Korean kept).
 */
export function useResultsExport(sharedTestId: string, testName: string) {
  const api = useApi();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<ResultsFileFormat | null>(null);
  const download = async (format: ResultsFileFormat) => {
    setExporting(format);
    try {
      const { blob, fileName } = await api.resultsFile(sharedTestId, format);
      saveBlob(blob, fileName ?? `${testName}.${format}`);
    } catch (error) {
      const body = await blobError(error);
      dispatch(toastQueued({ intent: 'error', title: t('common.errorTitle'), body: body.message ?? t('results.exportFailed') }));
    } finally {
      setExporting(null);
    }
  };
  return { exporting, download };
}
