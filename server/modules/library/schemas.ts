import { z } from 'zod';

/** Names of folders and tests: trimmed, not empty, at most 200 characters. */
export const NAME_MAX_LENGTH = 200;
export const name = z.string().trim().min(1).max(NAME_MAX_LENGTH);
const flag = z.enum(['true', 'false']).optional().transform((value) => value === 'true');
const id = z.string().trim().min(1).max(64);

export const childrenParams = z.object({ id });
export const childrenQuery = z.object({
  folderLimit: z.coerce.number().int().min(0).max(500).default(100),
  folderOffset: z.coerce.number().int().min(0).default(0),
  testLimit: z.coerce.number().int().min(0).max(100).default(10),
  testOffset: z.coerce.number().int().min(0).default(0),
  showRecent: flag,
  isGlobal: flag,
  searchString: z.string().trim().max(200).optional(),
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

const ids = z.array(id).max(10_000).default([]);
const selection = {
  parentFolderId: id.default('0'),
  selectAll: z.boolean().default(false),
  searchString: z.string().trim().max(200).optional(),
  isGlobal: z.boolean().default(false),
};

export const moveBody = z.object({ ...selection, destinationFolderId: id, folderIds: ids, testIds: ids });
export const deleteFoldersBody = z.object({ ...selection, folderIds: ids });
export const deleteTestsBody = z.object({ ...selection, testIds: ids });

export const TAG_MAX_LENGTH = 50;
export const DEFAULT_TEST_NAME = 'New Test';
export const DEFAULT_TEST_DURATION_MS = 30 * 60_000;

export const createTestBody = z.object({
  name: name.default(DEFAULT_TEST_NAME),
  parentFolderId: id.default('0'),
  tags: z.array(z.string().trim().min(1).max(TAG_MAX_LENGTH)).max(100).default([]),
  duration: z.number().int().min(0).max(7 * 24 * 3_600_000).default(DEFAULT_TEST_DURATION_MS),
  language: z.string().trim().min(1).max(40).default('English'),
  isGlobal: z.boolean().default(false),
});
export const copyTestParams = z.object({ id });
export const copyTestBody = z.object({ name, isGlobal: z.boolean().default(false) });
export const tagsQuery = z.object({ search: z.string().trim().max(TAG_MAX_LENGTH).optional(), isGlobal: flag });
export const tutorsQuery = z.object({ search: z.string().trim().max(200).optional() });
const tutorIds = z.array(id).min(1).max(500);
export const shareFoldersBody = z.object({ ...selection, folderIds: ids, tutorIds });
export const shareTestsBody = z.object({ ...selection, testIds: ids, tutorIds });
