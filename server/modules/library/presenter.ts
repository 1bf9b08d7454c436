import type { Folder, TestRow } from '../../db/schema';
import type { FolderWithCount, ListedTest, Listing, TestLinks } from './repository';
import { ROOT_FOLDER_ID } from './selection';

/** Folder of spec section 3. */
export function presentFolder(folder: Folder | FolderWithCount) {
  const childCount = 'child_count' in folder ? folder.child_count : undefined;
  return {
    _id: folder.id,
    name: folder.name,
    details: folder.details,
    parentFolderId: folder.parent_id ?? ROOT_FOLDER_ID,
    level: folder.level,
    folderCount: childCount,
    childFolders: childCount,
    isShared: folder.is_shared,
    sharedBy: folder.shared_by,
    sharable: !folder.is_global,
    isGlobal: folder.is_global,
    createdAt: new Date(folder.created_at).toISOString(),
    updatedAt: new Date(folder.updated_at).toISOString(),
  };
}

/** A test as the library lists it (the editor's full test comes with the editor). */
export function presentTestSummary(test: TestRow | ListedTest, links?: TestLinks) {
  return {
    links: links ?? { chapters: [], batches: [] },
    _id: test.id,
    name: test.name,
    tags: test.tags,
    duration: test.duration_ms,
    parentFolder: test.parent_folder_id ?? ROOT_FOLDER_ID,
    totalMarks: test.total_marks,
    totalNumberOfQuestions: test.total_questions,
    isSharedTest: test.is_shared_test,
    sharedBy: test.shared_by,
    isAttempted: test.is_attempted,
    isGlobal: test.is_global,
    testType: test.test_type,
    languagesList: test.languages,
    createdAt: new Date(test.created_at).toISOString(),
    updatedAt: new Date(test.updated_at).toISOString(),
  };
}

/** The answer of GET /folder/childrens/{id}. */
export function presentListing(listing: Listing) {
  // A search's hits say where they live (issue 14); a listing's are all in the folder shown.
  const located = <T extends object>(id: string, item: T) => {
    const location = listing.locations.get(id);
    return location ? { ...item, location: location.map((f) => ({ _id: f.id, name: f.name })) } : item;
  };
  const present = (t: ListedTest) => located(t.id, presentTestSummary(t, listing.links.get(t.id)));
  return {
    folders: { folderCount: listing.folderCount, folderArray: listing.folders.map((f) => located(f.id, presentFolder(f))) },
    parentFolderDetail: listing.crumbs.map((c) => ({ _id: c.id, name: c.name, level: c.level })),
    tests: { testCount: listing.testCount, testsArray: listing.tests.map(present) },
    recentTests: listing.recent.map(present),
  };
}
