import { act, fireEvent, screen, within } from '@testing-library/react';
import { Header } from './Header';
import { makeUser, renderWithProviders } from '../../test-utils';

afterEach(() => {
  window.localStorage.clear();
});

describe('Header', () => {
  /** Renders the header and lets the report count request settle. */
  const renderHeader = async (user: Partial<ReturnType<typeof makeUser>> = {}, reportedCount: () => Promise<number> = async () => 0) => {
    const result = renderWithProviders(<Header />, { route: '/home/local/0', preloadedAuth: { user: makeUser(user) }, api: { reportedCount } });
    await act(async () => undefined);
    return result;
  };

  // Fluent's Tab renders its content twice (a hidden copy reserves the width of the selected style).
  const reportBadges = async () => {
    const badges = await screen.findAllByTestId('report-badge');
    expect(badges.length).toBeGreaterThan(0);
    return badges;
  };

  it('shows the Global Library tab only to users with isSharedGlobal', async () => {
    const { unmount, api } = await renderHeader({ isSharedGlobal: false });
    expect(screen.getByRole('tab', { name: 'My Library' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Global Library' })).not.toBeInTheDocument();
    expect(api.reportedCount).toHaveBeenCalledTimes(1);
    unmount();
    await renderHeader({ isSharedGlobal: true });
    expect(screen.getByRole('tab', { name: 'Global Library' })).toBeInTheDocument();
  });

  it('shows Bulk Upload only to users with enableViduParser', async () => {
    const { unmount, api } = await renderHeader({ enableViduParser: false });
    expect(screen.queryByTestId('bulk-upload-button')).not.toBeInTheDocument();
    expect(screen.queryByText('Bulk Upload')).not.toBeInTheDocument();
    expect(api.reportedCount).toHaveBeenCalledTimes(1);
    unmount();
    const { store } = await renderHeader({ enableViduParser: true });
    const button = screen.getByTestId('bulk-upload-button');
    expect(button).toHaveTextContent('Bulk Upload');
    fireEvent.click(button);
    expect(store.getState().ui.dialog).toBe('bulkUploadInfo');
  });

  it("shows '999+' on the report badge when 1500 questions are reported", async () => {
    const { api } = await renderHeader({}, async () => 1500);
    for (const badge of await reportBadges()) expect(badge).toHaveTextContent(/^999\+$/);
    expect(api.reportedCount).toHaveBeenCalledTimes(1);
  });

  it("shows '42' on the report badge for 42", async () => {
    await renderHeader({}, async () => 42);
    const badges = await reportBadges();
    for (const badge of badges) expect(badge).toHaveTextContent(/^42$/);
    expect(within(screen.getByRole('tab', { name: /Report Dashboard/ })).getAllByTestId('report-badge')).toEqual(badges);
  });

  it('shows no badge when nothing is reported', async () => {
    const { api } = await renderHeader({}, async () => 0);
    expect(api.reportedCount).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('report-badge')).not.toBeInTheDocument();
  });

  it('does not ask for the count, nor show a badge, when remainingDays is 0', async () => {
    const { api } = await renderHeader({ remainingDays: 0 }, async () => 42);
    expect(api.reportedCount).not.toHaveBeenCalled();
    expect(screen.queryByTestId('report-badge')).not.toBeInTheDocument();
  });

  it('at 0 days the locked tabs open the expired notice', async () => {
    const { store } = await renderHeader({ remainingDays: 0 });
    fireEvent.click(screen.getByRole('tab', { name: 'Report Dashboard' }));
    expect(store.getState().ui.dialog).toBe('subscriptionExpired');
  });
});
