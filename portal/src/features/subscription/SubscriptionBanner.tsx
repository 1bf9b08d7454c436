import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { selectIsExpired, selectIsExpiring } from '../auth/selectors';
import { useAppSelector } from '../../app/hooks';
import { useSubscriptionValues } from './useSubscriptionText';

/** The expiring header (1-14 days left) or the expired header (0). */
export function SubscriptionBanner() {
  const { t } = useTranslation();
  const expiring = useAppSelector(selectIsExpiring);
  const expired = useAppSelector(selectIsExpired);
  const values = useSubscriptionValues();
  if (!values || (!expiring && !expired)) return null;
  return (
    <MessageBar
      intent={expired ? 'error' : 'warning'}
      layout="multiline"
      data-testid={expired ? 'expired-header' : 'expiring-header'}
      style={{ borderRadius: 0 }}
    >
      <MessageBarBody>{expired ? t('subscription.expiredHeader') : t('subscription.expiringHeader', values)}</MessageBarBody>
    </MessageBar>
  );
}
