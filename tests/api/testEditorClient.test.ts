import { AxiosError } from 'axios';
import { type Endpoints } from '@shared/api/endpoints';
import { questionCopy, validateTest, hydrateTest } from '@shared/domain/test';
import { useTestServer } from '../support/testServer';
import { endpointsFor, readyMcq, signInEditor } from '../support/testEditor';

// @database-neutral: its subject is the editor's API client, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

/**
 * The portal's typed calls (shared/api/endpoints.ts, testEndpoints) against the real server:
 * the paths, methods and bodies they send are the ones the server takes.
 */
const server = useTestServer();
let api: Endpoints;
let testId: string;
beforeAll(async () => {
  const tutor = await signInEditor(server, { flags: { is_shared_global: true } });
  api = endpointsFor(server, tutor.token);
  testId = (await api.createTest({ name: 'Through the client', parentFolderId: '0', isGlobal: false }))._id;
});

test('a test built through every editor call, with the shared rules on both sides', async () => {
  let test = await api.getTest(testId);
  expect(test.version).toBe(1);

  let { version } = await api.updateTest({ testId, version: test.version, name: 'Client test', settings: { shuffle: 'questions' } });
  const first = await api.createSection({ testId, version, name: 'One', sectionHours: 0, sectionMinutes: 15 });
  const second = await api.createSection({ testId, version: first.version, name: 'Two' });
  version = (await api.updateSection({ testId, sectionId: second.section._id, version: second.version, name: 'Two!' })).version;
  const moved = await api.moveSection({ testId, sourceSectionId: second.section._id, targetSectionId: first.section._id, version });
  expect(moved.sections.map((s) => s.name)).toEqual(['Two!', 'One']);

  const added = await api.createQuestions({
    testId,
    sectionId: first.section._id,
    version: moved.version,
    questions: [readyMcq('a'), { type: 'integer', name: 'b', solution: '2' }, { type: 'comprehension', paragraph: 'P', questions: [] }],
  });
  const [a, b, comp] = added.questions;
  // A copy is a create with the copied draft, into the section or the comprehension.
  const copy = await api.createQuestions({
    testId,
    sectionId: first.section._id,
    version: added.version,
    questions: [questionCopy(a)],
    parentQuestionId: comp._id,
  });
  const edited = await api.editQuestion({ testId, sectionId: first.section._id, version: copy.version, question: { ...b, name: 'b edited' } });
  const reordered = await api.reorderRemark({
    type: 'order',
    testId,
    sectionId: first.section._id,
    questionIds: [comp._id, b._id, a._id],
    version: edited.version,
  });
  const remarked = await api.reorderRemark({
    type: 'mark',
    testId,
    sectionId: first.section._id,
    questionIds: [a._id],
    marks: { positive: 2 },
    version: reordered.version,
  });
  expect(remarked.section.questions.map((q) => q.order)).toEqual([1, 2, 3]);
  const deleted = await api.deleteQuestions({ testId, sectionId: first.section._id, questionIds: [b._id], version: remarked.version });
  expect(deleted.totalNumberOfQuestions).toBe(2);

  const imported = await api.importQuestions({ testId, sectionId: second.section._id, questions: [{ _id: a._id, testId }], version: deleted.version });
  expect(imported).toMatchObject({ importedCount: 1, skippedCount: 0, skippedMessage: null });

  const gone = await api.deleteSection({ testId, sectionId: second.section._id, version: imported.version });
  expect(gone.sections.map((s) => s.name)).toEqual(['One']);

  test = await api.getTest(testId);
  expect(test).toMatchObject({ name: 'Client test', version: gone.version, totalNumberOfQuestions: 2, totalMarks: 3 });
  expect(test.settings.shuffleQuestions).toBe(true);
  // The editor validates with the same function the server uses for isReadyToLink.
  const local = hydrateTest({ ...test, languages: test.languagesList, content: test });
  expect(validateTest(local).length === 0).toBe(test.isReadyToLink);
  expect((await api.validationCatalogue()).map((e) => e.type)).toContain('MCQ_ONE_ANS');
});

test('a refusal arrives as the API error envelope', async () => {
  const test = await api.getTest(testId);
  const error = await api.updateTest({ testId, version: test.version - 1, name: 'stale' }).catch((e: AxiosError) => e);
  expect((error as AxiosError).response?.status).toBe(409);
  expect((error as AxiosError<{ code: string }>).response?.data.code).toBe('TEST_CHANGED');
});
