/** Shapes of the API's answers, shared by the server (which makes them) and the clients. */
import type { OrgBranding } from '../domain/branding';

export interface Region {
  dateTimeStamp: string;
  timezone?: string;
}

/** The Auth user of spec section 3. */
export interface AuthUser {
  _id: string;
  userId: string;
  token?: string;
  name: string;
  email: string;
  contact: { countryCode: string; mobile: string };
  role: string[];
  allowSharing: boolean;
  organization: { id: string; code: string; name: string };
  allowGpscType: boolean;
  whitelabelId: string | null;
  isFirstLogin: boolean;
  isSharedGlobal: boolean;
  isTbTestEnabled: boolean;
  isBilingualEnabled: boolean;
  enableViduParser: boolean;
  isCLPEditor: boolean;
  cmsTestPreviewUrl: string;
  tbTestPreviewUrl: string;
  cmsPreviewUrl: string;
  tbPreviewUrl: string;
  buildType: string;
  region: Region;
  orgLocation: string | null;
  subscriptionEndsAt: string;
  remainingDays: number;
  showExpiredModal: boolean;
  showExpiringHeader: boolean;
  showExpiringModal: boolean;
}

export interface LoginResult {
  token: string;
  user: AuthUser;
}

export interface ApiErrorBody {
  message: string;
  code: string;
  details?: { field: string; message: string }[];
}

export interface PremiumTutor {
  mobile: string;
  countryExt: string;
}

export interface OrgSummary {
  orgId: string;
  code: string;
  name: string;
}

export interface OrgLoginSettings extends OrgSummary, OrgBranding {
  whitelabelId: string | null;
  /** Sign-in methods the organisation allows; white-label organisations sign in through their own site. */
  loginMethods: ('password' | 'whitelabel')[];
}
