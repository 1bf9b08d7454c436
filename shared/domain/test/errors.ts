import { serverMessage, type ServerMessageKey } from '../../i18n/serverMessages';

/**
 * A rule of the test model refused a change. The server answers it as is (status, code, the
 * message in the caller's language, and the field when the refusal is about one); the editor
 * shows `message`, or translates `key` with `params`.
 */
export class TestRuleError extends Error {
  constructor(
    readonly status: 400 | 403 | 409,
    readonly code: string,
    readonly key: ServerMessageKey,
    readonly params: Record<string, string | number> = {},
    /** The input field the refusal is about, as the client wrote it (`questionIds.2`). */
    readonly field?: string,
  ) {
    super(serverMessage('en', key, params));
    this.name = 'TestRuleError';
  }
}

/** 400 about one field of the input. */
export const invalidField = (field: string, key: ServerMessageKey, params: Record<string, string | number> = {}) =>
  new TestRuleError(400, 'VALIDATION_ERROR', key, { field, ...params }, field);
