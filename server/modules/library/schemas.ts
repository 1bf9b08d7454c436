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
