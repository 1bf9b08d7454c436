import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Endpoints } from '@shared/api/endpoints';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { LoginPage } from './LoginPage';
import { apiError, inputNamed, makeUser, renderWithProviders, typeInto } from '../../test-utils';

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
    typeInto(inputNamed('orgCode'), '   ');
    typeInto(inputNamed('email'), 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(api.login).not.toHaveBeenCalled();
  });

  // The e-mail input is type="email": the browser (and jsdom) already drop its surrounding spaces,
  // so the organisation code is where the page's own trimming shows.
  it('submits trimmed organisation code and e-mail (the password as typed) and goes to the library', async () => {
    const { api, store } = renderLogin({ login: async () => ({ token: 'tok', user: makeUser() }) });
    typeInto(inputNamed('orgCode'), '  ORG1 ');
    typeInto(inputNamed('email'), ' ada@example.com  ');
    typeInto(inputNamed('password'), ' pass word ');
    fireEvent.submit(inputNamed('password').closest('form')!);
    await waitFor(() => expect(api.login).toHaveBeenCalledTimes(1));
    expect(api.login).toHaveBeenCalledWith({ orgCode: 'ORG1', email: 'ada@example.com', password: ' pass word ' });
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(await screen.findByText('My Library page')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('tok');
  });

  it('goes to the remembered path after login', async () => {
    window.localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/home/local/0?from=link');
    renderLogin();
    typeInto(inputNamed('orgCode'), 'ORG1');
    typeInto(inputNamed('email'), 'ada@example.com');
    typeInto(inputNamed('password'), 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('My Library page')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it("shows the server's error message on failure and stays on the page", async () => {
    const { api } = renderLogin({ login: async () => Promise.reject(apiError(401, 'Invalid organisation code, e-mail or password.')) });
    typeInto(inputNamed('orgCode'), 'ORG1');
    typeInto(inputNamed('email'), 'ada@example.com');
    typeInto(inputNamed('password'), 'wrong-pass');
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
    typeInto(inputNamed('orgCode'), ' ORG1 ');
    fireEvent.blur(inputNamed('orgCode'));
    expect(await screen.findByText('Organisation: Example School')).toBeInTheDocument();
    expect(api.verifyOrg).toHaveBeenCalledWith('ORG1');
    typeInto(inputNamed('orgCode'), 'NOPE');
    fireEvent.blur(inputNamed('orgCode'));
    expect(await screen.findByText('No organisation has this code.')).toBeInTheDocument();
  });
});
