import { fireEvent, screen } from '@testing-library/react';
import en from '@shared/i18n/locales/en.json';
import vi from '@shared/i18n/locales/vi.json';
import ko from '@shared/i18n/locales/ko.json';
import { LoginPage } from '../auth/LoginPage';
import { LanguagePicker } from './LanguagePicker';
import { renderWithProviders } from '../../test-utils';

afterEach(() => {
  window.localStorage.clear();
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
