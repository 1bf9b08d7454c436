import { configureStore } from '@reduxjs/toolkit';
import type { EditorSection, EditorTest } from '@shared/api/testTypes';
import type { Endpoints } from '@shared/api/endpoints';
import {
  addQuestions,
  addSection,
  deleteSection,
  editorReducer,
  editorValidation,
  initialEditorState,
  loadTest,
  moveSection,
  reloadAfterChange,
  sectionSelected,
  selectedSection,
  updateTest,
  contentLanguageSelected,
  firstLanguageOf,
  keepAttemptedEdit,
  publishAttemptedEdits,
  type EditorState,
  questionSelectionToggled,
  questionSelectionAllToggled,
  questionSelectionCleared,
  deleteQuestions,
  moveQuestions,
  remarkQuestions,
  copyQuestions,
  keepAttemptedRemark,
  attemptedPublishRequested,
} from './editorSlice';
import { buildQuestion, type Question } from '@shared/domain/test';
import { serverMessage } from '@shared/i18n/serverMessages';
import { apiError } from '../../test-utils';

const section = (id: string, order: number, questions: EditorSection['questions'] = []): EditorSection =>
  ({
    _id: id,
    name: `Section ${order}`,
    order,
    sectionDuration: 0,
    sectionHours: 0,
    sectionMinutes: 0,
    sectionMarks: 0,
    numberOfQuestions: 0,
    instructions: '',
    sectionInstructions: '',
    hasOptionalQuestions: false,
    questions,
  }) as EditorSection;

function test(sections: EditorSection[], version = 3): EditorTest {
  return {
    _id: 't1',
    name: 'Algebra',
    instructions: '',
    tags: [],
    duration: 0,
    parentFolder: '0',
    isPublic: false,
    isSectionEnable: sections.length > 0,
    isSharedTest: false,
    sharedBy: null,
    isAttempted: false,
    isReadyToLink: false,
    isGlobal: false,
    sections,
    settings: { isSectionSwitchingEnabled: true, generateRandomTest: false, settingsForRTG: {} } as unknown as EditorTest['settings'],
    grades: [],
    attempts: -1,
    translations: {},
    languagesList: ['English'],
    languageList: ['English'],
    isMultilingual: false,
    testType: 'CMS',
    fonts: { list: [], include: false },
    previewUrl: '',
    isTemplateSelected: false,
    version,
    createdAt: '',
    updatedAt: '',
    totalMarks: 0,
    totalNumberOfQuestions: 0,
  };
}

function loaded(sections = [section('s1', 1), section('s2', 2), section('s3', 3)]): EditorState {
  const state = editorReducer(undefined, loadTest.pending('r1', 't1'));
  return editorReducer(state, loadTest.fulfilled(test(sections), 'r1', 't1'));
}

const write = { message: 'ok', totalMarks: 0, totalNumberOfQuestions: 0 };

function storeWith(api: Partial<Endpoints>) {
  return configureStore({
    reducer: { editor: editorReducer },
    middleware: (d) => d({ thunk: { extraArgument: { api: api as Endpoints, storage: localStorage } } }),
  });
}

