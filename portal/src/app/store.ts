import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { authReducer, initialAuthState, loadCurrentUser, login, logout, whitelabelLogin } from '../../../shared/state/authSlice';
import { uiReducer } from '../../../shared/state/uiSlice';
import { libraryReducer } from '../../../shared/state/librarySlice';
import { editorReducer } from '../../../shared/state/editorSlice';
import { STORAGE_KEYS } from '../../../shared/state/storageKeys';
import type { Endpoints } from '../../../shared/api/endpoints';

const rootReducer = combineReducers({ auth: authReducer, ui: uiReducer, library: libraryReducer, editor: editorReducer });
export type RootState = ReturnType<typeof rootReducer>;

/** A typed store; tests make their own with a fake-free API pointed at a real server. */
export function makeStore({ api, storage }: { api: Endpoints; storage: Storage }) {
  const persistence = createListenerMiddleware();
  // The session outlives a reload: the token and login time are kept in local storage.
  persistence.startListening({
    matcher: isAnyOf(login.fulfilled, whitelabelLogin.fulfilled),
    effect: (action) => {
      storage.setItem(STORAGE_KEYS.token, (action as unknown as { payload: { token: string } }).payload.token);
      storage.setItem(STORAGE_KEYS.loginTime, String(Date.now()));
    },
  });
  persistence.startListening({
    matcher: isAnyOf(logout.fulfilled, loadCurrentUser.rejected),
    effect: (_action, listenerApi) => {
      if ((listenerApi.getState() as RootState).auth.token) return;
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.loginTime);
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState: { auth: initialAuthState(storage) },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api, storage } } }).prepend(persistence.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
