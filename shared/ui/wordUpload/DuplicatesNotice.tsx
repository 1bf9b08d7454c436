import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * Asked before an upload when `already` of the document's `total` questions are in the test
 * (the document was probably uploaded before): upload them again, add only the new ones (not
 * offered when none is new) or cancel. The portal's modal and the add-in's pane both show it.
 */
export function DuplicatesNotice(props: { already: number; total: number; onUploadAgain: () => void; onSkip: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const fresh = props.total - props.already;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface data-testid="duplicates-notice">
        <DialogBody>
          <DialogTitle>{t('wordUpload.duplicatesTitle')}</DialogTitle>
          <DialogContent>
            <Body1>
              {fresh > 0
                ? t('wordUpload.duplicatesSome', { count: props.already, total: props.total })
                : t('wordUpload.duplicatesAll', { count: props.total })}
            </Body1>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} data-testid="duplicates-cancel">
              {t('common.cancel')}
            </Button>
            <Button onClick={props.onUploadAgain} data-testid="duplicates-upload-again">
              {t('wordUpload.uploadAgain', { count: props.already })}
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
