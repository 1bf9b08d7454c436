import type { FontEntry } from '../../api/parser';
import { DuplicatesNotice } from './DuplicatesNotice';
import { MissingFontsDialog } from './MissingFontsDialog';
import type { useWordUpload } from './useWordUpload';

/**
 * What an upload asks on its way, in the add-in's pane and the portal's dialog alike: the fonts
 * the server lacks (uploaded through `uploadFont`, a failure told through `onError`), then what
 * to do with questions the test has already.
 */
export function UploadPrompts({
  upload,
  uploadFont,
  onError,
}: {
  upload: ReturnType<typeof useWordUpload>;
  uploadFont: (file: File, face: string) => Promise<FontEntry>;
  onError: (message: string) => void;
}) {
  const { state } = upload;
  if (state.step === 'missingFonts') {
    return (
      <MissingFontsDialog
        faces={state.faces}
        uploadFont={uploadFont}
        onError={onError}
        onContinue={() => void upload.fontsAdded()}
        onCancel={upload.fontsCancelled}
      />
    );
  }
  if (state.step === 'duplicates') {
    return (
      <DuplicatesNotice
        parsed={state.parsed}
        newOnly={state.newOnly}
        onUploadAgain={() => void upload.uploadAgain()}
        onSkip={() => void upload.skipDuplicates()}
        onCancel={upload.duplicatesCancelled}
      />
    );
  }
  return null;
}
