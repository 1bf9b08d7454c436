import type { i18n } from 'i18next';
import { createApiClient } from '@shared/api/client';
import { createEndpoints, type Endpoints } from '@shared/api/endpoints';
import { logout } from '../features/auth/authSlice';
import { dialogOpened, toastQueued } from './uiSlice';
import { makeStore, type AppStore } from './store';

export interface PortalServices {
  store: AppStore;
  api: Endpoints;
}

/**
 * Wires the API client to the store: the client reads the token and language from it, and
 * turns 401, 403 and other failures into store actions (logout, expired modal, error toast).
 */
export function createPortalServices(i18nInstance: i18n, storage: Storage = window.localStorage): PortalServices {
  let store: AppStore | undefined;
  const http = createApiClient({
    baseURL: '/api',
    getToken: () => store?.getState().auth.token ?? null,
    getLanguage: () => i18nInstance.language,
    onSessionTimedOut: () => {
      if (!store?.getState().auth.token) return;
      store.dispatch(toastQueued({ intent: 'error', title: i18nInstance.t('common.errorTitle'), body: i18nInstance.t('errors.sessionTimedOut') }));
      void store.dispatch(logout({ callServer: false }));
    },
    onSubscriptionExpired: () => store?.dispatch(dialogOpened('subscriptionExpired')),
    onError: (message) => store?.dispatch(toastQueued({ intent: 'error', title: i18nInstance.t('common.errorTitle'), body: message })),
  });
  const api = createEndpoints(http);
  store = makeStore({ api, storage });
  return { store, api };
}
