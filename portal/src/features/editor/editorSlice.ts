import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { AxiosError } from 'axios';
import { errorMessage } from '@shared/api/client';
import type { EditorSection, EditorTest, QuestionInput, QuestionsMoveResult, SectionSummary, TestUpdate, WriteResult } from '@shared/api/testTypes';
import {
  editQuestion as applyQuestionEdit,
  TestRuleError,
  questionCopy,
  remarkQuestions as applyRemark,
  sectionToSelectAfterDelete,
  validateTest,
  type Question,
  type QuestionDraft,
  type Remark,
  type Test,
  type ValidationError,
} from '@shared/domain/test';
import type { PublishOption, PublishResult } from '@shared/api/reportTypes';
import type { SaveAndResolveBody } from '@shared/api/reports';
import type { Language } from '@shared/i18n/languages';
import { serverMessage } from '@shared/i18n/serverMessages';
import { logout, type ThunkExtra } from '../auth/authSlice';

/**
 * The test editor's state (spec sections 3-4): the loaded test and the version every write
 * names, the selected section, the edited flag and action count of the save prompt, and the
 * status and error of the load (on error the lists empty, spec section 8).
 */
export interface EditorState {
  testId: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  error: string | null;
  test: EditorTest | null;
  /** The version of the test as last read or written; sent with every write. */
  version: number;
  selectedSectionId: string | null;
  /** Any edit action sets it (spec section 4); leaving then asks first. */
  edited: boolean;
  actionCount: number;
  /** How many writes are under way. */
  saving: number;
  /** The server's message when a write was refused because the test changed elsewhere (409 TEST_CHANGED). */
  conflict: string | null;
  /** The language whose text the editor shows and edits in a multilingual test; null: the first. */
  contentLanguage: string | null;
  /**
   * Question edits of an attempted test, kept here (and shown) until they are published with
   * an option each (spec section 4: isAttemptedEdited, pushed only on publish). One per question.
   */
  attemptedEdits: AttemptedEdit[];
  /** A publish of those edits is under way. */
  publishing: boolean;
  /**
   * Questions ticked in the selected section for a bulk action (issue 17): top-level ones only
   * (a comprehension's children go with it), in the section's order; emptied on a section change.
   */
  selectedQuestionIds: string[];
  /** Bumped to ask the attempted test's bar to open its publish dialog (after a re-mark). */
  publishRequest: number;
}

/** An attempted test's question, edited in the editor and not published yet. */
export interface AttemptedEdit {
  sectionId: string;
  question: QuestionDraft & { _id: string; isAttemptedEdited: true };
  /** What the publish does to past attempts' scores; re-evaluate unless the tutor picks otherwise. */
  option: PublishOption;
}

export const initialEditorState: EditorState = {
  testId: null,
  status: 'idle',
  error: null,
  test: null,
  version: 0,
  selectedSectionId: null,
  edited: false,
  actionCount: 0,
  saving: 0,
  conflict: null,
  contentLanguage: null,
  attemptedEdits: [],
  publishing: false,
  selectedQuestionIds: [],
  publishRequest: 0,
};

export interface WriteFailure {
  message: string;
  code: string | null;
}

type Thunk = { extra: ThunkExtra; rejectValue: WriteFailure; state: { editor: EditorState } };

function failure(error: unknown): WriteFailure {
  const body = error instanceof AxiosError ? (error.response?.data as { code?: unknown } | undefined) : undefined;
  return { message: errorMessage(error), code: typeof body?.code === 'string' ? body.code : null };
}

export const loadTest = createAsyncThunk<EditorTest, string, Thunk>('editor/load', async (testId, { extra, rejectWithValue, signal }) => {
  try {
    return await extra.api.getTest(testId, signal);
  } catch (error) {
    return rejectWithValue(failure(error));
  }
});

