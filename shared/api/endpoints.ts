import { fileEndpoints } from './files';
import { parserEndpoints } from './parser';
import { sharedTestEndpoints } from './freeTests';
import { studentEndpoints } from './students';
import { reportEndpoints } from './reports';
import { resultsEndpoints } from './results';
import { interopEndpoints } from './interop';
import type { AxiosInstance } from 'axios';
import type { DefaultTestSettings } from '../domain/testSettings';
import type { AuthUser, LoginResult, OrgLoginSettings, OrgSummary, PremiumTutor } from './types';
import type { ChangePasswordBody, ForgotPasswordBody, LoginBody, ResetPasswordBody } from '../contract/auth';
import type { MessageResult } from '../contract/fields';
import type {
  CopyTestBody,
  CreateFolderBody,
  CreateTestBody,
  DeleteFoldersBody,
  MoveBody,
  ShareFoldersBody,
  ShareTestsBody,
  TagList,
  UpdateFolderBody,
} from '../contract/library';
import type {
  DocumentUpload,
  DocumentUploadResult,
  EditorTest,
  ImportResult,
  QuestionEdit,
  QuestionEditResult,
  QuestionsCreate,
  QuestionsDelete,
  QuestionsImport,
  QuestionsMoveResult,
  QuestionsResult,
  ReorderRemark,
  SectionDelete,
  SectionDeleteResult,
  SectionInput,
  SectionMove,
  SectionResult,
  SectionsResult,
  SectionUpdate,
  TestUpdate,
  TestUpdateResult,
  ValidationCatalogueEntry,
} from '../contract/editor';
import type {
  ActionResult,
  Batch,
  Chapter,
  FolderChildren,
  FolderChildrenQuery,
  LibraryFolder,
  SelectionBody,
  Subject,
  TestSummary,
  Tutor,
} from './libraryTypes';
import type { MoveQuestionsBody } from '../contract/editorBulk';
import type { TrashDeleteResult, TrashIdsBody, TrashListing, TrashRestoreResult, Undoable } from '../contract/trash';

/** Typed calls of the API, shared by the portal and the add-in. Each unwraps the `{ data }` envelope. */
export function createEndpoints(http: AxiosInstance) {
  const own = { handlesOwnErrors: true };
  return {
    login: async (body: LoginBody) => (await http.post<{ data: LoginResult }>('/auth/login', body, own)).data.data,
    whitelabelLogin: async (wlToken: string) =>
      (await http.get<{ data: LoginResult }>('/v2/user/wl-login', { ...own, headers: { 'x-wl-access-token': wlToken } })).data.data,
    currentUser: async () => (await http.get<{ data: { user: AuthUser } }>('/auth/user')).data.data.user,
    logout: async () => {
      await http.post('/auth/logout', undefined, { ...own, ignoreUnauthorized: true });
    },
    changePassword: async (body: ChangePasswordBody) => (await http.post<{ data: MessageResult }>('/auth/changePassword', body, own)).data.data,
    forgotPassword: async (body: ForgotPasswordBody) => (await http.post<{ data: MessageResult }>('/auth/forgotPassword', body, own)).data.data,
    resetPassword: async (body: ResetPasswordBody) => (await http.post<{ data: MessageResult }>('/auth/resetPassword', body, own)).data.data,
    verifyOrg: async (code: string) => (await http.get<{ data: OrgSummary }>(`/v2/verify/org/${encodeURIComponent(code)}`, own)).data.data,
    orgLoginSettings: async (orgId: string) =>
      (await http.get<{ data: OrgLoginSettings }>('/v2/org/login-settings', { ...own, params: { orgId }, headers: { 'API-VERSION': '1' } })).data.data,
    defaultSettings: async () => (await http.get<{ data: { settings: DefaultTestSettings } }>('/v2/auth/default-settings')).data.data.settings,
    updateDefaultSettings: async (settings: Partial<DefaultTestSettings>) =>
      (await http.patch<{ data: { settings: DefaultTestSettings } }>('/v2/user/update-default-settings', { settings })).data.data.settings,
    clpDefaultSettings: async () => (await http.get<{ data: { settings: DefaultTestSettings } }>('/v2/auth/clp-default-settings')).data.data.settings,
    reportedCount: async () => (await http.get<{ data: { activeReportedCount: number } }>('/v2/report-repo/count')).data.data.activeReportedCount,
    premiumTutors: async () => (await http.get<{ data: { premiumTutors: PremiumTutor[] } }>('/v2/user/premiumTutors')).data.data.premiumTutors,
    sendSupportNotification: async (userId: string) => (await http.post<{ data: MessageResult }>('/v2/infobip/notification', { userId })).data.data,
    requestCallBack: async (phoneNo: string) => (await http.post<{ data: MessageResult }>('/v2/user/receiveCallBack', { phoneNo })).data.data,
    whatsNewSlides: async () =>
      (await http.get<{ data: { urlForWhatsNewModel: string[] } }>('/v2/assets/url-for-whats-new-model')).data.data.urlForWhatsNewModel,
    ...libraryEndpoints(http),
    ...testEndpoints(http),
    ...fileEndpoints(http),
    ...parserEndpoints(http),
    ...sharedTestEndpoints(http),
    ...studentEndpoints(http),
    ...reportEndpoints(http),
    ...resultsEndpoints(http),
    ...interopEndpoints(http),
    ...trashEndpoints(http),
  };
}

