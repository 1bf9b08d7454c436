/** Help widget constants of spec section 9. */
export const CALLBACK_PHONE_LENGTH = 10;
export const CALLBACK_PROMISE_MINUTES = 5;

export function isValidCallbackNumber(phone: string): boolean {
  return phone.length === CALLBACK_PHONE_LENGTH;
}
