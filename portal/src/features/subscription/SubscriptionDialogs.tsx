import { useEffect } from 'react';
import { Button } from '@fluentui/react-components';
import { DialogFrame } from '../../app/DialogFrame';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { selectUser } from '../auth/selectors';
import { dialogClosed, dialogOpened } from '../../app/uiSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSubscriptionValues } from './useSubscriptionText';

/**
 * At 0 days the expired modal opens once per page load (and whenever a locked link is used);
 * in the 1-14 day window the expiring modal opens once per user, remembered in local storage.
 */
export function SubscriptionDialogs() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const dialog = useAppSelector((state) => state.ui.dialog);
  const expiredNoticeShown = useAppSelector((state) => state.ui.expiredNoticeShown);
  const values = useSubscriptionValues();

  useEffect(() => {
    if (!user) return;
    if (user.showExpiredModal) {
      if (!expiredNoticeShown) dispatch(dialogOpened('subscriptionExpired'));
      return;
    }
    const key = `${STORAGE_KEYS.expiringModalShown}.${user.userId}`;
    if (user.showExpiringModal && !localStorage.getItem(key)) {
      localStorage.setItem(key, new Date().toISOString());
      dispatch(dialogOpened('subscriptionExpiring'));
    }
  }, [user, expiredNoticeShown, dispatch]);

  const open = dialog === 'subscriptionExpired' || dialog === 'subscriptionExpiring';
  const expired = dialog === 'subscriptionExpired';
  const close = () => dispatch(dialogClosed());

  return (
    <DialogFrame
      open={open}
      title={expired ? t('subscription.expiredTitle') : t('subscription.expiringTitle')}
      dataTestId={expired ? 'expired-modal' : 'expiring-modal'}
      onDismiss={close}
      plain
      actions={
        <>
          <Button appearance="secondary" onClick={() => dispatch(dialogOpened('help'))}>
            {t('subscription.contactUs')}
          </Button>
          <Button appearance="primary" onClick={close}>
            {t('common.ok')}
          </Button>
        </>
      }
    >
      {expired ? t('subscription.expiredBody') : values && t('subscription.expiringBody', values)}
    </DialogFrame>
  );
}
