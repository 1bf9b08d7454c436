import { id, queryFlag as flag } from './fields';
import { z } from './zod';

/**
 * The Trash (issue 17): deleted tests, folders and questions, kept TRASH_DAYS days and then
 * deleted for good. The listing is the caller's library's (My Library, or the Global Library
 * with `isGlobal`); restore and delete-forever take the items' ids.
 */
export const TRASH_DAYS = 30;
/** At most this many items restored or deleted in one call. */
export const TRASH_IDS_MAX = 100;

export const trashKinds = ['test', 'folder', 'question'] as const;
export type TrashKind = (typeof trashKinds)[number];

export const trashQuery = z.object({
  isGlobal: flag,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const trashIdsBody = z.object({
  ids: z.array(id).min(1).max(TRASH_IDS_MAX),
  isGlobal: z.boolean().default(false),
});

export type TrashIdsBody = z.input<typeof trashIdsBody>;
/** What a delete answers besides the spec's fields: the Trash's items it made (the portal's Undo restores them). */
export interface Undoable {
  trashIds?: string[];
}

export const trashItem = z.object({
  id: z.string(),
  kind: z.enum(trashKinds),
  name: z.string(),
  /** Where it was, outermost first: folder names (empty: the library root), or a question's test and section. */
  location: z.array(z.string()),
  deletedAt: z.string(),
  /** When it is deleted for good. */
  expiresAt: z.string(),
  daysLeft: z.number().int(),
  /** A question's test (to open it after a restore). */
  testId: z.string().nullable(),
});
export type TrashItem = z.infer<typeof trashItem>;

export const trashListing = z.object({ items: z.array(trashItem), total: z.number().int() });
export type TrashListing = z.infer<typeof trashListing>;

/** How each item came back: where it was (`place`), the library root (its folder is gone), or the end of another section. */
export const trashRestoredItem = z.object({
  id: z.string(),
  kind: z.enum(trashKinds),
  name: z.string(),
  placed: z.enum(['place', 'end', 'root', 'otherSection']),
  testId: z.string().nullable(),
  note: z.string().nullable(),
});
export type TrashRestoredItem = z.infer<typeof trashRestoredItem>;
export const trashRestoreResult = z.object({ message: z.string(), restored: z.array(trashRestoredItem) });
export type TrashRestoreResult = z.infer<typeof trashRestoreResult>;
export const trashDeleteResult = z.object({ message: z.string(), deletedCount: z.number().int() });
export type TrashDeleteResult = z.infer<typeof trashDeleteResult>;
