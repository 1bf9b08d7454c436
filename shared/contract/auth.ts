import type { OrgBranding } from '../domain/branding';
import type { Equals } from './typeCheck';
import { z } from './zod';

/** Signing in and passwords (spec section 7, Auth). */

const text = (max: number) => z.string().trim().min(1).max(max);

export const loginBody = z.object({
  orgCode: text(64),
  email: text(254),
  password: z.string().min(1).max(1024),
});

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
});

export const forgotPasswordBody = z.object({ email: text(254), orgCode: text(64) });

export const resetPasswordBody = z.object({
  email: text(254),
  newPassword: z.string().min(1).max(1024),
  resetToken: text(200),
});

export const orgCodeParams = z.object({ code: text(64) });
export const orgIdQuery = z.object({ orgId: text(64) });

export const region = z.object({ dateTimeStamp: z.string(), timezone: z.string().optional() });
export type Region = z.infer<typeof region>;

/** The Auth user of spec section 3. */
export const authUser = z.object({
  _id: z.string(),
  userId: z.string(),
  token: z.string().optional(),
  name: z.string(),
  email: z.string(),
  contact: z.object({ countryCode: z.string(), mobile: z.string() }),
  role: z.array(z.string()),
  allowSharing: z.boolean(),
  organization: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  allowGpscType: z.boolean(),
  whitelabelId: z.string().nullable(),
  isFirstLogin: z.boolean(),
  isSharedGlobal: z.boolean(),
  isTbTestEnabled: z.boolean(),
  isBilingualEnabled: z.boolean(),
  enableViduParser: z.boolean(),
  isCLPEditor: z.boolean(),
  cmsTestPreviewUrl: z.string(),
  tbTestPreviewUrl: z.string(),
  cmsPreviewUrl: z.string(),
  tbPreviewUrl: z.string(),
  buildType: z.string(),
  region,
  orgLocation: z.string().nullable(),
  subscriptionEndsAt: z.string(),
  remainingDays: z.number(),
  showExpiredModal: z.boolean(),
  showExpiringHeader: z.boolean(),
  showExpiringModal: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;

export const loginResult = z.object({ token: z.string(), user: authUser });
export type LoginResult = z.infer<typeof loginResult>;
export type LoginBody = z.input<typeof loginBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Every failure's body: a message for people, a code for programs, and the fields at fault (400). */
export const apiErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const premiumTutor = z.object({ mobile: z.string(), countryExt: z.string() });
export type PremiumTutor = z.infer<typeof premiumTutor>;

export const orgSummary = z.object({ orgId: z.string(), code: z.string(), name: z.string() });
export type OrgSummary = z.infer<typeof orgSummary>;

export const orgBranding = z.object({ logoUrl: z.string().nullable(), brandColor: z.string().nullable(), welcome: z.string().nullable() });
true satisfies Equals<z.infer<typeof orgBranding>, OrgBranding>;

export const orgLoginSettings = orgSummary.extend({
  ...orgBranding.shape,
  whitelabelId: z.string().nullable(),
  /** Sign-in methods the organisation allows; white-label organisations sign in through their own site. */
  loginMethods: z.array(z.enum(['password', 'whitelabel'])),
});
export type OrgLoginSettings = z.infer<typeof orgLoginSettings>;
