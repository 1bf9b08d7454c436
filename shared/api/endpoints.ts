import type { AxiosInstance } from 'axios';
import type { DefaultTestSettings } from '../domain/testSettings';
import type { AuthUser, LoginResult, OrgLoginSettings, OrgSummary, PremiumTutor } from './types';

/** Typed calls of the API, shared by the portal and the add-in. Each unwraps the `{ data }` envelope. */
export function createEndpoints(http: AxiosInstance) {
  const own = { handlesOwnErrors: true };
  return {
    login: async (body: { orgCode: string; email: string; password: string }) =>
      (await http.post<{ data: LoginResult }>('/auth/login', body, own)).data.data,
    whitelabelLogin: async (wlToken: string) =>
      (await http.get<{ data: LoginResult }>('/v2/user/wl-login', { ...own, headers: { 'x-wl-access-token': wlToken } })).data.data,
    currentUser: async () => (await http.get<{ data: { user: AuthUser } }>('/auth/user')).data.data.user,
    logout: async () => {
      await http.post('/auth/logout', undefined, { ...own, ignoreUnauthorized: true });
    },
    changePassword: async (body: { currentPassword: string; newPassword: string }) =>
      (await http.post<{ data: { message: string } }>('/auth/changePassword', body, own)).data.data,
    forgotPassword: async (body: { email: string; orgCode: string }) =>
      (await http.post<{ data: { message: string } }>('/auth/forgotPassword', body, own)).data.data,
    resetPassword: async (body: { email: string; newPassword: string; resetToken: string }) =>
      (await http.post<{ data: { message: string } }>('/auth/resetPassword', body, own)).data.data,
    verifyOrg: async (code: string) =>
      (await http.get<{ data: OrgSummary }>(`/v2/verify/org/${encodeURIComponent(code)}`, own)).data.data,
    orgLoginSettings: async (orgId: string) =>
      (await http.get<{ data: OrgLoginSettings }>('/v2/org/login-settings', { ...own, params: { orgId }, headers: { 'API-VERSION': '1' } })).data.data,
    defaultSettings: async () => (await http.get<{ data: { settings: DefaultTestSettings } }>('/v2/auth/default-settings')).data.data.settings,
    updateDefaultSettings: async (settings: Partial<DefaultTestSettings>) =>
      (await http.patch<{ data: { settings: DefaultTestSettings } }>('/v2/user/update-default-settings', { settings })).data.data.settings,
    clpDefaultSettings: async () => (await http.get<{ data: { settings: DefaultTestSettings } }>('/v2/auth/clp-default-settings')).data.data.settings,
    reportedCount: async () =>
      (await http.get<{ data: { activeReportedCount: number } }>('/v2/report-repo/count')).data.data.activeReportedCount,
    premiumTutors: async () => (await http.get<{ data: { premiumTutors: PremiumTutor[] } }>('/v2/user/premiumTutors')).data.data.premiumTutors,
    sendSupportNotification: async (userId: string) =>
      (await http.post<{ data: { message: string } }>('/v2/infobip/notification', { userId })).data.data,
    requestCallBack: async (phoneNo: string) =>
      (await http.post<{ data: { message: string } }>('/v2/user/receiveCallBack', { phoneNo })).data.data,
    whatsNewSlides: async () =>
      (await http.get<{ data: { urlForWhatsNewModel: string[] } }>('/v2/assets/url-for-whats-new-model')).data.data.urlForWhatsNewModel,
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
