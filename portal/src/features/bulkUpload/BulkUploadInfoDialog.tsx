import { useEffect, useState } from 'react';
import { Body1, Button, Caption1, MessageBar, MessageBarBody, Subtitle2 } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ParserVersion } from '@shared/api/parser';
import { formatDate } from '@shared/domain/dates';
import { selectUser } from '../auth/selectors';
import { DialogFrame } from '../../app/DialogFrame';
import { dialogClosed, toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { WordFormatLinks } from './WordFormatLinks';

type VersionInfo = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; version: ParserVersion };

/**
 * Opened by NEW Bulk Upload in the header (shown when the parser is enabled): what the Word add-in
 * does, its download with the release's version and date (GET v2/parser/version, read when the
 * modal opens), how to install it in Word, and the guide and sample document.
 */
export function BulkUploadInfoDialog() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const open = useAppSelector((state) => state.ui.dialog === 'bulkUploadInfo');
  const [info, setInfo] = useState<VersionInfo>({ status: 'loading' });
  const close = () => dispatch(dialogClosed('bulkUploadInfo'));

  useEffect(() => {
    if (!open) return;
    let live = true;
    setInfo({ status: 'loading' });
    api.parserVersion().then(
      (version) => live && setInfo({ status: 'loaded', version }),
      () => live && setInfo({ status: 'failed' }), // the API client has toasted the server's message
    );
    return () => {
      live = false;
    };
  }, [api, open]);

  // Spec section 8: the download asked for while the version info is not loaded is a generic error.
  const notLoaded = () => dispatch(toastQueued({ intent: 'error', title: t('common.errorTitle'), body: t('errors.somethingWentWrong') }));
  const download =
    info.status === 'loaded' ? (
      <Button appearance="primary" icon={<ArrowDownloadRegular />} as="a" href={info.version.link} download="manifest.xml" data-testid="addin-download">
        {t('bulkUpload.download')}
      </Button>
    ) : (
      <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={notLoaded} data-testid="addin-download">
        {t('bulkUpload.download')}
      </Button>
    );

  return (
    <DialogFrame
      open={open}
      title={t('bulkUpload.title')}
      dataTestId="bulk-upload-dialog"
      onDismiss={close}
      width={640}
      actions={<Button onClick={close}>{t('common.close')}</Button>}
    >
      <Body1>{t('bulkUpload.body')}</Body1>
      <MessageBar intent="info">
        <MessageBarBody>{t('bulkUpload.unicodeOnly')}</MessageBarBody>
      </MessageBar>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {download}
        <Caption1 data-testid="addin-version">
          {info.status === 'loaded'
            ? t('bulkUpload.versionInfo', {
                version: info.version.version,
                date: formatDate(info.version.releaseDate, user?.region.dateTimeStamp, i18n.language),
              })
            : t(info.status === 'loading' ? 'bulkUpload.versionLoading' : 'bulkUpload.versionFailed')}
        </Caption1>
      </div>
      <Subtitle2 as="h3" style={{ margin: 0 }}>
        {t('bulkUpload.installTitle')}
      </Subtitle2>
      <ol style={{ margin: 0, paddingInlineStart: 22, display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="addin-install-steps">
        <li>
          <Body1>{t('bulkUpload.install1')}</Body1>
        </li>
        <li>
          <Body1>{t('bulkUpload.install2')}</Body1>
        </li>
        <li>
          <Body1>{t('bulkUpload.install3')}</Body1>
        </li>
      </ol>
      <Subtitle2 as="h3" style={{ margin: 0 }}>
        {t('bulkUpload.formatTitle')}
      </Subtitle2>
      <WordFormatLinks />
    </DialogFrame>
  );
}
