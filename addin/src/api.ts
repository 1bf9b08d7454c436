import { createApiClient } from '@shared/api/client';
import { createEndpoints, type Endpoints } from '@shared/api/endpoints';
import { createI18n } from '@shared/i18n/createI18n';
import { pickLanguage } from '@shared/i18n/languages';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';

/** The pane's one i18n instance: the language chosen before (in the pane or the portal), else the browser's. */
export const i18n = createI18n(pickLanguage(localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language));
i18n.on('languageChanged', (language) => localStorage.setItem(STORAGE_KEYS.language, language));

let token: string | null = localStorage.getItem(STORAGE_KEYS.token);
let sessionEnded: () => void = () => undefined;

export const session = {
  get token() {
    return token;
  },
  set(next: string | null) {
    token = next;
    if (next) localStorage.setItem(STORAGE_KEYS.token, next);
    else localStorage.removeItem(STORAGE_KEYS.token);
  },
  /** Called when the server says the session is over (401): the pane goes back to sign-in. */
  onEnded(listener: () => void) {
    sessionEnded = listener;
  },
};

/** The portal's API client (shared/api), against the server that serves the pane. */
export const api: Endpoints = createEndpoints(
  createApiClient({
    baseURL: '/api',
    getToken: () => token,
    getLanguage: () => i18n.language,
    onSessionTimedOut: () => {
      session.set(null);
      sessionEnded();
    },
    onSubscriptionExpired: () => undefined,
    // Each call's failure is shown where it happened (the pane has no global toaster for them).
    onError: () => undefined,
  }),
);
