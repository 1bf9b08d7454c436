/** The password rule the server enforces, shown and checked early in the forms. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'tooShort' | 'mismatch' | null;

export function checkNewPassword(password: string, confirmation: string): PasswordProblem {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password !== confirmation) return 'mismatch';
  return null;
}