describe('editor slice', () => {
  it('loads a test, adopts its version and selects section 1', () => {
    const state = loaded();
    expect(state).toMatchObject({ status: 'loaded', version: 3, selectedSectionId: 's1', edited: false, actionCount: 0 });
    expect(selectedSection(state)?._id).toBe('s1');
  });

  it('on a failed load the test is dropped and the error kept (spec section 8: lists empty on error)', () => {
    let state = editorReducer(loaded(), loadTest.pending('r2', 't2'));
    state = editorReducer(state, loadTest.rejected(null, 'r2', 't2', { message: 'This test does not exist', code: 'NOT_FOUND' }));
    expect(state).toMatchObject({ status: 'failed', error: 'This test does not exist', test: null, selectedSectionId: null });
    expect(editorValidation(state)).toEqual([]);
  });

  it('each write adopts the version answered, sets the edited flag and counts the action; a new section is selected', () => {
    let state = loaded();
    state = editorReducer(state, addSection.pending('w1', {}));
    expect(state.saving).toBe(1);
    state = editorReducer(state, addSection.fulfilled({ ...write, version: 4, section: section('s4', 4) }, 'w1', {}));
    expect(state).toMatchObject({ version: 4, edited: true, actionCount: 1, selectedSectionId: 's4', saving: 0 });
    expect(state.test!.sections.map((s) => s._id)).toEqual(['s1', 's2', 's3', 's4']);
    const q = { _id: 'q1', type: 'integer', order: 1 } as EditorSection['questions'][number];
    state = editorReducer(
      state,
      addQuestions.fulfilled({ ...write, version: 5, totalMarks: 1, totalNumberOfQuestions: 1, section: section('s4', 4, [q]), questions: [q] }, 'w2', {
        sectionId: 's4',
        questions: [],
      }),
    );
    expect(state).toMatchObject({ version: 5, actionCount: 2 });
    expect(state.test!.totalNumberOfQuestions).toBe(1);
    expect(state.test!.sections[3].questions).toHaveLength(1);
  });

  it('a test update takes the whole test answered, keeps the selection and counts as an edit; a refusal as stale shows the conflict', () => {
    let state = editorReducer(loaded(), sectionSelected('s2'));
    const answered = { ...test([section('s1', 1), section('s2', 2)], 4), name: 'Algebra II', settings: { ...test([]).settings, generateRandomTest: true } };
    state = editorReducer(state, updateTest.pending('u1', { name: 'Algebra II' }));
    expect(state.saving).toBe(1);
    state = editorReducer(state, updateTest.fulfilled({ ...write, version: 4, test: answered }, 'u1', { name: 'Algebra II' }));
    expect(state).toMatchObject({ version: 4, edited: true, actionCount: 1, saving: 0, selectedSectionId: 's2' });
    expect(state.test).toMatchObject({ name: 'Algebra II', version: 4, settings: { generateRandomTest: true } });
    state = editorReducer(state, updateTest.rejected(null, 'u2', { grades: [] }, { message: 'The test was changed elsewhere', code: 'TEST_CHANGED' }));
    expect(state).toMatchObject({ conflict: 'The test was changed elsewhere', version: 4, actionCount: 1 });
  });

  it('a reload after a Word upload takes the stored test and its version, keeps the selection and counts as an edit', () => {
    let state = editorReducer(loaded(), sectionSelected('s2'));
    const stored = test([section('s1', 1), section('s2', 2), section('s3', 3), section('s4', 4)], 9);
    state = editorReducer(state, reloadAfterChange.fulfilled(stored, 'r3'));
    expect(state).toMatchObject({ status: 'loaded', version: 9, selectedSectionId: 's2', edited: true, actionCount: 1 });
    expect(state.test!.sections.map((s) => s._id)).toEqual(['s1', 's2', 's3', 's4']);
    // Another test's answer (the editor moved on) is not taken.
    expect(editorReducer(state, reloadAfterChange.fulfilled({ ...stored, _id: 't2', version: 10 }, 'r4')).version).toBe(9);
  });

  it('the content language of a multilingual test: the first is null; a language removed falls back to the first', () => {
    const bilingual: EditorTest = {
      ...test([section('s1', 1)], 4),
      testType: 'TB_TEST',
      isMultilingual: true,
      languagesList: ['English', 'Vietnamese'],
      languageList: ['English', 'Vietnamese'],
    };
    let state = editorReducer(editorReducer(undefined, loadTest.pending('r', 't1')), loadTest.fulfilled(bilingual, 'r', 't1'));
    expect(firstLanguageOf(state)).toBe('English');
    state = editorReducer(state, contentLanguageSelected('Vietnamese'));
    expect(state.contentLanguage).toBe('Vietnamese');
    state = editorReducer(state, contentLanguageSelected('English'));
    expect(state.contentLanguage).toBeNull();
    state = editorReducer(state, contentLanguageSelected('Vietnamese'));
    const english = { ...bilingual, version: 5, languagesList: ['English'], languageList: ['English'], isMultilingual: true };
    state = editorReducer(state, updateTest.fulfilled({ ...write, version: 5, test: english }, 'u', { languages: ['English'] }));
    expect(state.contentLanguage).toBeNull();
  });

  it('a drag-drop takes the sections order and keeps their questions', () => {
    const q = { _id: 'q1', type: 'integer', order: 1 } as EditorSection['questions'][number];
    let state = loaded([section('s1', 1, [q]), section('s2', 2)]);
    const summaries = [section('s2', 1), section('s1', 2)].map(({ questions: _q, ...s }) => s);
    state = editorReducer(state, moveSection.fulfilled({ ...write, version: 4, sections: summaries }, 'w', { sourceSectionId: 's2', targetSectionId: 's1' }));
    expect(state.test!.sections.map((s) => [s._id, s.order, s.questions.length])).toEqual([
      ['s2', 1, 0],
      ['s1', 2, 1],
    ]);
  });

  it('selection after a delete follows spec section 4', () => {
    const del = (state: EditorState, id: string, remaining: string[]) =>
      editorReducer(
        state,
        deleteSection.fulfilled(
          {
            ...write,
            version: 9,
            sections: remaining.map((r, i) => {
              const { questions: _q, ...s } = section(r, i + 1);
              return s;
            }),
            settings: state.test!.settings,
          },
          'w',
          id,
        ),
      );
    // The first deleted: section 1 is selected.
    let state = editorReducer(loaded(), sectionSelected('s3'));
    expect(del(state, 's1', ['s2', 's3']).selectedSectionId).toBe('s2');
    // Another one deleted: the selection stays.
    expect(del(state, 's2', ['s1', 's3']).selectedSectionId).toBe('s3');
    // The selected one deleted: the one before it.
    expect(del(state, 's3', ['s1', 's2']).selectedSectionId).toBe('s2');
    // The last one left deleted: none.
    state = loaded([section('s1', 1)]);
    expect(del(state, 's1', []).selectedSectionId).toBeNull();
  });

  it('a 409 TEST_CHANGED keeps the server message for the Reload offer; other failures do not', () => {
    let state = loaded();
    state = editorReducer(state, addSection.rejected(null, 'w', {}, { message: 'Try again', code: 'VALIDATION_ERROR' }));
    expect(state.conflict).toBeNull();
    state = editorReducer(state, addSection.rejected(null, 'w', {}, { message: 'This test was changed elsewhere', code: 'TEST_CHANGED' }));
    expect(state).toMatchObject({ conflict: 'This test was changed elsewhere', version: 3, edited: false });
    // Reloading drops the conflict and the edit count.
    state = editorReducer(state, loadTest.pending('r9', 't1'));
    expect(state).toMatchObject({ conflict: null, actionCount: 0 });
  });

  it('sends the current version with every write and reads the code of a refusal', async () => {
    const calls: unknown[] = [];
    const conflict = apiError(409, 'changed elsewhere: version 3, now 4', 'TEST_CHANGED');
    const api = {
      getTest: async () => test([section('s1', 1)], 3),
      createSection: async (body: unknown) => {
        calls.push(body);
        if (calls.length === 2) throw conflict;
        return { ...write, version: 4, section: section('s2', 2) };
      },
    } as unknown as Endpoints;
    const store = configureStore({ reducer: { editor: editorReducer }, middleware: (d) => d({ thunk: { extraArgument: { api, storage: localStorage } } }) });
    await store.dispatch(loadTest('t1'));
    await store.dispatch(addSection({ name: 'Part A' }));
    await store.dispatch(addSection({}));
    expect(calls).toEqual([
      { testId: 't1', version: 3, name: 'Part A' },
      { testId: 't1', version: 4 },
    ]);
    expect(store.getState().editor.conflict).toBe('changed elsewhere: version 3, now 4');
  });

  it('validates live with the shared rules', () => {
    const state = loaded([section('s1', 1)]);
    expect(editorValidation(state).map((e) => [e.type, e.msg, e.sectionId])).toEqual([['EMPTY_SECTION', 'add question to section Section 1', 's1']]);
    expect(editorValidation(initialEditorState)).toEqual([]);
  });

  describe('an attempted test (spec section 4: edits kept, pushed only on publish)', () => {
    let n = 0;
    const ids = () => `id${(n += 1)}`;
    const mcq = (name: string, correct: number): Question =>
      buildQuestion(
        { type: 'multiple_choice', name, options: ['A', 'B', 'C'].map((o, i) => ({ id: `${name}-${o}`, name: o, isCorrect: i === correct })) },
        { ids, languages: [], multilingual: false, allowGpscType: false, trusted: false, field: 'question' },
      );
    const attemptedTest = (version: number, questions = [mcq('q1', 0), mcq('q2', 1)]) => ({
      ...test(
        [
          section(
            's1',
            1,
            questions.map((q, i) => ({ ...q, _id: `q${i + 1}` })),
          ),
        ],
        version,
      ),
      isAttempted: true,
      totalMarks: 2,
      totalNumberOfQuestions: 2,
    });
    // The teacher's correction of a stored question: its right answer becomes A.
    const fixed = (id: string) => ({
      type: 'multiple_choice' as const,
      _id: id,
      name: `${id} fixed`,
      options: [
        { id: `${id}-A`, name: 'A', isCorrect: true },
        { id: `${id}-B`, name: 'B' },
      ],
    });
    const keep = (store: ReturnType<typeof storeWith>, question: ReturnType<typeof fixed>) =>
      store.dispatch(keepAttemptedEdit({ sectionId: 's1', question, allowGpscType: false, language: 'en' }));

    it('an edit is applied to the test shown, kept (one per question) and counted; nothing is sent', async () => {
      const calls: unknown[] = [];
      const store = storeWith({ getTest: async () => attemptedTest(7), saveAndResolve: async (body) => (calls.push(body), {}) as never });
      await store.dispatch(loadTest('t1'));
      const edited = {
        type: 'multiple_choice' as const,
        _id: 'q1',
        name: 'q1 fixed',
        options: ['A', 'B', 'C'].map((o, i) => ({ id: `q1-${o}`, name: o, isCorrect: i === 2 })),
        marks: { positive: 3 },
      };
      await store.dispatch(keepAttemptedEdit({ sectionId: 's1', question: edited, allowGpscType: false, language: 'en' })).unwrap();
      await store
        .dispatch(keepAttemptedEdit({ sectionId: 's1', question: { ...edited, name: 'q1 fixed again' }, allowGpscType: false, language: 'en' }))
        .unwrap();
      const state = store.getState().editor;
      expect(calls).toEqual([]);
      expect(state.attemptedEdits.map((e) => [e.question._id, e.question.name, e.question.isAttemptedEdited, e.option])).toEqual([
        ['q1', 'q1 fixed again', true, 'RE_EVALUATE'],
      ]);
      const q1 = state.test!.sections[0].questions[0] as Question & { options: { id: string; isCorrect: boolean }[] };
      expect([q1.name, q1.options.find((o) => o.isCorrect)?.id, q1.marks.positive]).toEqual(['q1 fixed again', 'q1-C', 3]);
      expect(state.test!.totalMarks).toBe(4);
      expect(state).toMatchObject({ edited: true, actionCount: 2, version: 7 });
      // A question that is not in the section is refused, and nothing is kept.
      // In the user's language, as the server would say it.
      await expect(
        store.dispatch(keepAttemptedEdit({ sectionId: 's1', question: { ...edited, _id: 'nope' }, allowGpscType: false, language: 'vi' })).unwrap(),
      ).rejects.toEqual({
        message: serverMessage('vi', 'questionNotInSection'),
        code: 'VALIDATION_ERROR',
      });
      expect(store.getState().editor.attemptedEdits).toHaveLength(1);
    });

    it('a write answering a stored section shows the kept edits on it again', async () => {
      const store = storeWith({ getTest: async () => attemptedTest(7) });
      await store.dispatch(loadTest('t1'));
      await keep(store, fixed('q2'));
      const stored = attemptedTest(8).sections[0];
      const next = { ...stored, questions: [...stored.questions, { ...mcq('q3', 0), _id: 'q3' }] };
      store.dispatch(
        addQuestions.fulfilled({ ...write, version: 8, totalMarks: 3, totalNumberOfQuestions: 3, section: next, questions: [] }, 'w', {
          sectionId: 's1',
          questions: [],
        }),
      );
      const names = store.getState().editor.test!.sections[0].questions.map((q) => q.name);
      expect(names).toEqual(['q1', 'q2 fixed', 'q3']);
      expect(store.getState().editor.version).toBe(8);
    });

    it('a reload after a Word upload keeps showing the kept edits on the stored test', async () => {
      const store = storeWith({ getTest: async () => attemptedTest(7) });
      await store.dispatch(loadTest('t1'));
      await keep(store, fixed('q1'));
      store.dispatch(reloadAfterChange.fulfilled(attemptedTest(9), 'r'));
      const state = store.getState().editor;
      expect(state.test!.sections[0].questions.map((q) => q.name)).toEqual(['q1 fixed', 'q2']);
      expect(state).toMatchObject({ version: 9, edited: true });
      expect(state.attemptedEdits).toHaveLength(1);
    });

    it('publish sends every kept edit with its option at the current version, without resolving reports; then the stored test is taken', async () => {
      const calls: unknown[] = [];
      let version = 7;
      const store = storeWith({
        getTest: async () => attemptedTest(version),
        saveAndResolve: async (body) => {
          calls.push(body);
          version = 8;
          return { message: 'ok', publishId: 'p', version: 8, attemptsChanged: 3, resolvedReports: 0, questions: [] };
        },
      });
      await store.dispatch(loadTest('t1'));
      await keep(store, fixed('q1'));
      await keep(store, fixed('q2'));
      await store.dispatch(publishAttemptedEdits({ q2: 'GRACE' })).unwrap();
      expect(calls).toEqual([
        {
          test: { _id: 't1', version: 7 },
          resolve: false,
          questions: [
            { sectionId: 's1', publishOption: 'RE_EVALUATE', question: { ...fixed('q1'), isAttemptedEdited: true } },
            { sectionId: 's1', publishOption: 'GRACE', question: { ...fixed('q2'), isAttemptedEdited: true } },
          ],
        },
      ]);
      expect(store.getState().editor).toMatchObject({ attemptedEdits: [], version: 8, edited: false, publishing: false });
    });

    it('a refused publish keeps the edits (a stale version shows the conflict)', async () => {
      const stale = apiError(409, 'changed elsewhere', 'TEST_CHANGED');
      const store = storeWith({ getTest: async () => attemptedTest(7), saveAndResolve: async () => Promise.reject(stale) });
      await store.dispatch(loadTest('t1'));
      await keep(store, fixed('q1'));
      await expect(store.dispatch(publishAttemptedEdits({})).unwrap()).rejects.toMatchObject({ code: 'TEST_CHANGED' });
      expect(store.getState().editor).toMatchObject({ conflict: 'changed elsewhere', publishing: false });
      expect(store.getState().editor.attemptedEdits).toHaveLength(1);
    });
  });

  describe('bulk editing (issue 17): ticked questions, one write per action', () => {
    let n = 0;
    const ids = () => `b${(n += 1)}`;
    const build = (draft: Parameters<typeof buildQuestion>[0]) =>
      buildQuestion(draft, { ids, languages: [], multilingual: false, allowGpscType: false, trusted: false, field: 'question' });
    const mcq = (id: string) => ({
      ...build({
        type: 'multiple_choice',
        name: id,
        options: [
          { id: `${id}-A`, name: 'A', isCorrect: true },
          { id: `${id}-B`, name: 'B' },
        ],
      }),
      _id: id,
    });
    const comprehension = (id: string) => {
      const q = build({ type: 'comprehension', name: id, paragraph: 'P', questions: [{ type: 'integer', name: `${id}.1`, solution: '1' }] });
      return { ...q, _id: id };
    };
    const withQuestions = (isAttempted = false) => ({
      ...test([section('s1', 1, [mcq('q1'), mcq('q2'), comprehension('c3'), mcq('q4')]), section('s2', 2, [mcq('x1')])], 7),
      isAttempted,
      totalMarks: 5,
      totalNumberOfQuestions: 5,
    });

    it('ticks in the section order, select all flips all or none, a section change clears', () => {
      let state = editorReducer(undefined, loadTest.pending('r1', 't1'));
      state = editorReducer(state, loadTest.fulfilled(withQuestions(), 'r1', 't1'));
      state = editorReducer(state, questionSelectionToggled('q4'));
      state = editorReducer(state, questionSelectionToggled('q1'));
      expect(state.selectedQuestionIds).toEqual(['q1', 'q4']);
      state = editorReducer(state, questionSelectionToggled('q4'));
      expect(state.selectedQuestionIds).toEqual(['q1']);
      // An id not among the section's top-level questions (a child, another section's) is never ticked.
      state = editorReducer(state, questionSelectionToggled('x1'));
      expect(state.selectedQuestionIds).toEqual(['q1']);
      state = editorReducer(state, questionSelectionAllToggled());
      expect(state.selectedQuestionIds).toEqual(['q1', 'q2', 'c3', 'q4']);
      state = editorReducer(state, questionSelectionAllToggled());
      expect(state.selectedQuestionIds).toEqual([]);
      state = editorReducer(state, questionSelectionAllToggled());
      state = editorReducer(state, sectionSelected('s1'));
      expect(state.selectedQuestionIds).toHaveLength(4);
      state = editorReducer(state, sectionSelected('s2'));
      expect(state.selectedQuestionIds).toEqual([]);
      state = editorReducer(state, questionSelectionToggled('x1'));
      state = editorReducer(state, questionSelectionCleared());
      expect(state.selectedQuestionIds).toEqual([]);
    });

    it('a delete or a move unticks the questions that left; the section counts follow the answer', async () => {
      const calls: unknown[] = [];
      const store = storeWith({
        getTest: async () => withQuestions(),
        deleteQuestions: async (body) => (
          calls.push(['delete', body]),
          { ...write, version: 8, totalNumberOfQuestions: 3, totalMarks: 3, section: section('s1', 1, [mcq('q1'), comprehension('c3')]), questions: [] }
        ),
        moveQuestions: async (body) => (
          calls.push(['move', body]),
          {
            ...write,
            version: 9,
            totalNumberOfQuestions: 3,
            totalMarks: 3,
            section: section('s1', 1, [comprehension('c3')]),
            targetSection: section('s2', 2, [mcq('x1'), mcq('q1')]),
          }
        ),
      });
      await store.dispatch(loadTest('t1'));
      for (const id of ['q1', 'q2', 'c3', 'q4']) store.dispatch(questionSelectionToggled(id));
      await store.dispatch(deleteQuestions({ sectionId: 's1', questionIds: ['q2', 'q4'] })).unwrap();
      expect(store.getState().editor.selectedQuestionIds).toEqual(['q1', 'c3']);
      await store.dispatch(moveQuestions({ sectionId: 's1', questionIds: ['q1'], targetSectionId: 's2' })).unwrap();
      const state = store.getState().editor;
      expect(calls).toEqual([
        ['delete', { testId: 't1', version: 7, sectionId: 's1', questionIds: ['q2', 'q4'] }],
        ['move', { testId: 't1', version: 8, sectionId: 's1', questionIds: ['q1'], targetSectionId: 's2' }],
      ]);
      expect(state.selectedQuestionIds).toEqual(['c3']);
      expect(state.test!.sections.map((s) => s.questions.map((q) => q._id))).toEqual([['c3'], ['x1', 'q1']]);
      expect(state).toMatchObject({ version: 9, actionCount: 2, edited: true });
    });

    it('marks for several questions (a whole section) in one call; copies go in the section order without ids', async () => {
      const calls: [string, any][] = [];
      const store = storeWith({
        getTest: async () => withQuestions(),
        reorderRemark: async (body) => (calls.push(['mark', body]), { ...write, version: 8, section: withQuestions().sections[0], questions: [] }),
        createQuestions: async (body) => (calls.push(['create', body]), { ...write, version: 9, section: section('s2', 2, [mcq('x1')]), questions: [] }),
      });
      await store.dispatch(loadTest('t1'));
      await store
        .dispatch(
          remarkQuestions({ sectionId: 's1', questionIds: ['q1', 'q2', 'c3', 'q4'], marks: { positive: 2, negative: 0.5 }, isNegativeMarkingEnabled: true }),
        )
        .unwrap();
      // Ticked as q4 then q1: the copies keep the section's order.
      await store.dispatch(copyQuestions({ sectionId: 's1', questionIds: ['q4', 'c3', 'q1'], targetSectionId: 's2' })).unwrap();
      expect(calls[0]).toEqual([
        'mark',
        {
          type: 'mark',
          testId: 't1',
          version: 7,
          sectionId: 's1',
          questionIds: ['q1', 'q2', 'c3', 'q4'],
          marks: { positive: 2, negative: 0.5 },
          isNegativeMarkingEnabled: true,
        },
      ]);
      const [kind, created] = calls[1];
      expect([kind, created.sectionId, created.version]).toEqual(['create', 's2', 8]);
      expect(created.questions.map((q: { name: string }) => q.name)).toEqual(['q1', 'c3', 'q4']);
      expect(created.questions.some((q: { _id?: string }) => q._id)).toBe(false);
      expect(created.questions[1].questions[0]._id).toBeUndefined();
      expect(store.getState().editor).toMatchObject({ version: 9, actionCount: 2 });
    });

    it('an attempted test: a re-mark is kept with the chosen option (on top of a kept edit), shown, and published', async () => {
      const calls: any[] = [];
      const store = storeWith({
        getTest: async () => withQuestions(true),
        reorderRemark: async () => Promise.reject(new Error('an attempted test is not re-marked at once')),
        saveAndResolve: async (body) => (
          calls.push(body),
          { message: 'ok', publishId: 'p', version: 8, attemptsChanged: 2, resolvedReports: 0, questions: [] }
        ),
      });
      await store.dispatch(loadTest('t1'));
      await store.dispatch(keepAttemptedEdit({ sectionId: 's1', question: { ...mcq('q2'), name: 'q2 fixed' }, allowGpscType: false, language: 'en' })).unwrap();
      await store
        .dispatch(
          keepAttemptedRemark({
            sectionId: 's1',
            questionIds: ['q2', 'c3'],
            remark: { marks: { positive: 3, negative: 1 }, isNegativeMarkingEnabled: true },
            option: 'GRACE',
            language: 'en',
          }),
        )
        .unwrap();
      store.dispatch(attemptedPublishRequested());
      const state = store.getState().editor;
      expect(state.publishRequest).toBe(1);
      expect(state.attemptedEdits.map((e) => [e.question._id, e.option, e.question.name, e.question.marks?.positive])).toEqual([
        ['q2', 'GRACE', 'q2 fixed', 3],
        ['c3', 'GRACE', 'c3', 3],
      ]);
      // The comprehension's child takes the marks too; totals are those the publish will store (q1, q4, x1 1 each; q2 3; c3.1 3).
      const shown = state.test!.sections[0].questions;
      expect(shown[2].type === 'comprehension' && shown[2].questions[0].marks.positive).toBe(3);
      expect(state.test!.totalMarks).toBe(9);
      const refused = await store.dispatch(
        keepAttemptedRemark({ sectionId: 's1', questionIds: ['nope'], remark: { marks: { positive: 1 } }, option: 'RE_EVALUATE', language: 'vi' }),
      );
      expect(refused.payload).toEqual({ message: serverMessage('vi', 'questionNotInSection'), code: 'VALIDATION_ERROR' });
      await store.dispatch(publishAttemptedEdits({})).unwrap();
      expect(calls[0].questions.map((q: any) => [q.question._id, q.publishOption, q.question.marks.positive, q.question.isNegativeMarkingEnabled])).toEqual([
        ['q2', 'GRACE', 3, true],
        ['c3', 'GRACE', 3, true],
      ]);
    });
  });
});
