import { screen } from '@testing-library/react';
import en from '@shared/i18n/locales/en.json';
import vi from '@shared/i18n/locales/vi.json';
import { SubscriptionBanner } from './SubscriptionBanner';
import { makeUser, renderWithProviders } from '../../test-utils';

afterEach(() => {
  window.localStorage.clear();
});

describe('SubscriptionBanner', () => {
  const renderBanner = (remainingDays: number) =>
    renderWithProviders(<SubscriptionBanner />, {
      preloadedAuth: { token: 'tok', user: makeUser({ remainingDays, subscriptionEndsAt: '2030-01-31T12:00:00', region: { dateTimeStamp: 'DD/MM/YYYY' } }) },
    });

  it('says "2 day" with 2 days left (the spec rule as written), with the end date in the region format', () => {
    renderBanner(2);
    const banner = screen.getByTestId('expiring-header');
    expect(banner).toHaveTextContent('Your subscription ends in 2 day, on 31/01/2030.');
    expect(banner).not.toHaveTextContent('2 days');
  });

  it('says "14 days" with 14 days left', () => {
    renderBanner(14);
    expect(screen.getByTestId('expiring-header')).toHaveTextContent('Your subscription ends in 14 days, on 31/01/2030.');
  });

  it('says "1 day" with 1 day left', () => {
    renderBanner(1);
    expect(screen.getByTestId('expiring-header')).toHaveTextContent('ends in 1 day,');
  });

  it('shows the expired header at 0', () => {
    renderBanner(0);
    expect(screen.getByTestId('expired-header')).toHaveTextContent(en.subscription.expiredHeader);
    expect(screen.queryByTestId('expiring-header')).not.toBeInTheDocument();
  });

  it.each([15, 30])('shows nothing at %i days', (days) => {
    const { container } = renderBanner(days);
    expect(screen.queryByTestId('expiring-header')).not.toBeInTheDocument();
    expect(screen.queryByTestId('expired-header')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('');
  });

  it('shows nothing without a user', () => {
    renderWithProviders(<SubscriptionBanner />);
    expect(screen.queryByTestId('expiring-header')).not.toBeInTheDocument();
    expect(screen.queryByTestId('expired-header')).not.toBeInTheDocument();
  });

  it('is translated', () => {
    renderWithProviders(<SubscriptionBanner />, { language: 'vi', preloadedAuth: { user: makeUser({ remainingDays: 0 }) } });
    expect(screen.getByTestId('expired-header')).toHaveTextContent(vi.subscription.expiredHeader);
  });
});
