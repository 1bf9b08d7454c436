/**
 * Shapes of the test editor's calls (spec sections 3 and 7: Tests, Sections, Questions), made by
 * the server's presenter and read by the portal and the add-in: defined once, in
 * shared/contract/editor.ts. The model itself is shared/domain/test.
 */
export type {
  DocumentUpload,
  DocumentUploadResult,
  EditorSection,
  EditorTest,
  ImportResult,
  QuestionEditResult,
  QuestionInput,
  QuestionsMoveResult,
  QuestionsResult,
  ReorderRemark,
  SectionDeleteResult,
  SectionInput,
  SectionResult,
  SectionsResult,
  SectionSummary,
  TestTotals,
  TestUpdate,
  TestUpdateResult,
  ValidationCatalogueEntry,
  WriteResult,
} from '../contract/editor';
