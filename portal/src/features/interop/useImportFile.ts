import { useRef, useState } from 'react';
import { errorMessage } from '@shared/api/client';
import type { InteropImportTarget } from '@shared/api/interop';
import type { ImportOutcome, ImportPreview } from '@shared/contract/interop';
import { useApi } from '../../app/apiContext';

export type ImportState =
  | { step: 'idle' }
  | { step: 'reading'; file: File }
  | { step: 'previewed'; file: File; preview: ImportPreview }
  | { step: 'importing'; file: File; preview: ImportPreview }
  | { step: 'imported'; outcome: ImportOutcome }
  | { step: 'failed'; file: File | null; preview: ImportPreview | null; reason: string };

/**
 * A file in, in two calls: the server reads it and says what it understood (nothing stored),
 * then, when the tutor says so, puts it into the section in one change. A newer file chosen
 * while one is read replaces it.
 */
export function useImportFile() {
  const api = useApi();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const latest = useRef<File | null>(null);

  const choose = async (file: File) => {
    latest.current = file;
    setState({ step: 'reading', file });
    try {
      const preview = await api.interopPreview(file);
      if (latest.current === file) setState({ step: 'previewed', file, preview });
    } catch (error) {
      if (latest.current === file) setState({ step: 'failed', file, preview: null, reason: errorMessage(error) });
    }
  };

  const importInto = async (target: Omit<InteropImportTarget, 'from'>) => {
    if (state.step !== 'previewed' && !(state.step === 'failed' && state.preview && state.file)) return null;
    const { file, preview } = state as { file: File; preview: ImportPreview };
    setState({ step: 'importing', file, preview });
    try {
      const outcome = await api.interopImport(file, { ...target, from: preview.format });
      setState({ step: 'imported', outcome });
      return outcome;
    } catch (error) {
      setState({ step: 'failed', file, preview, reason: errorMessage(error) });
      return null;
    }
  };

  return { state, choose, importInto, reset: () => setState({ step: 'idle' }) };
}
