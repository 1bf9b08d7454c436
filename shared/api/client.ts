import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { ApiErrorBody } from './types';

export const SESSION_TIMED_OUT = 'Session Timed Out. Please Login Again.';
export const SOMETHING_WENT_WRONG = 'Something went wrong';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Calls that show their own failures (login, password forms, ...): no automatic error toast. */
    handlesOwnErrors?: boolean;
    /** A 401 here is expected (logging out a session that already ended): no session-timeout handling. */
    ignoreUnauthorized?: boolean;
  }
}

export interface ApiClientHooks {
  baseURL: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** 401: the session is gone; the message is 'Session Timed Out. Please Login Again.' */
  onSessionTimedOut: () => void;
  /** 403 SUBSCRIPTION_EXPIRED: open the expired-subscription modal. */
  onSubscriptionExpired: () => void;
  /** Any other failure: toast the server's message (or 'Something went wrong') under the title Error. */
  onError: (message: string) => void;
}

/** The message to show for a failed call: the server's own, else the fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return SOMETHING_WENT_WRONG;
}

/** The machine code of a failed call (`STUDENT_PROOF_REQUIRED`, ...), or null. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof AxiosError)) return null;
  const code = (error.response?.data as Partial<ApiErrorBody> | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * The one HTTP client of the portal and the add-in: every call carries accept-language and
 * x-access-token, and failures are routed to the hooks in one place.
 */
export function createApiClient(hooks: ApiClientHooks): AxiosInstance {
  const client = axios.create({ baseURL: hooks.baseURL, timeout: 30_000 });
  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    config.headers.set('accept-language', hooks.getLanguage());
    const token = hooks.getToken();
    if (token) config.headers.set('x-access-token', token);
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError) {
      const status = error.response?.status;
      if (status === 401) {
        if (!error.config?.ignoreUnauthorized) hooks.onSessionTimedOut();
      } else if (status === 403 && (error.response?.data as Partial<ApiErrorBody> | undefined)?.code === 'SUBSCRIPTION_EXPIRED') {
        hooks.onSubscriptionExpired();
      } else if (!error.config?.handlesOwnErrors && !axios.isCancel(error)) hooks.onError(errorMessage(error));
    }
    return Promise.reject(error);
  });
  return client;
}