/** A write of the loaded test: it is given the test id and the current version. */
function write<Arg, Result extends WriteResult>(
  type: string,
  call: (extra: ThunkExtra, arg: Arg, at: { testId: string; version: number; state: EditorState }) => Promise<Result>,
) {
  return createAsyncThunk<Result, Arg, Thunk>(`editor/${type}`, async (arg, { extra, getState, rejectWithValue }) => {
    const state = getState().editor;
    if (!state.testId) return rejectWithValue({ message: 'no test', code: null });
    try {
      return await call(extra, arg, { testId: state.testId, version: state.version, state });
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  });
}

/** A change of the test itself (details, instructions, duration, attempts, grades, fonts, settings). */
export type TestChange = Omit<TestUpdate, 'testId' | 'version'>;

export const updateTest = write('updateTest', (extra, change: TestChange, at) => extra.api.updateTest({ testId: at.testId, version: at.version, ...change }));

export interface SectionFields {
  name?: string;
  instructions?: string;
  sectionHours?: number;
  sectionMinutes?: number;
  /** Optional questions: attempt any N of the section's questions; null: no limit. */
  attemptAny?: number | null;
}

export const addSection = write('addSection', (extra, fields: SectionFields, at) =>
  extra.api.createSection({ testId: at.testId, version: at.version, ...fields }),
);
export const updateSection = write('updateSection', (extra, arg: SectionFields & { sectionId: string }, at) =>
  extra.api.updateSection({ testId: at.testId, version: at.version, ...arg }),
);
export const deleteSection = write('deleteSection', (extra, sectionId: string, at) =>
  extra.api.deleteSection({ testId: at.testId, version: at.version, sectionId }),
);
export const moveSection = write('moveSection', (extra, arg: { sourceSectionId: string; targetSectionId: string }, at) =>
  extra.api.moveSection({ testId: at.testId, version: at.version, ...arg }),
);
export const addQuestions = write('addQuestions', (extra, arg: { sectionId: string; questions: QuestionInput[]; parentQuestionId?: string }, at) =>
  extra.api.createQuestions({ testId: at.testId, version: at.version, ...arg }),
);
export const editQuestion = write('editQuestion', (extra, arg: { sectionId: string; question: QuestionInput & { _id: string } }, at) =>
  extra.api.editQuestion({ testId: at.testId, version: at.version, ...arg }),
);
export const deleteQuestions = write('deleteQuestions', (extra, arg: { sectionId: string; questionIds: string[] }, at) =>
  extra.api.deleteQuestions({ testId: at.testId, version: at.version, ...arg }),
);
export const reorderQuestions = write('reorderQuestions', (extra, arg: { sectionId: string; questionIds: string[]; parentQuestionId?: string }, at) =>
  extra.api.reorderRemark({ type: 'order', testId: at.testId, version: at.version, ...arg }),
);
/** A copy (spec section 4) goes after the last question of the section, or of the comprehension holding it. */
export const copyQuestion = write('copyQuestion', (extra, arg: { sectionId: string; question: Question; parentQuestionId?: string }, at) =>
  extra.api.createQuestions({
    testId: at.testId,
    version: at.version,
    sectionId: arg.sectionId,
    questions: [questionCopy(arg.question)],
    parentQuestionId: arg.parentQuestionId,
  }),
);

/** The questions of a section in its order, picked by id (a bulk action keeps the section's order, not the ticking order). */
export function questionsInOrder(section: EditorSection, ids: readonly string[]): Question[] {
  const wanted = new Set(ids);
  return section.questions.filter((q) => wanted.has(q._id));
}

function sectionOf(state: EditorState, sectionId: string): EditorSection {
  const section = state.test?.sections.find((s) => s._id === sectionId);
  if (!section) throw new Error(`no section ${sectionId}`);
  return section;
}

/** Bulk (issue 17): new marks for several questions of a section (a comprehension's children too), in one write. */
export const remarkQuestions = write('remarkQuestions', (extra, arg: { sectionId: string; questionIds: string[] } & Remark, at) =>
  extra.api.reorderRemark({ type: 'mark', testId: at.testId, version: at.version, ...arg, marks: arg.marks ?? {} }),
);
/** Bulk: copies of several questions at the end of a section (theirs or another), in the section's order, in one write. */
export const copyQuestions = write('copyQuestions', (extra, arg: { sectionId: string; questionIds: string[]; targetSectionId: string }, at) =>
  extra.api.createQuestions({
    testId: at.testId,
    version: at.version,
    sectionId: arg.targetSectionId,
    questions: questionsInOrder(sectionOf(at.state, arg.sectionId), arg.questionIds).map(questionCopy),
  }),
);
/** Bulk: several questions to the end of another section, their ids kept (POST /v2/question/move). */
export const moveQuestions = write(
  'moveQuestions',
  (extra, arg: { sectionId: string; questionIds: string[]; targetSectionId: string }, at): Promise<QuestionsMoveResult> =>
    extra.api.moveQuestions({ testId: at.testId, version: at.version, ...arg }),
);

/** Imports questions of other tests (spec section 4: drafts are skipped and counted by the server). */
export const importQuestions = write('importQuestions', (extra, arg: { sectionId: string; questions: { _id: string; testId: string }[] }, at) =>
  extra.api.importQuestions({ testId: at.testId, version: at.version, ...arg }),
);

/**
 * Reads the test again after changes made by calls outside the editor's writes (a Word upload adds
 * sections and questions itself): the new version and content are taken, and it counts as an edit.
 */
export const reloadAfterChange = createAsyncThunk<EditorTest, void, Thunk>('editor/reloadAfterChange', async (_, { extra, getState, rejectWithValue }) => {
  const { testId } = getState().editor;
  if (!testId) return rejectWithValue({ message: 'no test', code: null });
  try {
    return await extra.api.getTest(testId);
  } catch (error) {
    return rejectWithValue(failure(error));
  }
});

/** Local ids for options an attempted edit adds (the server keeps given ids that are unique). */
let localIds = 0;
const localId = () => `local-${Date.now().toString(36)}-${(localIds += 1)}`;

/**
 * An edit of a question of an attempted test: applied to the loaded test by the same rule the
 * server uses (so the editor shows it as it will be), and kept for the publish instead of sent.
 */
export const keepAttemptedEdit = createAsyncThunk<
  { test: EditorTest; edit: AttemptedEdit },
  /** `language`: of the refusal's message, as the server would answer it. */
  { sectionId: string; question: QuestionDraft & { _id: string }; allowGpscType: boolean; language: Language },
  Thunk
>('editor/keepAttemptedEdit', async ({ sectionId, question, allowGpscType, language }, { getState, rejectWithValue }) => {
  const { test } = getState().editor;
  if (!test) return rejectWithValue({ message: 'no test', code: null });
  // A copy to change (the state is frozen); the test is plain JSON as the server sent it.
  const model = JSON.parse(JSON.stringify(modelOf(test))) as Test & { sections: EditorSection[] };
  try {
    applyQuestionEdit(model, sectionId, question, { ids: localId, allowGpscType });
  } catch (error) {
    if (error instanceof TestRuleError) return rejectWithValue({ message: serverMessage(language, error.key, error.params), code: error.code });
    throw error;
  }
  const edited: EditorTest = { ...test, sections: model.sections, totalMarks: model.totalMarks, totalNumberOfQuestions: model.totalNumberOfQuestions };
  return { test: edited, edit: { sectionId, question: { ...question, isAttemptedEdited: true }, option: 'RE_EVALUATE' } };
});

/**
 * New marks for several questions of an attempted test (issue 17): like an edit, kept for the
 * publish with the option the tutor chose for them (a question already kept takes the new marks
 * on top of its kept edit). The same rule as the server's re-mark changes the test shown.
 */
export const keepAttemptedRemark = createAsyncThunk<
  { test: EditorTest; edits: AttemptedEdit[] },
  { sectionId: string; questionIds: string[]; remark: Remark; option: PublishOption; language: Language },
  Thunk
>('editor/keepAttemptedRemark', async ({ sectionId, questionIds, remark, option, language }, { getState, rejectWithValue }) => {
  const { test } = getState().editor;
  if (!test) return rejectWithValue({ message: 'no test', code: null });
  const model = JSON.parse(JSON.stringify(modelOf(test))) as Test & { sections: EditorSection[] };
  let remarked: Question[];
  try {
    remarked = applyRemark(model, sectionId, questionIds, remark);
  } catch (error) {
    if (error instanceof TestRuleError) return rejectWithValue({ message: serverMessage(language, error.key, error.params), code: error.code });
    throw error;
  }
  const edited: EditorTest = { ...test, sections: model.sections, totalMarks: model.totalMarks, totalNumberOfQuestions: model.totalNumberOfQuestions };
  return { test: edited, edits: remarked.map((question) => ({ sectionId, question: { ...question, isAttemptedEdited: true as const }, option })) };
});

/**
 * What publishing the kept edits sends, each with the option picked for it (else its own); the
 * corrections preview sends the same, run dry. Reports stay open.
 */
export const publishBodyOf = (testId: string, version: number, edits: AttemptedEdit[], options: Record<string, PublishOption>): SaveAndResolveBody => ({
  test: { _id: testId, version },
  questions: edits.map((edit) => ({ sectionId: edit.sectionId, question: edit.question, publishOption: options[edit.question._id] ?? edit.option })),
  resolve: false,
});

/**
 * Publishes the kept edits of an attempted test with an option each (decisions section 6), in
 * one call at the test's version; then the test is read again. Reports stay open (the Report
 * Dashboard shows them as updates available).
 */
export const publishAttemptedEdits = createAsyncThunk<{ published: PublishResult; test: EditorTest }, Record<string, PublishOption>, Thunk>(
  'editor/publishAttemptedEdits',
  async (options, { extra, getState, rejectWithValue }) => {
    const { testId, version, attemptedEdits } = getState().editor;
    if (!testId) return rejectWithValue({ message: 'no test', code: null });
    try {
      const published = await extra.api.saveAndResolve(publishBodyOf(testId, version, attemptedEdits, options));
      return { published, test: await extra.api.getTest(testId) };
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

const writes = [
  updateTest,
  importQuestions,
  addSection,
  updateSection,
  deleteSection,
  moveSection,
  addQuestions,
  editQuestion,
  deleteQuestions,
  reorderQuestions,
  copyQuestion,
  remarkQuestions,
  copyQuestions,
  moveQuestions,
] as const;

/** Takes a section the server answered (with its questions), in its place or at the end. */
function putSection(test: EditorTest, section: EditorSection) {
  const at = test.sections.findIndex((s) => s._id === section._id);
  if (at >= 0) test.sections[at] = section;
  else test.sections.push(section);
}

/** Takes the server's list of sections (without questions): their order, keeping the questions held. */
function putSummaries(test: EditorTest, summaries: SectionSummary[]) {
  const held = new Map(test.sections.map((s) => [s._id, s.questions]));
  test.sections = summaries.map((summary) => ({ ...summary, questions: held.get(summary._id) ?? [] }));
}

export const editorSlice = createSlice({
  name: 'editor',
  initialState: initialEditorState,
  reducers: {
    sectionSelected: (state, action: PayloadAction<string | null>) => {
      if (state.selectedSectionId !== action.payload) state.selectedQuestionIds = [];
      state.selectedSectionId = action.payload;
    },
    /** Ticks or unticks one top-level question of the selected section. */
    questionSelectionToggled: (state, action: PayloadAction<string>) => {
      const ids = new Set(state.selectedQuestionIds);
      if (ids.has(action.payload)) ids.delete(action.payload);
      else ids.add(action.payload);
      state.selectedQuestionIds = idsInSection(state, ids);
    },
    /** Select all of the section: every question ticked, or none when all were. */
    questionSelectionAllToggled: (state) => {
      const section = selectedSection(state);
      const all = section?.questions.map((q) => q._id) ?? [];
      state.selectedQuestionIds = state.selectedQuestionIds.length === all.length ? [] : all;
    },
    questionSelectionCleared: (state) => {
      state.selectedQuestionIds = [];
    },
    /** The attempted test's bar opens its publish dialog (after a re-mark kept for the publish). */
    attemptedPublishRequested: (state) => {
      state.publishRequest += 1;
    },
    contentLanguageSelected: (state, action: PayloadAction<string | null>) => {
      const first = firstLanguageOf(state);
      state.contentLanguage = action.payload === first ? null : action.payload;
    },
    conflictDismissed: (state) => {
      state.conflict = null;
    },
    editorClosed: () => initialEditorState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(logout.fulfilled, () => initialEditorState)
      .addCase(loadTest.pending, (state, action) => {
        const sameTest = state.testId === action.meta.arg;
        Object.assign(state, {
          testId: action.meta.arg,
          status: 'loading',
          error: null,
          conflict: null,
          ...(sameTest ? {} : { test: null, version: 0, selectedSectionId: null }),
          edited: false,
          actionCount: 0,
        });
      })
      .addCase(loadTest.fulfilled, (state, action) => {
        if (state.testId !== action.meta.arg) return;
        state.status = 'loaded';
        // A reload (or Reload after a conflict) starts again from the stored test.
        state.attemptedEdits = [];
        adoptStoredTest(state, action.payload);
      })
      .addCase(reloadAfterChange.fulfilled, (state, action) => {
        if (!state.test || state.testId !== action.payload._id) return;
        adoptStoredTest(state, action.payload);
        state.edited = true;
        state.actionCount += 1;
        state.conflict = null;
        // Edits of an attempted test kept for a publish are still to be shown on it.
        reapplyKeptEdits(state);
      })
      .addCase(keepAttemptedEdit.fulfilled, (state, action) => {
        if (!state.test || state.testId !== action.payload.test._id) return;
        state.test = action.payload.test;
        const { edit } = action.payload;
        const kept = state.attemptedEdits.findIndex((e) => e.question._id === edit.question._id);
        if (kept >= 0) state.attemptedEdits[kept] = { ...edit, option: state.attemptedEdits[kept].option };
        else state.attemptedEdits.push(edit);
        state.edited = true;
        state.actionCount += 1;
      })
      .addCase(keepAttemptedRemark.fulfilled, (state, action) => {
        if (!state.test || state.testId !== action.payload.test._id) return;
        state.test = action.payload.test;
        for (const edit of action.payload.edits) {
          const kept = state.attemptedEdits.findIndex((e) => e.question._id === edit.question._id);
          if (kept >= 0) state.attemptedEdits[kept] = edit;
          else state.attemptedEdits.push(edit);
        }
        state.edited = true;
        state.actionCount += 1;
      })
      .addCase(publishAttemptedEdits.pending, (state) => {
        state.publishing = true;
      })
      .addCase(publishAttemptedEdits.rejected, (state, action) => {
        state.publishing = false;
        if (action.payload?.code === 'TEST_CHANGED') state.conflict = action.payload.message;
      })
      .addCase(publishAttemptedEdits.fulfilled, (state, action) => {
        state.publishing = false;
        if (state.testId !== action.payload.test._id) return;
        state.attemptedEdits = [];
        adoptStoredTest(state, action.payload.test);
        state.conflict = null;
        // Published: nothing is left to lose by leaving.
        state.edited = false;
      })
      .addCase(loadTest.rejected, (state, action) => {
        if (state.testId !== action.meta.arg || action.meta.aborted) return;
        Object.assign(state, { status: 'failed', error: action.payload?.message ?? 'error', test: null, selectedSectionId: null });
      });
    for (const thunk of writes) {
      builder.addCase(thunk.pending, (state) => {
        state.saving += 1;
      });
      builder.addCase(thunk.rejected, (state, action) => {
        state.saving = Math.max(0, state.saving - 1);
        if (action.payload?.code === 'TEST_CHANGED') state.conflict = action.payload.message;
      });
    }
    builder
      .addCase(updateTest.fulfilled, (state, action) => {
        if (!applyWrite(state, action.payload)) return;
        // The answer is the whole test as stored: settings rules (RTG, optional questions) may
        // have changed sections too. The selection stays where it was.
        state.test = action.payload.test;
        keepContentLanguage(state);
      })
      .addCase(addSection.fulfilled, (state, action) => {
        if (!applyWrite(state, action.payload)) return;
        putSection(state.test!, action.payload.section);
        state.selectedSectionId = action.payload.section._id;
      })
      .addCase(updateSection.fulfilled, (state, action) => {
        if (applyWrite(state, action.payload)) putSection(state.test!, action.payload.section);
      })
      .addCase(deleteSection.fulfilled, (state, action) => {
        if (!applyWrite(state, action.payload)) return;
        const before = state.test!.sections;
        state.selectedSectionId = sectionToSelectAfterDelete(before, action.meta.arg, state.selectedSectionId);
        putSummaries(state.test!, action.payload.sections);
        state.test!.settings = action.payload.settings;
      })
      .addCase(moveSection.fulfilled, (state, action) => {
        if (applyWrite(state, action.payload)) putSummaries(state.test!, action.payload.sections);
      });
    for (const thunk of [
      addQuestions,
      editQuestion,
      deleteQuestions,
      reorderQuestions,
      copyQuestion,
      importQuestions,
      remarkQuestions,
      copyQuestions,
    ] as const) {
      builder.addCase(thunk.fulfilled, (state, action) => {
        if (applyWrite(state, action.payload)) putSection(state.test!, action.payload.section);
      });
    }
    builder.addCase(moveQuestions.fulfilled, (state, action) => {
      if (!applyWrite(state, action.payload)) return;
      putSection(state.test!, action.payload.section);
      putSection(state.test!, action.payload.targetSection);
    });
    // A write answers stored sections: edits kept for a publish are shown on them again.
    builder.addMatcher(
      (action) => writes.some((thunk) => thunk.fulfilled.match(action)),
      (state) => reapplyKeptEdits(state),
    );
    // Ticked questions that left the section (deleted, moved, a reload without them) are unticked.
    builder.addMatcher(
      (action) => writes.some((thunk) => thunk.fulfilled.match(action)) || loadTest.fulfilled.match(action) || reloadAfterChange.fulfilled.match(action),
      (state) => {
        state.selectedQuestionIds = idsInSection(state, new Set(state.selectedQuestionIds));
      },
    );
  },
});

/** The ticked ids still among the selected section's top-level questions, in its order. */
function idsInSection(state: EditorState, ids: Set<string>): string[] {
  return (
    selectedSection(state)
      ?.questions.filter((q) => ids.has(q._id))
      .map((q) => q._id) ?? []
  );
}

/** Takes the test as stored: its version, the selection where its section still exists (else section 1), the content language. */
function adoptStoredTest(state: EditorState, test: EditorTest): void {
  state.test = test;
  state.version = test.version;
  if (!test.sections.some((s) => s._id === state.selectedSectionId)) state.selectedSectionId = test.sections[0]?._id ?? null;
  keepContentLanguage(state);
}

/** Applies the kept edits of an attempted test to the loaded test (after a write replaced parts of it). */
function reapplyKeptEdits(state: EditorState): void {
  if (!state.test || state.attemptedEdits.length === 0) return;
  const model = modelOf(state.test);
  // Each was accepted when kept; one whose question is gone (or now refused) is dropped.
  state.attemptedEdits = state.attemptedEdits.filter((edit) => {
    try {
      applyQuestionEdit(model, edit.sectionId, edit.question, { ids: localId, allowGpscType: true });
      return true;
    } catch {
      return false;
    }
  });
  state.test.totalMarks = model.totalMarks;
  state.test.totalNumberOfQuestions = model.totalNumberOfQuestions;
}

/** Adopts a write's version and totals and counts the edit; false when no test is loaded. */
function applyWrite(state: EditorState, result: WriteResult): boolean {
  state.saving = Math.max(0, state.saving - 1);
  if (!state.test) return false;
  state.version = result.version;
  state.test.version = result.version;
  state.test.totalMarks = result.totalMarks;
  state.test.totalNumberOfQuestions = result.totalNumberOfQuestions;
  state.edited = true;
  state.actionCount += 1;
  state.conflict = null;
  return true;
}

/** A language the test no longer has (or no longer multilingual) falls back to the first. */
function keepContentLanguage(state: EditorState): void {
  const languages = state.test?.isMultilingual ? state.test.languagesList.slice(1) : [];
  if (state.contentLanguage !== null && !languages.includes(state.contentLanguage)) state.contentLanguage = null;
}

/** The first language of a multilingual test (its questions' own text), else null. */
export function firstLanguageOf(state: EditorState): string | null {
  return state.test?.isMultilingual ? (state.test.languagesList[0] ?? null) : null;
}

export const {
  sectionSelected,
  contentLanguageSelected,
  conflictDismissed,
  editorClosed,
  questionSelectionToggled,
  questionSelectionAllToggled,
  questionSelectionCleared,
  attemptedPublishRequested,
} = editorSlice.actions;
export const editorReducer = editorSlice.reducer;

/** The loaded test as the shared model sees it (for validateTest and the other rules). */
export function modelOf(test: EditorTest): Test {
  return {
    _id: test._id,
    name: test.name,
    isGlobal: test.isGlobal,
    isAttempted: test.isAttempted,
    instructions: test.instructions,
    tags: test.tags,
    duration: test.duration,
    testType: test.testType,
    languages: test.languagesList,
    attempts: test.attempts,
    settings: test.settings,
    grades: test.grades,
    translations: test.translations,
    isTemplateSelected: test.isTemplateSelected,
    sections: test.sections,
    totalMarks: test.totalMarks,
    totalNumberOfQuestions: test.totalNumberOfQuestions,
  };
}

/** The live validation errors of spec section 5 (none while no test is loaded). */
export function editorValidation(state: EditorState, language: Language = 'en'): ValidationError[] {
  return state.test ? validateTest(modelOf(state.test), language) : [];
}

export function selectedSection(state: EditorState): EditorSection | null {
  return state.test?.sections.find((s) => s._id === state.selectedSectionId) ?? null;
}
