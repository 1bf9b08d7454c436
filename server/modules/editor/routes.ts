import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addQuestions,
  addSection,
  deleteQuestions,
  deleteSection,
  editQuestion,
  findSection,
  moveQuestions,
  placeDocument,
  moveSection,
  remarkQuestions,
  reorderQuestions,
  updateSection,
  validationCatalogue,
  type EditContext,
  type SectionDraft,
  type Test,
} from '@shared/domain/test';
import { toDurationMs } from '@shared/domain/duration';
import { serverMessage, type ServerMessageKey } from '@shared/i18n/serverMessages';
import type { TestRow } from '../../db/schema';
import { requireActiveSubscription } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { ResponseCache } from '../../http/responseCache';
import { refuseDeclared, uploadGateOf } from '../../http/uploads';
import { newId } from '../../security';
import type { Services } from '../../services';
import { presentSection, presentTest, sectionSummary, totalsOf } from './presenter';
import { TestEditorRepository } from './repository';
import { TestEditorService, type UpdateKind } from './service';
import { TrashRepository } from '../trash/repository';
import { trashedQuestionsOf } from '../trash/service';
import { callerOf } from '../../access';
import { moveQuestionsBody } from '@shared/contract/editorBulk';
import {
  createQuestionsBody,
  createSectionBody,
  deleteQuestionsBody,
  deleteSectionBody,
  dragDropBody,
  editQuestionBody,
  importQuestionsBody,
  reorderRemarkBody,
  testParams,
  updateSectionBody,
  updateTestBody,
  uploadDocumentBody,
} from '@shared/contract/editor';

/** A Word document's upload: 1,500 questions with maths and tables fit with room to spare. */
const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;
const uploadTooLarge = () => new AppError(413, 'BODY_TOO_LARGE', 'bodyTooLarge', { limit: UPLOAD_BODY_LIMIT });

/** A section's duration from sectionDuration, or from sectionHours and sectionMinutes (which must agree). */
function sectionDraft(body: {
  name?: string;
  instructions?: string;
  sectionInstructions?: string;
  sectionDuration?: number;
  sectionHours?: number;
  sectionMinutes?: number;
  hasOptionalQuestions?: boolean;
  attemptAny?: number | null;
}): SectionDraft {
  const split =
    body.sectionHours !== undefined || body.sectionMinutes !== undefined ? toDurationMs(body.sectionHours ?? 0, body.sectionMinutes ?? 0) : undefined;
  if (split !== undefined && body.sectionDuration !== undefined && split !== body.sectionDuration) {
    throw badRequest('sectionDuration', 'fieldInvalid', { reason: 'it does not match sectionHours and sectionMinutes' });
  }
  return {
    name: body.name,
    instructions: body.instructions ?? body.sectionInstructions,
    sectionDuration: body.sectionDuration ?? split,
    hasOptionalQuestions: body.hasOptionalQuestions,
    attemptAny: body.attemptAny,
  };
}

/** The message for a test update: the kind of change it made, or "details" for several. */
const UPDATE_MESSAGES = {
  settings: 'testSettingsUpdated',
  grades: 'gradesUpdated',
  instructions: 'testInstructionsUpdated',
  details: 'testDetailsUpdated',
} as const satisfies Record<UpdateKind, ServerMessageKey>;

/**
 * The test editor (spec section 7: Tests, Sections, Questions). Every write is one transaction
 * on the test row (TestEditorRepository.change) applying the rules of shared/domain/test.
 */
