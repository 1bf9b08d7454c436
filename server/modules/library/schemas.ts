import { z } from 'zod';
import { NAME_MAX_LENGTH, TAG_MAX_LENGTH } from '../../../shared/domain/names';

export { NAME_MAX_LENGTH, TAG_MAX_LENGTH };

/** Names of folders and tests: trimmed, not empty, at most 200 characters (the portal checks the same). */
export const name = z.string().trim().min(1).max(NAME_MAX_LENGTH);
const flag = z.enum(['true', 'false']).optional().transform((value) => value === 'true');
export const id = z.string().trim().min(1).max(64);

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
      return value.split(',').map((v) => v.trim()).filter(Boolean);
    })
    .pipe(z.array(item).max(maxItems));
}

/** At most this many tags in a filter. */
export const FILTER_TAGS_MAX = 20;
const tag = z.string().trim().min(1).max(TAG_MAX_LENGTH);
const uniqueTags = (tags: string[]) => [...new Set(tags)];
/** `filters` of a selection (decisions section 4): tests carrying every one of `tags`. */
const filters = z.object({ tags: z.array(tag).max(FILTER_TAGS_MAX).transform(uniqueTags).optional() }).optional();

export const childrenParams = z.object({ id });
export const childrenQuery = z.object({
  folderLimit: z.coerce.number().int().min(0).max(500).default(100),
  folderOffset: z.coerce.number().int().min(0).default(0),
  testLimit: z.coerce.number().int().min(0).max(100).default(10),
  testOffset: z.coerce.number().int().min(0).default(0),
  showRecent: flag,
  isGlobal: flag,
  searchString: z.string().trim().max(200).optional(),
  /** Only tests carrying all of these tags (folders are not listed while it is set). */
  tags: listParam(tag, FILTER_TAGS_MAX).transform(uniqueTags),
});

export const createFolderBody = z.object({
  name,
  details: z.string().trim().max(2000).default(''),
  parentFolderId: id.default('0'),
  isGlobal: z.boolean().default(false),
});

export const updateFolderBody = z
  .object({ folderId: id, name: name.optional(), details: z.string().trim().max(2000).optional(), isGlobal: z.boolean().default(false) })
  .refine((body) => body.name !== undefined || body.details !== undefined, { message: 'give name or details', path: ['name'] });

export const ids = z.array(id).max(10_000).default([]);
/** The fields of every selection body (see selection.ts). */
export const selectionFields = {
  parentFolderId: id.default('0'),
  selectAll: z.boolean().default(false),
  searchString: z.string().trim().max(200).optional(),
  filters,
  isGlobal: z.boolean().default(false),
};

export const moveBody = z.object({ ...selectionFields, destinationFolderId: id, folderIds: ids, testIds: ids });
/** `includeTests`: the test selection (`testIds`, or all with selectAll) goes in the same transaction. */
export const deleteFoldersBody = z.object({ ...selectionFields, folderIds: ids, testIds: ids, includeTests: z.boolean().default(false) });
export const deleteTestsBody = z.object({ ...selectionFields, testIds: ids });

export const DEFAULT_TEST_NAME = 'New Test';
export const DEFAULT_TEST_DURATION_MS = 30 * 60_000;

export const createTestBody = z.object({
  name: name.default(DEFAULT_TEST_NAME),
  parentFolderId: id.default('0'),
  tags: z.array(tag).max(100).default([]),
  duration: z.number().int().min(0).max(7 * 24 * 3_600_000).default(DEFAULT_TEST_DURATION_MS),
  language: z.string().trim().min(1).max(40).default('English'),
  isGlobal: z.boolean().default(false),
});
export const copyTestParams = z.object({ id });
export const copyTestBody = z.object({ name, isGlobal: z.boolean().default(false) });
export const tagsQuery = z.object({ search: z.string().trim().max(TAG_MAX_LENGTH).optional(), isGlobal: flag });
export const tutorsQuery = z.object({ search: z.string().trim().max(200).optional() });
const tutorIds = z.array(id).min(1).max(500);
export const shareFoldersBody = z.object({ ...selectionFields, folderIds: ids, tutorIds });
export const shareTestsBody = z.object({ ...selectionFields, testIds: ids, tutorIds });
