import { TAG_MAX_LENGTH } from '../domain/names';
import { id, idParams, listParam, messageResult, type MessageResult, name, namedItem, queryFlag as flag } from './fields';
import { testTotals } from './editor';
import { z } from './zod';

/**
 * The library (spec sections 3 and 7): folders, tests, tags, sharing. The server validates the
 * requests with these schemas; the API client and the portal use the inferred types.
 */

/** At most this many tags in a filter. */
export const FILTER_TAGS_MAX = 20;
const tag = z.string().trim().min(1).max(TAG_MAX_LENGTH);
const uniqueTags = (tags: string[]) => [...new Set(tags)];
/** `filters` of a selection (decisions section 4): tests carrying every one of `tags`. */
const filters = z.object({ tags: z.array(tag).max(FILTER_TAGS_MAX).transform(uniqueTags).optional() }).optional();

export const childrenParams = idParams;
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
  duration: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000)
    .default(DEFAULT_TEST_DURATION_MS),
  language: z.string().trim().min(1).max(40).default('English'),
  isGlobal: z.boolean().default(false),
});
export const copyTestParams = idParams;
export const copyTestBody = z.object({ name, isGlobal: z.boolean().default(false) });
export const tagsQuery = z.object({ search: z.string().trim().max(TAG_MAX_LENGTH).optional(), isGlobal: flag });
export const tutorsQuery = z.object({ search: z.string().trim().max(200).optional() });
const tutorIds = z.array(id).min(1).max(500);
export const shareFoldersBody = z.object({ ...selectionFields, folderIds: ids, tutorIds });
export const shareTestsBody = z.object({ ...selectionFields, testIds: ids, tutorIds });

export type LibraryKind = 'local' | 'global';

/** Where a search hit lives: the folders from the library's root down to the one holding it (issue 14). */
export const itemLocation = z.array(namedItem);
export type ItemLocation = z.infer<typeof itemLocation>;
/** A folder or test as the library lists it: named, and where it lives (only in a search's answer). */
const listedItem = namedItem.extend({ location: itemLocation.optional() });

export const libraryFolder = listedItem.extend({
  details: z.string(),
  parentFolderId: z.string(),
  level: z.number().int(),
  /** How many folders this folder holds (listings only). */
  folderCount: z.number().int().optional(),
  childFolders: z.number().int().optional(),
  isShared: z.boolean(),
  sharedBy: z.string().nullable(),
  sharable: z.boolean(),
  isGlobal: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LibraryFolder = z.infer<typeof libraryFolder>;

export const linkTarget = namedItem;
export type LinkTarget = z.infer<typeof linkTarget>;
export const testLinks = z.object({ chapters: z.array(linkTarget), batches: z.array(linkTarget) });
export type TestLinks = z.infer<typeof testLinks>;

/** A test as the library lists it. */
export const testSummary = listedItem.extend({
  tags: z.array(z.string()),
  duration: z.number(),
  parentFolder: z.string(),
  ...testTotals.shape,
  isSharedTest: z.boolean(),
  sharedBy: z.string().nullable(),
  isAttempted: z.boolean(),
  isGlobal: z.boolean(),
  testType: z.string(),
  languagesList: z.array(z.string()),
  links: testLinks,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestSummary = z.infer<typeof testSummary>;

export const breadcrumb = namedItem.extend({ level: z.number().int() });
export type Breadcrumb = z.infer<typeof breadcrumb>;

/** `GET /folder/childrens/{id}`. */
export const folderChildren = z.object({
  folders: z.object({ folderCount: z.number().int(), folderArray: z.array(libraryFolder) }),
  parentFolderDetail: z.array(breadcrumb),
  tests: z.object({ testCount: z.number().int(), testsArray: z.array(testSummary) }),
  recentTests: z.array(testSummary),
});
export type FolderChildren = z.infer<typeof folderChildren>;

/**
 * The listing's query as the API client takes it, before it is written into the URL (flags as
 * booleans, tags as a list: the client sends them as `true` and a JSON array).
 */
export type FolderChildrenQuery = Partial<z.output<typeof childrenQuery>>;

/**
 * What a library action applies to (decisions section 4): the listed ids, or with selectAll
 * every item of parentFolderId matching searchString and filters, minus the listed ids.
 */
export const selectionBody = z.object(selectionFields);
export type SelectionBody = z.output<typeof selectionBody>;

export type CreateFolderBody = z.output<typeof createFolderBody>;
export type MoveBody = z.output<typeof moveBody>;
export type DeleteFoldersBody = z.output<typeof deleteFoldersBody>;
export type ShareFoldersBody = z.output<typeof shareFoldersBody>;
export type ShareTestsBody = z.output<typeof shareTestsBody>;
export type UpdateFolderBody = z.output<typeof updateFolderBody>;
export type CreateTestBody = z.input<typeof createTestBody>;
export type CopyTestBody = z.input<typeof copyTestBody>;

export const tutor = namedItem.extend({ email: z.string() });
export type Tutor = z.infer<typeof tutor>;
export const subject = namedItem;
export type Subject = z.infer<typeof subject>;
export const chapter = namedItem.extend({ subjectId: z.string() });
export type Chapter = z.infer<typeof chapter>;
export const batch = linkTarget;
export type Batch = LinkTarget;

/** What a library action answers: its message. */
export const actionResult = messageResult;
export type ActionResult = MessageResult;
export const tagList = z.object({ selfTags: z.array(z.string()), globalTags: z.array(z.string()) });
export type TagList = z.infer<typeof tagList>;
