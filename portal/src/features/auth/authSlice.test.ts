import { authReducer, initialAuthState, loadCurrentUser, loggedOut, login, logout, userUpdated, whitelabelLogin, type AuthState } from './authSlice';
import { selectCanBulkUpload, selectCanUseGlobalLibrary, selectIsExpired, selectIsExpiring, selectIsLoggedIn, selectRemainingDays } from './selectors';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { makeStore } from '../../app/store';
import { apiError, createMockApi, makeUser, MemoryStorage } from '../../test-utils';

const credentials = { orgCode: 'ORG1', email: 'ada@example.com', password: 'secret-pass' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(options: { storage?: MemoryStorage; api?: Parameters<typeof createMockApi>[0] } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const api = createMockApi(options.api);
  const store = makeStore({ api, storage });
  return { storage, api, store };
}

/** A store with a signed-in session (through the real login thunk). */
async function signedIn(user = makeUser()) {
  const ctx = setup({ api: { login: async () => ({ token: 'tok-1', user }) } });
  await ctx.store.dispatch(login(credentials));
  return ctx;
}

describe('initialAuthState', () => {
  it('is idle and empty without a stored token', () => {
    expect(initialAuthState()).toEqual({ status: 'idle', token: null, user: null, loginTime: null, error: null });
    expect(initialAuthState(new MemoryStorage())).toEqual({ status: 'idle', token: null, user: null, loginTime: null, error: null });
  });

  it("starts ('start') from a stored token and login time, the user still to load", () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.token, 'stored');
    storage.setItem(STORAGE_KEYS.loginTime, '1700000000000');
    expect(initialAuthState(storage)).toEqual({ status: 'start', token: 'stored', user: null, loginTime: 1700000000000, error: null });
  });
});

describe('login thunk', () => {
  it('on success stores token, user and login time', async () => {
    const user = makeUser({ name: 'Grace' });
    const { store, api } = setup({ api: { login: async () => ({ token: 'tok-1', user }) } });
    const before = Date.now();
    const result = await store.dispatch(login(credentials));
    expect(result.type).toBe(login.fulfilled.type);
    expect(api.login).toHaveBeenCalledWith(credentials);
    const { auth } = store.getState();
    expect(auth).toMatchObject({ status: 'success', token: 'tok-1', user, error: null });
    expect(auth.loginTime).toBeGreaterThanOrEqual(before);
    expect(auth.loginTime).toBeLessThanOrEqual(Date.now());
  });

  it("is 'start' while the call runs, with an earlier error cleared", async () => {
    const pending = deferred<{ token: string; user: ReturnType<typeof makeUser> }>();
    const { store } = setup({ api: { login: jest.fn().mockRejectedValueOnce(apiError(400, 'Nope')).mockReturnValueOnce(pending.promise) } });
    await store.dispatch(login(credentials));
    expect(store.getState().auth.error).toBe('Nope');
    const call = store.dispatch(login(credentials));
    expect(store.getState().auth).toMatchObject({ status: 'start', error: null, token: null });
    pending.resolve({ token: 'tok-2', user: makeUser() });
    await call;
    expect(store.getState().auth).toMatchObject({ status: 'success', token: 'tok-2' });
  });

  it("on failure keeps no token and stores the server's message", async () => {
    const { store } = setup({ api: { login: async () => Promise.reject(apiError(400, 'Invalid organisation code, e-mail or password.')) } });
    const result = await store.dispatch(login(credentials));
    expect(result.type).toBe(login.rejected.type);
    expect(result.payload).toBe('Invalid organisation code, e-mail or password.');
    expect(store.getState().auth).toEqual({
      status: 'fail',
      token: null,
      user: null,
      loginTime: null,
      error: 'Invalid organisation code, e-mail or password.',
    });
  });

  it("on a failure without a message stores 'Something went wrong'", async () => {
    const { store } = setup({ api: { login: async () => Promise.reject(new Error('network')) } });
    await store.dispatch(login(credentials));
    expect(store.getState().auth).toMatchObject({ status: 'fail', token: null, error: 'Something went wrong' });
  });
});

