import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/domain/dates';
import { dayWordKey } from '@shared/domain/subscription';
import { selectUser } from '../auth/selectors';
import { useAppSelector } from '../../app/hooks';

/** Interpolation values for the subscription messages: count, "day"/"days", end date in the region format. */
export function useSubscriptionValues() {
  const { t, i18n } = useTranslation();
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return {
    count: user.remainingDays,
    dayWord: t(`subscription.${dayWordKey(user.remainingDays)}`),
    date: formatDate(user.subscriptionEndsAt, user.region.dateTimeStamp, i18n.language),
  };
}
