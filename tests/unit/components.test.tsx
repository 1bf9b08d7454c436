import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { Route, Routes } from 'react-router-dom';
import type { Endpoints } from '../../shared/api/endpoints';
import en from '../../shared/i18n/locales/en.json';
import vi from '../../shared/i18n/locales/vi.json';
import ko from '../../shared/i18n/locales/ko.json';
import { STORAGE_KEYS } from '../../shared/ui/storageKeys';
import { LoginPage } from '../../portal/src/features/auth/LoginPage';
import { SubscriptionBanner } from '../../portal/src/features/subscription/SubscriptionBanner';
import { Header } from '../../portal/src/features/header/Header';
import { HelpWidget } from '../../portal/src/features/help/HelpWidget';
import { LanguagePicker } from '../../portal/src/features/language/LanguagePicker';
import { makeUser, renderWithProviders } from '../../portal/src/test-utils';

function apiError(status: number, message: string): AxiosError {
  const response = { status, statusText: '', headers: {}, config: { headers: new AxiosHeaders() }, data: { message, code: 'X' } } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

afterEach(() => {
  window.localStorage.clear();
});

describe('LoginPage', () => {
  const renderLogin = (api: Partial<Endpoints> = {}) =>
    renderWithProviders(
      <Routes>
        <Route path="/auth" element={<LoginPage />} />
        <Route path="/home/local/0" element={<p>My Library page</p>} />
      </Routes>,
      { route: '/auth', api },
    );

  it('shows three required messages when submitted empty, and does not call api.login', async () => {
    const { api } = renderLogin();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(api.login).not.toHaveBeenCalled();
  });

  it('counts fields of spaces as empty, and marks only the empty ones', async () => {
    const { api } = renderLogin();
    type(input('orgCode'), '   ');
    type(input('email'), 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(api.login).not.toHaveBeenCalled();
  });

  // The e-mail input is type="email": the browser (and jsdom) already drop its surrounding spaces,
  // so the organisation code is where the page's own trimming shows.
  it('submits trimmed organisation code and e-mail (the password as typed) and goes to the library', async () => {
    const { api, store } = renderLogin({ login: async () => ({ token: 'tok', user: makeUser() }) });
    type(input('orgCode'), '  ORG1 ');
    type(input('email'), ' ada@example.com  ');
    type(input('password'), ' pass word ');
    fireEvent.submit(input('password').closest('form')!);
    await waitFor(() => expect(api.login).toHaveBeenCalledTimes(1));
    expect(api.login).toHaveBeenCalledWith({ orgCode: 'ORG1', email: 'ada@example.com', password: ' pass word ' });
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(await screen.findByText('My Library page')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('tok');
  });

  it('goes to the remembered path after login', async () => {
    window.localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/home/local/0?from=link');
    renderLogin();
    type(input('orgCode'), 'ORG1');
    type(input('email'), 'ada@example.com');
    type(input('password'), 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('My Library page')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it("shows the server's error message on failure and stays on the page", async () => {
    const { api } = renderLogin({ login: async () => Promise.reject(apiError(401, 'Invalid organisation code, e-mail or password.')) });
    type(input('orgCode'), 'ORG1');
    type(input('email'), 'ada@example.com');
    type(input('password'), 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const error = await screen.findByTestId('login-error');
    expect(error).toHaveTextContent('Invalid organisation code, e-mail or password.');
    expect(api.login).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('My Library page')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('names the organisation of a known code, and says when a code is unknown', async () => {
    const { api } = renderLogin({
      verifyOrg: async (code: string) => (code === 'ORG1' ? { orgId: 'o1', code, name: 'Example School' } : Promise.reject(apiError(404, 'x'))),
    });
    type(input('orgCode'), ' ORG1 ');
    fireEvent.blur(input('orgCode'));
    expect(await screen.findByText('Organisation: Example School')).toBeInTheDocument();
    expect(api.verifyOrg).toHaveBeenCalledWith('ORG1');
    type(input('orgCode'), 'NOPE');
    fireEvent.blur(input('orgCode'));
    expect(await screen.findByText('No organisation has this code.')).toBeInTheDocument();
  });
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

describe('HelpWidget', () => {
  const openCallBack = () => {
    const result = renderWithProviders(<HelpWidget />, { preloadedAuth: { user: makeUser() } });
    fireEvent.click(screen.getByTestId('help-button'));
    fireEvent.click(screen.getByTestId('request-callback'));
    return result;
  };

  it('enables Call Me Now only at exactly 10 characters', async () => {
    openCallBack();
    const callMeNow = await screen.findByTestId('call-me-now');
    const phone = input('phoneNo');
    expect(callMeNow).toBeDisabled();
    for (const value of ['9', '123456789']) {
      type(phone, value);
      expect(callMeNow).toBeDisabled();
    }
    type(phone, '1234567890');
    expect(callMeNow).toBeEnabled();
    type(phone, '12345678901');
    expect(callMeNow).toBeDisabled();
    type(phone, '');
    expect(callMeNow).toBeDisabled();
  });

  it('takes digits only: letters, spaces or symbols are named and Call Me Now stays off (issue 17)', async () => {
    openCallBack();
    const callMeNow = await screen.findByTestId('call-me-now');
    for (const value of ['98765 4321', '+987654321', 'call me!!!']) {
      type(input('phoneNo'), value);
      expect(callMeNow).toBeDisabled();
      expect(screen.getByTestId('callback-phone-field')).toHaveTextContent('Digits only (0-9): no letters, spaces or symbols.');
    }
    type(input('phoneNo'), '9876543210');
    expect(callMeNow).toBeEnabled();
    expect(screen.getByTestId('callback-phone-field')).not.toHaveTextContent('Digits only');
  });

  it('limits the field to 10 characters', async () => {
    openCallBack();
    await screen.findByTestId('call-me-now');
    expect(input('phoneNo')).toHaveAttribute('maxLength', '10');
  });

  it('confirms the number, then requests the call back', async () => {
    const { api } = openCallBack();
    type(input('phoneNo'), '0123456789');
    fireEvent.click(await screen.findByTestId('call-me-now'));
    expect(await screen.findByText('We will call 0123456789.')).toBeInTheDocument();
    expect(api.requestCallBack).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-callback'));
    expect(await screen.findByTestId('help-callBackSuccess')).toHaveTextContent('We will call you on 0123456789 within 5 minutes.');
    expect(api.requestCallBack).toHaveBeenCalledWith('0123456789');
  });
});

describe('LanguagePicker', () => {
  it('switches the i18n language to vi and the texts change', async () => {
    const { i18n } = renderWithProviders(<LanguagePicker />);
    const select = screen.getByTestId('language-picker') as HTMLSelectElement;
    expect(select.value).toBe('en');
    expect(screen.getByText(en.common.language)).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'vi' } });
    expect(await screen.findByText(vi.common.language)).toBeInTheDocument();
    expect(i18n.language).toBe('vi');
    expect(select.value).toBe('vi');
    expect(screen.queryByText(en.common.language)).not.toBeInTheDocument();
  });

  it('lists each language under its own name', () => {
    renderWithProviders(<LanguagePicker />, { language: 'ko' });
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['en', 'English'],
      ['vi', 'Tiếng Việt'],
      ['ko', '한국어'],
    ]);
    expect((screen.getByTestId('language-picker') as HTMLSelectElement).value).toBe('ko');
  });

  it('translates the whole sign-in page', async () => {
    renderWithProviders(<LoginPage />, { route: '/auth' });
    expect(screen.getByRole('button', { name: en.auth.signIn })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('language-picker'), { target: { value: 'vi' } });
    expect(await screen.findByRole('button', { name: vi.auth.signIn })).toBeInTheDocument();
    expect(screen.getByText(vi.auth.subtitle)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('language-picker'), { target: { value: 'ko' } });
    expect(await screen.findByRole('button', { name: ko.auth.signIn })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ko.auth.signIn }));
    expect(await screen.findAllByText(ko.errors.required)).toHaveLength(3);
  });
});