describe('whitelabelLogin thunk', () => {
  it('signs in with the white-label token', async () => {
    const user = makeUser({ whitelabelId: 'wl1' });
    const { store, api } = setup({ api: { whitelabelLogin: async () => ({ token: 'wl-session', user }) } });
    await store.dispatch(whitelabelLogin('wl-token'));
    expect(api.whitelabelLogin).toHaveBeenCalledWith('wl-token');
    expect(store.getState().auth).toMatchObject({ status: 'success', token: 'wl-session', user });
  });

  it('fails with the server message', async () => {
    const { store } = setup({ api: { whitelabelLogin: async () => Promise.reject(apiError(401, 'The white-label access token is not valid.')) } });
    await store.dispatch(whitelabelLogin('bad'));
    expect(store.getState().auth).toMatchObject({ status: 'fail', token: null, error: 'The white-label access token is not valid.' });
  });
});

describe('logout thunk', () => {
  it('keeps the token while the server ends the session, and clears everything once fulfilled', async () => {
    const ended = deferred<undefined>();
    const { store, api } = await signedIn();
    api.logout.mockReturnValue(ended.promise);
    const call = store.dispatch(logout());
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.token).toBe('tok-1');
    expect(store.getState().auth.user).not.toBeNull();
    ended.resolve(undefined);
    await call;
    expect(store.getState().auth).toEqual({ status: 'logout', token: null, user: null, loginTime: null, error: null });
  });

  it('clears locally even when the server call fails', async () => {
    const { store, api } = await signedIn();
    api.logout.mockRejectedValue(apiError(401));
    const result = await store.dispatch(logout());
    expect(result.type).toBe(logout.fulfilled.type);
    expect(store.getState().auth).toMatchObject({ status: 'logout', token: null, user: null });
  });

  it('does not call the server with callServer: false', async () => {
    const { store, api } = await signedIn();
    await store.dispatch(logout({ callServer: false }));
    expect(api.logout).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ status: 'logout', token: null });
  });
});

describe('loadCurrentUser thunk', () => {
  it('loads the user of a stored token', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.token, 'stored');
    const user = makeUser({ name: 'Loaded' });
    const { store } = setup({ storage, api: { currentUser: async () => user } });
    expect(store.getState().auth.status).toBe('start');
    await store.dispatch(loadCurrentUser());
    expect(store.getState().auth).toMatchObject({ status: 'success', token: 'stored', user });
  });

  it("rejected while 'start' goes to logout and forgets the token", async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.token, 'dead');
    storage.setItem(STORAGE_KEYS.loginTime, '1700000000000');
    const { store } = setup({ storage, api: { currentUser: async () => Promise.reject(apiError(401)) } });
    await store.dispatch(loadCurrentUser());
    expect(store.getState().auth).toEqual({ status: 'logout', token: null, user: null, loginTime: null, error: null });
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.loginTime)).toBeNull();
  });

  it('rejected in any other state changes nothing (a failed refresh keeps the session)', async () => {
    const { store, storage, api } = await signedIn();
    const before = store.getState().auth;
    api.currentUser.mockRejectedValue(apiError(500, 'Boom'));
    await store.dispatch(loadCurrentUser());
    expect(store.getState().auth).toEqual(before);
    expect(storage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
  });
});

describe('auth reducers', () => {
  const signedInState: AuthState = { status: 'success', token: 't', user: makeUser(), loginTime: 1, error: null };

  it('loggedOut returns the default state with status logout', () => {
    expect(authReducer(signedInState, loggedOut())).toEqual({ status: 'logout', token: null, user: null, loginTime: null, error: null });
  });

  it('userUpdated replaces the user only', () => {
    const user = makeUser({ name: 'Renamed' });
    expect(authReducer(signedInState, userUpdated(user))).toEqual({ ...signedInState, user });
  });

  it('login.rejected without a payload stores no message', () => {
    const state = authReducer(initialAuthState(), login.rejected(new Error('x'), 'r', credentials));
    expect(state).toMatchObject({ status: 'fail', error: null });
  });
});