export async function testEditorRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new TestEditorRepository(services.db);
  const trash = new TrashRepository(services.db);
  const editor = new TestEditorService(repo);
  const guard = [services.requireAuth, requireActiveSubscription];
  const tags = ['test editor'];
  const editing = (request: FastifyRequest): EditContext => ({ ids: newId, allowGpscType: callerOf(request).allowGpscType });
  const written = (request: FastifyRequest, key: ServerMessageKey, test: Test, row: TestRow, params: Record<string, number> = {}) => ({
    message: serverMessage(request.lang, key, params),
    version: row.version,
    ...totalsOf(test),
  });

  // What a student's result report looks like, for tutors choosing what results reveal: a
  // static page the portal build serves (portal/public/samples), in the caller's language.
  api.get('/v2/test/sample-report-url', { schema: { tags }, preValidation: guard }, async (request) => ({
    data: { url: `${services.config.publicUrl}/samples/sample-report.html?lang=${request.lang}` },
  }));

  /**
   * A test opened in the editor is kept as its JSON answer, keyed by test, caller and version and
   * checked against the row's update time, read first (without the content) on every request:
   * a copy is never older than a write acknowledged before the request, whichever process made
   * it. Tests without stored settings are not kept (their defaults live elsewhere).
   */
  const opened = new ResponseCache(services.config.testCacheBytes, services.changes);
  api.get('/v2/test/:id', { schema: { tags, params: testParams }, preValidation: guard }, async (request, reply) => {
    const caller = callerOf(request);
    const head = await repo.readHead(caller, request.params.id);
    if (!head) throw notFound('test');
    await repo.markOpened(caller, head);
    const keyOf = (row: { id: string; version: number | string }) => `${row.id}:${row.version}:${caller.userId}`;
    const stamp = (row: { updated_at: Date | string }) => String(new Date(row.updated_at).getTime());
    reply.type('application/json; charset=utf-8');
    const cached = head.has_settings && opened.enabled ? opened.get(keyOf(head), stamp(head)) : undefined;
    if (cached) return reply.header('x-test-cache', 'hit').send(cached);
    const row = await repo.read(caller, request.params.id);
    if (!row) throw notFound('test');
    const body = Buffer.from(JSON.stringify({ data: presentTest(await repo.hydrate(caller, row), row, services.config.publicUrl) }));
    // Kept under the row actually read (a write may have landed since the head was read).
    if ((row.content as { settings?: unknown }).settings && opened.enabled) opened.set(keyOf(row), stamp(row), body);
    return reply.header('x-test-cache', 'miss').send(body);
  });

  api.patch('/v2/test/update', { schema: { tags, body: updateTestBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const caller = callerOf(request);
    const { test, row, result: kinds } = await editor.update(caller, body);
    const key = kinds.size === 1 ? UPDATE_MESSAGES[[...kinds][0]] : UPDATE_MESSAGES.details;
    return { data: { ...written(request, key, test, row), test: presentTest(test, row, services.config.publicUrl) } };
  });

  // ---- Sections ----

  api.post('/v2/test/section/create', { schema: { tags, body: createSectionBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const draft = sectionDraft(body);
    const { test, row, result } = await repo.change(callerOf(request), body.testId, body.version, (test) => addSection(test, draft, newId));
    return { data: { ...written(request, 'sectionAdded', test, row), section: presentSection(result) } };
  });

  api.patch('/v2/test/section/update', { schema: { tags, body: updateSectionBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const draft = sectionDraft(body);
    const { test, row, result } = await repo.change(callerOf(request), body.testId, body.version, (test) => updateSection(test, body.sectionId, draft));
    return { data: { ...written(request, 'sectionUpdated', test, row), section: presentSection(result) } };
  });

  api.delete('/v2/test/section/delete', { schema: { tags, body: deleteSectionBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const { test, row } = await repo.change(callerOf(request), body.testId, body.version, (test) => deleteSection(test, body.sectionId));
    return { data: { ...written(request, 'sectionDeleted', test, row), sections: test.sections.map(sectionSummary), settings: test.settings } };
  });

  api.post('/v2/test/section/drag-drop', { schema: { tags, body: dragDropBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const { test, row } = await repo.change(callerOf(request), body.testId, body.version, (test) =>
      moveSection(test, body.sourceSectionId, body.targetSectionId),
    );
    return { data: { ...written(request, 'sectionsReordered', test, row), sections: test.sections.map(sectionSummary) } };
  });

  // ---- Questions ----

  api.post('/v2/question/create', { schema: { tags, body: createQuestionsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const { test, row, result } = await repo.change(callerOf(request), body.testId, body.version, (test) =>
      addQuestions(test, body.sectionId, body.questions, editing(request), body.parentQuestionId),
    );
    return {
      data: {
        ...written(request, 'questionsAdded', test, row, { count: result.length }),
        section: presentSection(findSection(test, body.sectionId)),
        questions: result,
      },
    };
  });

  // A whole Word document: every question and section, or none (one transaction). Its body is
  // larger than other calls' (1,500 questions with their HTML): the caller is signed in and given
  // a turn among the large uploads being read (server/http/uploads.ts) before it is read, not
  // after (a body is read and parsed before preValidation).
  const uploadTurn = {
    onRequest: [refuseDeclared(UPLOAD_BODY_LIMIT, uploadTooLarge), ...guard, uploadGateOf(services).enter(UPLOAD_BODY_LIMIT)],
    preValidation: guard,
    bodyLimit: UPLOAD_BODY_LIMIT,
  };
  api.post('/v2/question/upload', { schema: { tags, body: uploadDocumentBody }, ...uploadTurn }, async (request) => {
    const body = request.body;
    const { test, row, result } = await repo.change(callerOf(request), body.testId, body.version, (test) =>
      placeDocument(test, body.sectionId, body.sections, body.useDocumentSections, editing(request)),
    );
    return { data: { ...written(request, 'questionsAdded', test, row, { count: result.questions }), ...result, sections: test.sections.map(sectionSummary) } };
  });

  api.delete('/v2/question/delete', { schema: { tags, body: deleteQuestionsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const caller = callerOf(request);
    // The deleted questions go to the Trash (issue 17) in the same transaction; `trashIds` lets the portal undo.
    const { test, row, result } = await repo.change(caller, body.testId, body.version, (test, { trx, row }) => {
      const leaving = trashedQuestionsOf(test, body.sectionId, body.questionIds);
      deleteQuestions(test, body.sectionId, body.questionIds);
      return trash.trashQuestions(trx, row, leaving.questions, leaving.location, caller.userId);
    });
    return { data: { ...written(request, 'questionsDeleted', test, row), section: presentSection(findSection(test, body.sectionId)), trashIds: result } };
  });

  api.patch('/v2/question/edit', { schema: { tags, body: editQuestionBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const questionId = body.question._id;
    if (!questionId) throw badRequest('question._id', 'fieldRequired');
    const { test, row, result } = await repo.change(callerOf(request), body.testId, body.version, (test) =>
      editQuestion(test, body.sectionId, { ...body.question, _id: questionId }, editing(request)),
    );
    const key = result.type === 'comprehension' ? 'paragraphUpdated' : 'questionUpdated';
    return { data: { ...written(request, key, test, row), section: presentSection(findSection(test, body.sectionId)), question: result } };
  });

  api.patch('/v2/question/reorder-remark', { schema: { tags, body: reorderRemarkBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const { test, row } = await repo.change(callerOf(request), body.testId, body.version, (test) => {
      if (body.type === 'order') reorderQuestions(test, body.sectionId, body.questionIds, body.parentQuestionId);
      else remarkQuestions(test, body.sectionId, body.questionIds, body);
    });
    const key = body.type === 'order' ? 'questionsReordered' : 'marksUpdated';
    return { data: { ...written(request, key, test, row), section: presentSection(findSection(test, body.sectionId)) } };
  });

  // Several questions to another section in one change, their ids kept (issue 17, shared/contract/editorBulk.ts).
  api.post('/v2/question/move', { schema: { tags, body: moveQuestionsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const { test, row, result } = await repo.change(callerOf(request), body.testId, body.version, (test) =>
      moveQuestions(test, body.sectionId, body.questionIds, body.targetSectionId),
    );
    return {
      data: {
        ...written(request, 'questionsMoved', test, row, { count: result.length }),
        section: presentSection(findSection(test, body.sectionId)),
        targetSection: presentSection(findSection(test, body.targetSectionId)),
      },
    };
  });

  // Import: copies of questions of other tests the caller may open (TestEditorService.importQuestions).
  api.post('/v2/question/import', { schema: { tags, body: importQuestionsBody }, preValidation: guard }, async (request) => {
    const body = request.body;
    const caller = callerOf(request);
    const { test, row, result } = await editor.importQuestions(caller, body);
    return {
      data: {
        ...written(request, 'questionsAdded', test, row, { count: result.imported.length }),
        section: presentSection(findSection(test, body.sectionId)),
        questions: result.imported,
        importedCount: result.imported.length,
        skippedCount: result.skipped,
        skippedMessage: result.skipped ? serverMessage(request.lang, 'importDrafts', { count: result.skipped }) : null,
      },
    };
  });

  /** The catalogue of validation errors (spec section 5) in the caller's language, placeholders left in. */
  api.get('/question/errorMessages', { schema: { tags }, preValidation: services.requireAuth }, async (request) => {
    return { data: { errorMessages: validationCatalogue(request.lang) } };
  });
}
