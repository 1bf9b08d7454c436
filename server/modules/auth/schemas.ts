import { z } from 'zod';

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