describe('selectors', () => {
  const state = (user: ReturnType<typeof makeUser> | null, token: string | null = 't') => ({
    auth: { status: 'success' as const, token, user, loginTime: null, error: null },
    ui: { dialog: null, toasts: [], expiredNoticeShown: false, restored: { seq: 0, testIds: [] } },
  });

  it('expiry follows remainingDays; unknown without a user', () => {
    expect(selectRemainingDays(state(null))).toBeNull();
    expect(selectIsExpired(state(null))).toBe(false);
    expect(selectIsExpiring(state(null))).toBe(false);
    expect(selectIsExpired(state(makeUser({ remainingDays: 0 })))).toBe(true);
    expect(selectIsExpiring(state(makeUser({ remainingDays: 0 })))).toBe(false);
    expect(selectIsExpiring(state(makeUser({ remainingDays: 14 })))).toBe(true);
    expect(selectIsExpiring(state(makeUser({ remainingDays: 15 })))).toBe(false);
  });

  it('flags and login', () => {
    expect(selectIsLoggedIn(state(null, null))).toBe(false);
    expect(selectIsLoggedIn(state(null, 't'))).toBe(true);
    expect(selectCanUseGlobalLibrary(state(makeUser({ isSharedGlobal: true })))).toBe(true);
    expect(selectCanUseGlobalLibrary(state(makeUser()))).toBe(false);
    expect(selectCanBulkUpload(state(makeUser({ enableViduParser: true })))).toBe(true);
    expect(selectCanBulkUpload(state(makeUser()))).toBe(false);
  });
});

describe('store persistence (makeStore)', () => {
  it('writes testforge.token and the login time on login', async () => {
    const { storage } = await signedIn();
    expect(STORAGE_KEYS.token).toBe('testforge.token');
    expect(storage.getItem('testforge.token')).toBe('tok-1');
    expect(Number(storage.getItem(STORAGE_KEYS.loginTime))).toBeGreaterThan(0);
  });

  it('writes the token on white-label login too', async () => {
    const { store, storage } = setup({ api: { whitelabelLogin: async () => ({ token: 'wl-session', user: makeUser() }) } });
    await store.dispatch(whitelabelLogin('wl'));
    expect(storage.getItem('testforge.token')).toBe('wl-session');
  });

  it('writes nothing on a failed login', async () => {
    const { store, storage } = setup({ api: { login: async () => Promise.reject(apiError(400, 'No')) } });
    await store.dispatch(login(credentials));
    expect(storage.length).toBe(0);
  });

  it('removes the token and login time on logout, once the server call is over', async () => {
    const ended = deferred<undefined>();
    const { store, storage, api } = await signedIn();
    storage.setItem(STORAGE_KEYS.language, 'vi');
    api.logout.mockReturnValue(ended.promise);
    const call = store.dispatch(logout());
    expect(storage.getItem('testforge.token')).toBe('tok-1');
    ended.resolve(undefined);
    await call;
    expect(storage.getItem('testforge.token')).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.loginTime)).toBeNull();
    // Other preferences stay.
    expect(storage.getItem(STORAGE_KEYS.language)).toBe('vi');
  });

  it('a new store starts from the stored session', async () => {
    const { storage } = await signedIn();
    const next = makeStore({ api: createMockApi(), storage });
    expect(next.getState().auth).toMatchObject({ status: 'start', token: 'tok-1', user: null });
  });

  it('gives thunks the api it was made with', async () => {
    const { store, api } = setup();
    await store.dispatch(loadCurrentUser());
    expect(api.currentUser).toHaveBeenCalledTimes(1);
  });
});