/** The Trash (issue 17): deleted tests, folders and questions for 30 days. */
function trashEndpoints(http: AxiosInstance) {
  const data = <T>(response: { data: { data: T } }) => response.data.data;
  return {
    trash: async (query: { isGlobal: boolean; limit?: number; offset?: number }, signal?: AbortSignal) =>
      data(await http.get<{ data: TrashListing }>('/trash', { params: query, signal })),
    restoreTrash: async (body: TrashIdsBody) => data(await http.post<{ data: TrashRestoreResult }>('/trash/restore', body)),
    deleteTrash: async (body: TrashIdsBody) => data(await http.delete<{ data: TrashDeleteResult }>('/trash', { data: body })),
  };
}

/** Library calls (spec section 7): folders, tests, tags, sharing and links. */
function libraryEndpoints(http: AxiosInstance) {
  const data = <T>(response: { data: { data: T } }) => response.data.data;
  return {
    folderChildren: async (folderId: string, query: FolderChildrenQuery, signal?: AbortSignal) => {
      const { tags, ...rest } = query;
      const params = { ...rest, ...(tags?.length ? { tags: JSON.stringify(tags) } : {}) };
      return data(await http.get<{ data: FolderChildren }>(`/folder/childrens/${encodeURIComponent(folderId)}`, { params, signal }));
    },
    createFolder: async (body: CreateFolderBody) => data(await http.post<{ data: LibraryFolder }>('/folder', body)),
    updateFolder: async (body: UpdateFolderBody) => data(await http.patch<{ data: LibraryFolder }>('/folder', body)),
    moveItems: async (body: MoveBody) => data(await http.post<{ data: ActionResult }>('/folder/move', body)),
    /**
     * Deletes folders and/or tests of one selection. Folders with tests go in one call
     * (`includeTests`), so a refusal or failure leaves both as they were.
     */
    deleteItems: async ({ withFolders, withTests, ...body }: Omit<DeleteFoldersBody, 'includeTests'> & { withFolders: boolean; withTests: boolean }) =>
      withFolders
        ? data(await http.delete<{ data: ActionResult & Undoable }>('/folder', { data: { ...body, includeTests: withTests } }))
        : data(await http.delete<{ data: ActionResult & Undoable }>('/test', { data: { ...body, folderIds: undefined } })),
    createTest: async (body: CreateTestBody) => data(await http.post<{ data: TestSummary }>('/v2/test/create', body)),
    copyTest: async (testId: string, body: CopyTestBody) => data(await http.post<{ data: TestSummary }>(`/test/copy/${encodeURIComponent(testId)}`, body)),
    tags: async (query: { search?: string; isGlobal: boolean }) => data(await http.get<{ data: TagList }>('/tags', { params: query })),
    tutors: async (search: string) => data(await http.get<{ data: { tutors: Tutor[] } }>('/v2/user/tutors', { params: { search } })).tutors,
    shareFolders: async (body: ShareFoldersBody) => data(await http.post<{ data: ActionResult }>('/folder/share', body)),
    shareTests: async (body: ShareTestsBody) => data(await http.post<{ data: ActionResult }>('/test/share', body)),
    subjects: async () => data(await http.get<{ data: { subjects: Subject[] } }>('/test/subjects')).subjects,
    chapters: async (query: { search?: string; subjects?: string[] }) =>
      data(
        await http.get<{ data: { chapters: Chapter[] } }>('/test/chapters', {
          params: { search: query.search || undefined, subjects: query.subjects?.length ? query.subjects.join(',') : undefined },
        }),
      ).chapters,
    createChapter: async (body: { subjectId: string; name: string }) => data(await http.post<{ data: Chapter }>('/test/chapters', body)),
    batches: async () => data(await http.get<{ data: { batches: Batch[] } }>('/v2/batches')).batches,
    createBatch: async (name: string) => data(await http.post<{ data: Batch }>('/v2/batches', { name })),
    renameBatch: async (batchId: string, name: string) => data(await http.patch<{ data: Batch }>(`/v2/batches/${encodeURIComponent(batchId)}`, { name })),
    linkTests: async (body: SelectionBody & { testIds: string[]; chapterIds: string[]; batchIds: string[] }) =>
      data(await http.post<{ data: ActionResult }>('/test/linkTest', body)),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;

/**
 * Test editor calls (spec section 7: Tests, Sections, Questions). Every write answers the new
 * `version`; send it with the next write (required for the test, section and question updates),
 * so that a change made elsewhere meanwhile is refused (409 TEST_CHANGED) instead of overwritten.
 */
function testEndpoints(http: AxiosInstance) {
  const data = <T>(response: { data: { data: T } }) => response.data.data;
  return {
    getTest: async (testId: string, signal?: AbortSignal) => data(await http.get<{ data: EditorTest }>(`/v2/test/${encodeURIComponent(testId)}`, { signal })),
    updateTest: async (body: TestUpdate) => data(await http.patch<{ data: TestUpdateResult }>('/v2/test/update', body)),
    /** The print view as a PDF made by the server; errors come back as a Blob body (the caller reads them). */
    printPdf: async (testId: string, withAnswers: boolean, language?: string) =>
      (
        await http.get<Blob>(`/v2/test/${encodeURIComponent(testId)}/print-pdf`, {
          params: { ...(withAnswers ? { answers: 'true' } : {}), ...(language ? { lang: language } : {}) },
          responseType: 'blob',
          timeout: 90_000,
          handlesOwnErrors: true,
        })
      ).data,
    sampleReportUrl: async () => data(await http.get<{ data: { url: string } }>('/v2/test/sample-report-url')),
    createSection: async (body: SectionInput) => data(await http.post<{ data: SectionResult }>('/v2/test/section/create', body)),
    updateSection: async (body: SectionUpdate) => data(await http.patch<{ data: SectionResult }>('/v2/test/section/update', body)),
    deleteSection: async (body: SectionDelete) => data(await http.delete<{ data: SectionDeleteResult }>('/v2/test/section/delete', { data: body })),
    moveSection: async (body: SectionMove) => data(await http.post<{ data: SectionsResult }>('/v2/test/section/drag-drop', body)),
    /** Adds questions at the end of the section, or of the comprehension `parentQuestionId` (a copy goes there too). */
    /** A whole Word document: all its questions and sections, or none (one transaction on the server). */
    uploadDocument: async (body: DocumentUpload) => data(await http.post<{ data: DocumentUploadResult }>('/v2/question/upload', body)),
    createQuestions: async (body: QuestionsCreate) => data(await http.post<{ data: QuestionsResult }>('/v2/question/create', body)),
    editQuestion: async (body: QuestionEdit) => data(await http.patch<{ data: QuestionEditResult }>('/v2/question/edit', body)),
    deleteQuestions: async (body: QuestionsDelete) => data(await http.delete<{ data: QuestionsResult & Undoable }>('/v2/question/delete', { data: body })),
    reorderRemark: async (body: ReorderRemark) => data(await http.patch<{ data: QuestionsResult }>('/v2/question/reorder-remark', body)),
    /** Moves top-level questions to the end of another section, keeping their ids (issue 17). */
    moveQuestions: async (body: MoveQuestionsBody) => data(await http.post<{ data: QuestionsMoveResult }>('/v2/question/move', body)),
    /** Each question names the test it is in (`testId`); questions read with getTest may be sent as they are. */
    importQuestions: async (body: QuestionsImport) => data(await http.post<{ data: ImportResult }>('/v2/question/import', body)),
    validationCatalogue: async () => data(await http.get<{ data: { errorMessages: ValidationCatalogueEntry[] } }>('/question/errorMessages')).errorMessages,
  };
}
