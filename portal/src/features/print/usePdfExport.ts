import { useState } from 'react';
import { AxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import { toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch } from '../../app/hooks';

/** The error body of a call answered as a Blob (the PDF download): its code and message. */
export async function blobError(error: unknown): Promise<{ code?: string; message?: string }> {
  const data = error instanceof AxiosError ? error.response?.data : undefined;
  if (!(data instanceof Blob)) return {};
  try {
    return JSON.parse(await data.text());
  } catch {
    return {};
  }
}

/**
 * Export as PDF: the server prints the print view with headless Chromium and the file is
 * downloaded. Where the server has no Chromium (503) the browser's own print dialog, whose
 * "Save as PDF" makes the file, opens instead, with the server's explanation.
 */
export function usePdfExport(testId: string, testName: string) {
  const api = useApi();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportPdf = async (withAnswers: boolean, language?: string) => {
    setExporting(true);
    try {
      const pdf = await api.printPdf(testId, withAnswers, language);
      const url = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${testName}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      const body = await blobError(error);
      const message = body.message ?? t('errors.somethingWentWrong');
      if (body.code === 'PDF_UNAVAILABLE') {
        dispatch(toastQueued({ intent: 'info', body: message }));
        window.print();
      } else {
        dispatch(toastQueued({ intent: 'error', title: t('common.errorTitle'), body: message }));
      }
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportPdf };
}
