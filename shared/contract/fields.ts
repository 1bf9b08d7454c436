import { NAME_MAX_LENGTH } from '../domain/names';
import { z } from './zod';

/** Fields every resource's contract uses alike. */

/** An id in a path, query or body. */
export const id = z.string().trim().min(1).max(64);
/** A path's `{id}` (the resource the call is about). */
export const idParams = z.object({ id });
/** Names of folders and tests: trimmed, not empty, at most 200 characters (the portal checks the same). */
export const name = z.string().trim().min(1).max(NAME_MAX_LENGTH);
/** How an answer names a stored item (a folder, a test, a chapter...): its id and its name. */
export const namedItem = z.object({ _id: z.string(), name: z.string() });
/** The message every plain write answers. */
export const messageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResult>;

/** A query flag: `true` is true, anything else (or nothing) false. */
export const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/**
 * A query parameter holding a list: a JSON array of strings (`["a","b"]`) or a comma-separated
 * list (`a,b`, each part trimmed, empty parts dropped); each item is checked by `item`.
 */
export function listParam(item: z.ZodType<string, string>, maxItems: number) {
  return z
    .string()
    .max(5_000)
    .optional()
    .transform((value, ctx) => {
      if (!value) return [];
      if (value.trim().startsWith('[')) {
        try {
          const parsed = JSON.parse(value);
          if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return parsed as string[];
        } catch {
          /* reported below */
        }
        ctx.addIssue({ code: 'custom', message: 'expected a JSON array of strings' });
        return z.NEVER;
      }
      return value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
    })
    .pipe(z.array(item).max(maxItems));
}
