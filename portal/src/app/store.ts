import { combineSlices, configureStore, createListenerMiddleware, isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { authReducer, initialAuthState, loadCurrentUser, login, logout, whitelabelLogin, type ThunkExtra } from '../features/auth/authSlice';
import { uiReducer } from './uiSlice';
import { libraryReducer } from '../features/library/librarySlice';
import type { EditorState } from '../features/editor/editorSlice';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import type { Endpoints } from '@shared/api/endpoints';

/**
 * The editor's slice (and the test rules it carries) joins when the editor's code loads
 * (features/editor/editorState.ts): the sign-in page's first download does without it. Its
 * state is read through `selectEditor`, which gives the initial state until the slice's first action.
 */
export const rootReducer = combineSlices({ auth: authReducer, ui: uiReducer, library: libraryReducer }).withLazyLoadedSlices<{ editor: EditorState }>();
/** With the editor: thunks of the editor slice are typed against it (they run once it is injected). */
export type RootState = ReturnType<typeof rootReducer> & { editor: EditorState };

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
/** The store's dispatch, with the editor's thunks (typed against RootState, editor included). */
export type AppDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction>;
