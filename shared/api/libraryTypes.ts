/** Shapes of the library calls (spec sections 3 and 7), shared by the server's presenters and the clients: defined once, in shared/contract/library.ts. */
export type {
  ActionResult,
  Batch,
  Breadcrumb,
  Chapter,
  FolderChildren,
  FolderChildrenQuery,
  ItemLocation,
  LibraryFolder,
  LibraryKind,
  LinkTarget,
  SelectionBody,
  Subject,
  TestLinks,
  TestSummary,
  Tutor,
} from '../contract/library';
