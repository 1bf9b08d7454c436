import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorMessage } from '@shared/api/client';
import type { Endpoints } from '@shared/api/endpoints';
import type { AuthUser } from '@shared/api/types';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';

export interface ThunkExtra {
  api: Endpoints;
  storage: Storage;
}

/** Auth states of spec section 4: start, success, fail, logout (idle before anything happened). */
export type AuthStatus = 'idle' | 'start' | 'success' | 'fail' | 'logout';

export interface AuthState {
  status: AuthStatus;
  token: string | null;
  user: AuthUser | null;
  loginTime: number | null;
  error: string | null;
}

export function initialAuthState(storage?: Storage): AuthState {
  const token = storage?.getItem(STORAGE_KEYS.token) ?? null;
  const loginTime = Number(storage?.getItem(STORAGE_KEYS.loginTime)) || null;
  return { status: token ? 'start' : 'idle', token, user: null, loginTime, error: null };
}

type Thunk = { extra: ThunkExtra; rejectValue: string };

/** A thunk that calls the API; a refusal is rejected with the server's message (what the sign-in page shows). */
function apiThunk<Result, Arg = void>(type: string, call: (api: Endpoints, arg: Arg) => Promise<Result>) {
  return createAsyncThunk<Result, Arg, Thunk>(type, async (arg, { extra, rejectWithValue }) => {
    try {
      return await call(extra.api, arg);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

export const login = apiThunk('auth/login', (api, credentials: { orgCode: string; email: string; password: string }) => api.login(credentials));

export const whitelabelLogin = apiThunk('auth/whitelabelLogin', (api, wlToken: string) => api.whitelabelLogin(wlToken));

/** Loads the user behind a stored token (a 401 here logs out through the API client). */
export const loadCurrentUser = apiThunk('auth/loadCurrentUser', (api) => api.currentUser());

/** Ends the session on the server (best effort) and forgets everything locally. */
export const logout = createAsyncThunk<void, { callServer: boolean } | undefined, Thunk>('auth/logout', async (options, { extra }) => {
  if (options?.callServer !== false) {
    try {
      await extra.api.logout();
    } catch {
      /* the token may be dead already: logging out locally is what matters */
    }
  }
});

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState(),
  reducers: {
    /** Logout clears token, profile, login time and expiry data, back to the default state. */
    loggedOut: () => ({ ...initialAuthState(), status: 'logout' as const }),
    userUpdated: (state, action: PayloadAction<AuthUser>) => {
      state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    const started = (state: AuthState) => {
      state.status = 'start';
      state.error = null;
    };
    const succeeded = (state: AuthState, action: PayloadAction<{ token: string; user: AuthUser }>) => {
      state.status = 'success';
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.loginTime = Date.now();
      state.error = null;
    };
    const failed = (state: AuthState, action: { payload?: string }) => {
      state.status = 'fail';
      state.error = action.payload ?? null;
    };
    builder
      .addCase(login.pending, started)
      .addCase(login.fulfilled, succeeded)
      .addCase(login.rejected, failed)
      .addCase(whitelabelLogin.pending, started)
      .addCase(whitelabelLogin.fulfilled, succeeded)
      .addCase(whitelabelLogin.rejected, failed)
      .addCase(loadCurrentUser.fulfilled, (state, action) => {
        state.status = 'success';
        state.user = action.payload;
      })
      .addCase(loadCurrentUser.rejected, (state) => {
        if (state.status === 'start') return { ...initialAuthState(), status: 'logout' as const };
        return state;
      })
      // Cleared once the server has ended the session: the call needs the token.
      .addCase(logout.fulfilled, () => ({ ...initialAuthState(), status: 'logout' as const }));
  },
});

export const { loggedOut, userUpdated } = authSlice.actions;
export const authReducer = authSlice.reducer;
