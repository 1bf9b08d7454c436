/** Help widget constants of spec section 9. */
export const CALLBACK_PHONE_LENGTH = 10;
export const CALLBACK_PROMISE_MINUTES = 5;

/** A phone number holds digits only (issue 17: the call-back form took any 10 characters). */
export const isPhoneDigits = (phone: string) => /^[0-9]*$/.test(phone);

/** What is wrong with a call-back number, if anything: the server's 400 and the form's message say the same. */
export function callbackNumberProblem(phone: string): 'phoneDigits' | 'phoneLength' | null {
  if (!isPhoneDigits(phone)) return 'phoneDigits';
  if (phone.length !== CALLBACK_PHONE_LENGTH) return 'phoneLength';
  return null;
}

/** Spec section 9: exactly 10 characters, and (issue 17) every one a digit. */
export function isValidCallbackNumber(phone: string): boolean {
  return callbackNumberProblem(phone) === null;
}
