import { useEffect } from 'react';
import { Button } from '@fluentui/react-components';
import { DialogFrame } from '../../app/DialogFrame';
import { useTranslation } from 'react-i18next';
import { dialogClosed, dialogOpened } from '../../app/uiSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

export const VERSION_POLL_MS = 3_600_000;
declare const __APP_VERSION__: string;

/** Polls /app-version.json hourly; a version other than the running one offers a reload. */
export function useVersionCheck(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const check = async () => {
      try {
        const response = await fetch('/app-version.json', { cache: 'no-store' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { version } = (await response.json()) as { version: string };
        if (version && version !== __APP_VERSION__) dispatch(dialogOpened('updateAvailable'));
      } catch (error) {
        console.error('Error while getting app-version.json', error);
      }
    };
    const timer = window.setInterval(check, VERSION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [dispatch]);
}

export function UpdateAvailableDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.dialog === 'updateAvailable');
  return (
    <DialogFrame
      open={open}
      title={t('version.title')}
      dataTestId="update-dialog"
      onDismiss={() => dispatch(dialogClosed('updateAvailable'))}
      plain
      actions={
        <>
          <Button onClick={() => dispatch(dialogClosed('updateAvailable'))}>{t('version.later')}</Button>
          <Button appearance="primary" onClick={() => window.location.reload()}>
            {t('version.reload')}
          </Button>
        </>
      }
    >
      {t('version.body')}
    </DialogFrame>
  );
}
