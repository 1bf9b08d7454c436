import type { z } from 'zod';
import { badRequest, type AppError } from '../../http/errors';

/** A form field that the form schema refused: 400 naming it, as a refused JSON field is. */
export function formFieldError(error: z.ZodError, form: Record<string, unknown>): AppError {
  const issue = error.issues[0];
  const field = issue.path.join('.') || 'body';
  // A field of JSON (an import's column mapping) is refused inside: named by its path, sent or not by its own name.
  const sent = form[String(issue.path[0] ?? field)] !== undefined;
  if (issue.code === 'unrecognized_keys') return badRequest(issue.path.length ? `${field}.${issue.keys[0]}` : (issue.keys[0] ?? field), 'unknownField');
  return badRequest(field, sent ? 'fieldInvalid' : 'fieldRequired', { reason: issue.message });
}
