/**
 * Shapes of the test editor's calls (spec sections 3 and 7: Tests, Sections, Questions), made by
 * the server's presenter and read by the portal and the add-in. The model itself is
 * shared/domain/test.
 */
import type { DocumentPlacement } from '../domain/test/wordDocument';
import type {
  FontEntry,
  Grade,
  Marks,
  Question,
  Section,
  ShuffleChoice,
  TestFonts,
  TestSettings,
  TestTranslation,
  TestType,
  ValidationType,
} from '../domain/test/types';
import type { QuestionDraft } from '../domain/test/normalize';

export type EditorSection = Section & { sectionInstructions: string };
export type SectionSummary = Omit<EditorSection, 'questions'>;

export interface TestTotals {
  totalMarks: number;
  totalNumberOfQuestions: number;
}

/** `GET /v2/test/{id}`: the whole test, with the version every write must name. */
export interface EditorTest extends TestTotals {
  _id: string;
  name: string;
  instructions: string;
  tags: string[];
  duration: number;
  parentFolder: string;
  isPublic: boolean;
  /** The test has sections. */
  isSectionEnable: boolean;
  isSharedTest: boolean;
  sharedBy: string | null;
  isAttempted: boolean;
  /** No validation error (spec section 5). */
  isReadyToLink: boolean;
  isGlobal: boolean;
  sections: EditorSection[];
  settings: TestSettings;
  grades: Grade[];
  attempts: number;
  translations: Record<string, TestTranslation>;
  languagesList: string[];
  languageList: string[];
  isMultilingual: boolean;
  testType: TestType;
  fonts: TestFonts;
  previewUrl: string;
  isTemplateSelected: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What every write answers: the success message, the new version and the test's totals. */
export interface WriteResult extends TestTotals {
  message: string;
  version: number;
}

export interface TestUpdate {
  testId: string;
  version: number;
  name?: string;
  instructions?: string;
  tags?: string[];
  duration?: number;
  parentFolderId?: string;
  settings?: Partial<Omit<TestSettings, 'fonts'>> & { shuffle?: ShuffleChoice; fonts?: Partial<TestFonts> };
  grades?: Grade[];
  fonts?: { list?: FontEntry[]; include?: boolean };
  attempts?: number;
  testType?: TestType;
  languages?: string[];
  translations?: Record<string, TestTranslation>;
  isTemplateSelected?: boolean;
}

export interface SectionInput {
  testId: string;
  version?: number;
  name?: string;
  instructions?: string;
  sectionDuration?: number;
  sectionHours?: number;
  sectionMinutes?: number;
  hasOptionalQuestions?: boolean;
  /** "Attempt any N" of the section's questions (optional questions); null: no limit. */
  attemptAny?: number | null;
}

export type QuestionInput = QuestionDraft;

export type ReorderRemark =
  | { type: 'order'; testId: string; sectionId: string; questionIds: string[]; parentQuestionId?: string; version?: number }
  | {
      type: 'mark';
      testId: string;
      sectionId: string;
      questionIds: string[];
      marks: Partial<Marks>;
      isNegativeMarkingEnabled?: boolean;
      isNegativeMarkingEnabledIfUnattempted?: boolean;
      isPartialMarkingEnabled?: boolean;
      version?: number;
    };

export interface ImportResult extends WriteResult {
  section: EditorSection;
  questions: Question[];
  importedCount: number;
  skippedCount: number;
  /** 'Failed to import N question(s) as it was in draft mode', when some were skipped. */
  skippedMessage: string | null;
}

export interface ValidationCatalogueEntry {
  type: ValidationType;
  msg: string;
}

/** Answers of the writes (each also carries message, version and totals). */
export type TestUpdateResult = WriteResult & { test: EditorTest };
export type SectionResult = WriteResult & { section: EditorSection };
export type SectionsResult = WriteResult & { sections: SectionSummary[] };
export type SectionDeleteResult = SectionsResult & { settings: TestSettings };
export type QuestionsResult = WriteResult & { section: EditorSection; questions: Question[] };
/** `POST /v2/question/move`: the section the questions left and the one they joined. */
export type QuestionsMoveResult = WriteResult & { section: EditorSection; targetSection: EditorSection };
/** `POST /v2/question/upload`: a Word document placed in one change (shared/domain/test/wordDocument.ts). */
export type DocumentUploadResult = SectionsResult & DocumentPlacement;
export interface DocumentUpload {
  testId: string;
  sectionId: string;
  useDocumentSections: boolean;
  sections: { name: string | null; questions: QuestionInput[] }[];
  version?: number;
}
export type QuestionEditResult = WriteResult & { section: EditorSection; question: Question };
