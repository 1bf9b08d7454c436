/** Shapes of the library calls (spec sections 3 and 7), shared by the server's presenters and the clients. */

export type LibraryKind = 'local' | 'global';

/** Where a search hit lives: the folders from the library's root down to the one holding it (issue 14). */
export type ItemLocation = { _id: string; name: string }[];

export interface LibraryFolder {
  _id: string;
  name: string;
  /** Only in a search's answer. */
  location?: ItemLocation;
  details: string;
  parentFolderId: string;
  level: number;
  /** How many folders this folder holds (listings only). */
  folderCount?: number;
  childFolders?: number;
  isShared: boolean;
  sharedBy: string | null;
  sharable: boolean;
  isGlobal: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface LinkTarget {
  _id: string;
  name: string;
}

export interface TestLinks {
  chapters: LinkTarget[];
  batches: LinkTarget[];
}

/** A test as the library lists it. */
export interface TestSummary {
  _id: string;
  name: string;
  /** Only in a search's answer. */
  location?: ItemLocation;
  tags: string[];
  duration: number;
  parentFolder: string;
  totalMarks: number;
  totalNumberOfQuestions: number;
  isSharedTest: boolean;
  sharedBy: string | null;
  isAttempted: boolean;
  isGlobal: boolean;
  testType: string;
  languagesList: string[];
  links: TestLinks;
  createdAt: string;
  updatedAt: string;
}

export interface Breadcrumb {
  _id: string;
  name: string;
  level: number;
}

export interface FolderChildren {
  folders: { folderCount: number; folderArray: LibraryFolder[] };
  parentFolderDetail: Breadcrumb[];
  tests: { testCount: number; testsArray: TestSummary[] };
  recentTests: TestSummary[];
}

export interface FolderChildrenQuery {
  folderLimit?: number;
  folderOffset?: number;
  testLimit?: number;
  testOffset?: number;
  showRecent?: boolean;
  isGlobal?: boolean;
  searchString?: string;
  tags?: string[];
}

/**
 * What a library action applies to (decisions section 4): the listed ids, or with selectAll
 * every item of parentFolderId matching searchString and filters, minus the listed ids.
 */
export interface SelectionBody {
  parentFolderId: string;
  selectAll: boolean;
  searchString?: string;
  filters?: { tags?: string[] };
  isGlobal: boolean;
}

export interface Tutor {
  _id: string;
  name: string;
  email: string;
}

export interface Subject {
  _id: string;
  name: string;
}

export interface Chapter {
  _id: string;
  name: string;
  subjectId: string;
}

export type Batch = LinkTarget;

export interface ActionResult {
  message: string;
}
