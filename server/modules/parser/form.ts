import type { z } from 'zod';
import { badRequest, type AppError } from '../../http/errors';

/** A form field that the form schema refused: 400 naming it, as a refused JSON field is. */
export function formFieldError(error: z.ZodError, form: Record<string, unknown>): AppError {
  const issue = error.issues[0];
  const field = issue.path.join('.') || 'body';
  if (issue.code === 'unrecognized_keys') return badRequest(issue.keys[0] ?? field, 'unknownField');
  return badRequest(field, form[field] === undefined ? 'fieldRequired' : 'fieldInvalid', { reason: issue.message });
}
