import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { dialogClosed } from '../../../../shared/state/uiSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

/** Opened by NEW Bulk Upload in the header; the add-in download and the guide come with the Word issue. */
export function BulkUploadInfoDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.dialog === 'bulkUploadInfo');
  const close = () => dispatch(dialogClosed('bulkUploadInfo'));
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface data-testid="bulk-upload-dialog">
        <DialogBody>
          <DialogTitle>{t('bulkUpload.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Body1>{t('bulkUpload.body')}</Body1>
            <MessageBar intent="info">
              <MessageBarBody>{t('bulkUpload.unicodeOnly')}</MessageBarBody>
            </MessageBar>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>{t('common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
