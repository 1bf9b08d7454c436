import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ParsedDocument } from '../../parser/types';

/**
 * Asked before an upload when questions of the document (`parsed`) are in the test already
 * (`newOnly` is the document without them; it was probably uploaded before): upload them again,
 * add only the new ones (not offered when none is new) or cancel. The portal's modal and the
 * add-in's pane both show it.
 */
export function DuplicatesNotice(props: {
  parsed: ParsedDocument;
  newOnly: ParsedDocument;
  onUploadAgain: () => void;
  onSkip: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const total = props.parsed.questionCount;
  const fresh = props.newOnly.questionCount;
  const already = total - fresh;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface data-testid="duplicates-notice">
        <DialogBody>
          <DialogTitle>{t('wordUpload.duplicatesTitle')}</DialogTitle>
          <DialogContent>
            <Body1>{fresh > 0 ? t('wordUpload.duplicatesSome', { count: already, total }) : t('wordUpload.duplicatesAll', { count: total })}</Body1>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} data-testid="duplicates-cancel">
              {t('common.cancel')}
            </Button>
            <Button onClick={props.onUploadAgain} data-testid="duplicates-upload-again">
              {t('wordUpload.uploadAgain', { count: already })}
            </Button>
            {fresh > 0 && (
              <Button appearance="primary" onClick={props.onSkip} data-testid="duplicates-skip">
                {t('wordUpload.skipDuplicates', { count: fresh })}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
