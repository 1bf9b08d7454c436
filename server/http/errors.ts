import type { ServerMessageKey } from '@shared/i18n/serverMessages';

/**
 * An error meant for the user: an HTTP status, a machine code, and a message key that is
 * translated into the request's language when the error is sent.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: ServerMessageKey,
    readonly params: Record<string, string | number> = {},
    readonly details?: { field: string; message: string }[],
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

const NOT_FOUND_MESSAGES = {
  folder: 'folderNotFound',
  test: 'testNotFound',
  batch: 'batchNotFound',
  chapter: 'chapterNotFound',
  subject: 'subjectNotFound',
  tutor: 'tutorNotFound',
  user: 'userNotFound',
  library: 'libraryNotFound',
  organisation: 'organisationNotFound',
  trashItem: 'trashItemNotFound',
} as const satisfies Record<string, ServerMessageKey>;

/** 404, with a message that says what is missing in the user's language. */
export const notFound = (what: keyof typeof NOT_FOUND_MESSAGES | 'resource' = 'resource') =>
  new AppError(404, 'NOT_FOUND', what === 'resource' ? 'notFound' : NOT_FOUND_MESSAGES[what], { what });
/**
 * 400 naming the field. 'fieldInvalid' says why ("The field "body" is invalid: {reason}"), so it
 * cannot be called without a reason (issue 29: a PUT of a picture once answered "{reason}").
 */
export function badRequest(field: string, key: Exclude<ServerMessageKey, 'fieldInvalid'>, params?: Record<string, string | number>): AppError;
export function badRequest(field: string, key: ServerMessageKey, params: Record<string, string | number> & { reason: string }): AppError;
export function badRequest(field: string, key: ServerMessageKey, params: Record<string, string | number> = {}): AppError {
  return new AppError(400, 'VALIDATION_ERROR', key, { field, ...params }, [{ field, message: key }]);
}
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'unauthorized');
export const subscriptionExpired = () => new AppError(403, 'SUBSCRIPTION_EXPIRED', 'subscriptionExpired');
