import { TAG_MAX_LENGTH, TEST_TAGS_MAX } from '../domain/names';
import { NUMERIC_ANSWER } from '../domain/numbers';
import { DIFFICULTY_LEVELS, FILL_UPS_OPTION_TYPES, gradeProblem, LIMITS, TEST_TYPES, UNLIMITED_ATTEMPTS } from '../domain/test';
import type { QuestionDraft } from '../domain/test/normalize';
import { sanitizeHtml } from '../domain/test/sanitize';
import {
  VALIDATION_TYPES,
  type FontEntry,
  type Grade,
  type Marks,
  type Question,
  type Section,
  type TestFonts,
  type TestSettings,
  type TestTranslation,
} from '../domain/test/types';
import type { DocumentPlacement } from '../domain/test/wordDocument';
import { QUESTION_ORDERS, REVEAL_ANSWERS_TIMES, REVEAL_CORRECT_ANSWERS } from '../domain/testSettings';
import { id, idParams, name, namedItem } from './fields';
import type { Equals } from './typeCheck';
import { z } from './zod';

/**
 * The test editor's calls (spec sections 3 and 7: Tests, Sections, Questions; moving questions is
 * in editorBulk.ts). Rich text is sanitised here, on the way in. Questions and
 * options are strict objects per type: a field of another type (a paragraph on a
 * multiple-choice question, a range on a multiple-choice option) is a 400 naming it. The
 * fields the server owns (order, isImported, isGlobal, ...) are accepted and ignored, so a
 * question read with GET can be sent back as it is.
 */

const html = z.string().max(LIMITS.htmlLength).transform(sanitizeHtml);
const plainText = z.string().max(LIMITS.htmlLength);
const tag = z.string().trim().min(1).max(TAG_MAX_LENGTH);
const language = z.string().trim().min(1).max(40);
const marksValue = z.number().min(0).max(LIMITS.maxMarks);
const duration = z.number().int().min(0).max(LIMITS.maxDurationMs);
const version = z.number().int().min(1);
const order = z.number().optional();

const marks = z.strictObject({ positive: marksValue.optional(), negative: marksValue.optional(), negativeUnattempted: marksValue.optional() });

const choiceOption = z.strictObject({
  id: id.optional(),
  name: html.default(''),
  nameText: plainText.optional(),
  isCorrect: z.boolean().default(false),
  order,
  solution: html.default(''),
  isNotAttempted: z.boolean().optional(),
});

const fillUpsOption = z
  .strictObject({
    id: id.optional(),
    optionId: id.optional(),
    type: z.enum(FILL_UPS_OPTION_TYPES).default('constants'),
    name: html.default(''),
    nameText: plainText.optional(),
    floor: z.number().nullable().optional(),
    cap: z.number().nullable().optional(),
    positiveMarks: marksValue.optional(),
    order,
    solution: html.default(''),
  })
  .superRefine((option, ctx) => {
    if (option.type !== 'range') return;
    if (typeof option.floor !== 'number') ctx.addIssue({ code: 'custom', path: ['floor'], message: 'a range needs a floor' });
    if (typeof option.cap !== 'number') ctx.addIssue({ code: 'custom', path: ['cap'], message: 'a range needs a cap' });
    if (typeof option.floor === 'number' && typeof option.cap === 'number' && option.floor > option.cap) {
      ctx.addIssue({ code: 'custom', path: ['cap'], message: 'the cap must not be below the floor' });
    }
  });

const translationOption = z.strictObject({ id, name: html.default('') });
const translation = z.strictObject({
  name: html.default(''),
  solution: html.default(''),
  options: z
    .array(translationOption)
    .max(LIMITS.optionsPerQuestion + 1)
    .optional(),
});
const comprehensionTranslation = z.strictObject({ name: html.default(''), solution: html.default(''), paragraph: html.default('') });
const translations = <T extends z.ZodType>(item: T) =>
  z.record(language, item).refine((value) => Object.keys(value).length <= LIMITS.languages, { message: `at most ${LIMITS.languages} languages` });

/** How a question's marks are given: negative marks for a wrong and for an unattempted answer, partial marks. */
const markingFlags = {
  isNegativeMarkingEnabled: z.boolean().optional(),
  isNegativeMarkingEnabledIfUnattempted: z.boolean().optional(),
  isPartialMarkingEnabled: z.boolean().optional(),
};

const questionFields = {
  _id: id.optional(),
  name: html.default(''),
  solution: html.default(''),
  marks: marks.optional(),
  positiveMarks: marksValue.optional(),
  negativeMarks: marksValue.optional(),
  negativeUnattemptedMarks: marksValue.optional(),
  ...markingFlags,
  isGpscType: z.boolean().optional(),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS).nullable().optional(),
  tags: z.array(tag).max(LIMITS.tagsPerQuestion).optional(),
  isDummyQuestion: z.boolean().optional(),
  translations: translations(translation).optional(),
  // Owned by the server: accepted (a question read with GET may come back as it is) and ignored.
  order,
  parentQuestionOrder: order,
  isImported: z.boolean().optional(),
  isGlobal: z.boolean().optional(),
  sourceQuestionId: id.optional(),
  isReported: z.boolean().optional(),
  updateAvailable: z.boolean().optional(),
  isEdited: z.boolean().optional(),
  isAttemptedEdited: z.boolean().optional(),
  isSelectedForImport: z.boolean().optional(),
};

const multipleChoice = z.strictObject({
  ...questionFields,
  type: z.literal('multiple_choice'),
  options: z
    .array(choiceOption)
    .max(LIMITS.optionsPerQuestion + 1)
    .default([]),
});
const trueFalse = z.strictObject({ ...questionFields, type: z.literal('true_false'), options: z.array(choiceOption).length(2).optional() });
const fillUps = z.strictObject({
  ...questionFields,
  type: z.literal('fill_ups'),
  options: z.array(fillUpsOption).max(LIMITS.optionsPerQuestion).default([]),
});
/** An integer question's answer is its solution: a signed number, whole or decimal (or nothing yet). */
const integer = z.strictObject({
  ...questionFields,
  type: z.literal('integer'),
  solution: z
    .string()
    .trim()
    .refine((text) => text === '' || NUMERIC_ANSWER.test(text), 'the answer of an integer question is a number, such as 42, -7 or 2.5')
    .default(''),
});
const childQuestion = z.discriminatedUnion('type', [multipleChoice, trueFalse, fillUps, integer]);
const comprehension = z.strictObject({
  ...questionFields,
  type: z.literal('comprehension'),
  paragraph: html.default(''),
  questions: z.array(childQuestion).max(LIMITS.childrenPerComprehension).default([]),
  translations: translations(comprehensionTranslation).optional(),
});
export const question = z.discriminatedUnion('type', [multipleChoice, trueFalse, fillUps, integer, comprehension]);

const fontEntry = z.strictObject({ face: z.string().trim().min(1).max(100), supported: z.boolean() });
true satisfies Equals<z.output<typeof fontEntry>, FontEntry>;
const fonts = z.strictObject({ list: z.array(fontEntry).max(LIMITS.fonts).optional(), include: z.boolean().optional() });

const settings = z.strictObject({
  orderOfQuestions: z.enum(QUESTION_ORDERS).optional(),
  revealCorrectAnswers: z.enum(REVEAL_CORRECT_ANSWERS).optional(),
  showSolutions: z.boolean().optional(),
  isSectionSwitchingEnabled: z.boolean().optional(),
  revealAnswersTime: z.enum(REVEAL_ANSWERS_TIMES).optional(),
  showAnswers: z.boolean().optional(),
  isSectionalSubmit: z.boolean().optional(),
  generateRandomTest: z.boolean().optional(),
  settingsForRTG: z.record(id, z.strictObject({ totalQuestions: z.number().int().min(0).max(LIMITS.questionsPerTest) })).optional(),
  shuffle: z.enum(['none', 'questions', 'options', 'both']).optional(),
  shuffleQuestions: z.boolean().optional(),
  shuffleOptions: z.boolean().optional(),
  isSolutionMultipleViewEnabled: z.boolean().optional(),
  hasOptionalQuestions: z.boolean().optional(),
  fonts: fonts.optional(),
});

/** Grade bands in percent; they must not overlap. */
const GRADE_MESSAGES = {
  blank: 'a name is needed',
  outOfRange: 'a percent from 0 to 100',
  reversed: '"to" must not be below "from"',
  overlaps: 'overlaps the grade',
} as const;
const grades = z
  .array(z.strictObject({ name: z.string().trim().min(1).max(50), from: z.number().min(0).max(100), to: z.number().min(0).max(100) }))
  .max(LIMITS.grades)
  .superRefine((list, ctx) => {
    const problem = gradeProblem(list);
    if (problem) {
      const other = problem.other ? ` "${problem.other}"` : '';
      ctx.addIssue({ code: 'custom', path: [problem.index, problem.field], message: `${GRADE_MESSAGES[problem.kind]}${other}` });
    }
  });

// The editor's requests carry the domain's parts as they are.
true satisfies Equals<z.output<typeof grades>, Grade[]>;
true satisfies Equals<Required<z.output<typeof marks>>, Marks>;

export const testParams = idParams;

const UPDATE_FIELDS = [
  'name',
  'instructions',
  'tags',
  'duration',
  'parentFolderId',
  'settings',
  'grades',
  'fonts',
  'attempts',
  'testType',
  'languages',
  'translations',
  'isTemplateSelected',
] as const;

export const updateTestBody = z
  .object({
    testId: id,
    /** The version the client edited (from GET or its last write). */
    version,
    name: name.optional(),
    instructions: html.optional(),
    tags: z.array(tag).max(TEST_TAGS_MAX).optional(),
    duration: duration.optional(),
    parentFolderId: id.optional(),
    settings: settings.optional(),
    grades: grades.optional(),
    /** The same as settings.fonts. */
    fonts: fonts.optional(),
    attempts: z
      .number()
      .int()
      .refine((n) => n === UNLIMITED_ATTEMPTS || (n >= 1 && n <= LIMITS.maxAttempts), { message: `-1 (unlimited) or 1 to ${LIMITS.maxAttempts}` })
      .optional(),
    testType: z.enum(TEST_TYPES).optional(),
    languages: z.array(language).min(1).max(LIMITS.languages).optional(),
    translations: translations(z.strictObject({ name: name.optional(), instructions: html.optional() })).optional(),
    isTemplateSelected: z.boolean().optional(),
  })
  .refine((body) => UPDATE_FIELDS.some((field) => body[field] !== undefined), { message: `give at least one of ${UPDATE_FIELDS.join(', ')}`, path: ['name'] });

const sectionFields = {
  testId: id,
  name: name.optional(),
  instructions: html.optional(),
  /** The spec's other name for instructions. */
  sectionInstructions: html.optional(),
  /** Milliseconds; or give sectionHours and sectionMinutes. */
  sectionDuration: duration.optional(),
  sectionHours: z.number().int().min(0).max(168).optional(),
  sectionMinutes: z.number().int().min(0).max(59).optional(),
  hasOptionalQuestions: z.boolean().optional(),
  /** Optional questions: "attempt any N" of the section's questions (issue 17); null: no limit. */
  attemptAny: z.number().int().min(1).max(LIMITS.questionsPerTest).nullable().optional(),
};
export const createSectionBody = z.object({ ...sectionFields, version: version.optional() });
export const updateSectionBody = z.object({ ...sectionFields, sectionId: id, version });
export const deleteSectionBody = z.object({ testId: id, sectionId: id, version: version.optional() });
export const dragDropBody = z.object({ testId: id, sourceSectionId: id, targetSectionId: id, version: version.optional() });

const questionIds = z.array(id).min(1).max(LIMITS.questionsPerTest);
export const createQuestionsBody = z.object({
  testId: id,
  sectionId: id,
  questions: z.array(question).min(1).max(LIMITS.questionsPerCall),
  /** Add the questions to this comprehension instead of the section. */
  parentQuestionId: id.optional(),
  version: version.optional(),
});
/** `POST /v2/question/upload`: a whole Word document in one change (issue 14). */
export const uploadDocumentBody = z.object({
  testId: id,
  /** The section the user chose. */
  sectionId: id,
  /** Make the document's `Section:` lines sections (else every question goes into the chosen one). */
  useDocumentSections: z.boolean().default(false),
  sections: z
    .array(z.object({ name: z.string().trim().min(1).max(200).nullable(), questions: z.array(question).max(LIMITS.questionsPerTest) }))
    .min(1)
    .max(LIMITS.sectionsPerTest),
  version: version.optional(),
});
export const deleteQuestionsBody = z.object({ testId: id, sectionId: id, questionIds, version: version.optional() });
export const editQuestionBody = z.object({ testId: id, sectionId: id, question, version });
export const reorderRemarkBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order'),
    testId: id,
    sectionId: id,
    questionIds,
    /** Reorder the children of this comprehension. */
    parentQuestionId: id.optional(),
    version: version.optional(),
  }),
  z.object({
    type: z.literal('mark'),
    testId: id,
    sectionId: id,
    questionIds,
    marks,
    ...markingFlags,
    version: version.optional(),
  }),
]);
/** Each question to import names the test it is in; a question object read with GET may be sent as it is. */
export const importQuestionsBody = z.object({
  testId: id,
  sectionId: id,
  questions: z
    .array(z.object({ _id: id, testId: id }))
    .min(1)
    .max(LIMITS.questionsPerCall),
  version: version.optional(),
});

/*
 * Answers of the editor's calls. The test's parts are the domain's model (shared/domain/test:
 * Section, Question, TestSettings...), referred to here, not written again.
 */
const model = <T>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

export const editorSection = model<Section & { sectionInstructions: string }>();
export type EditorSection = z.infer<typeof editorSection>;
export type SectionSummary = Omit<EditorSection, 'questions'>;
const editorQuestion = model<Question>();

export const testTotals = z.object({ totalMarks: z.number(), totalNumberOfQuestions: z.number().int() });
export type TestTotals = z.infer<typeof testTotals>;

/** `GET /v2/test/{id}`: the whole test, with the version every write must name. */
export const editorTest = testTotals.extend({
  ...namedItem.shape,
  instructions: z.string(),
  tags: z.array(z.string()),
  duration: z.number(),
  parentFolder: z.string(),
  isPublic: z.boolean(),
  /** The test has sections. */
  isSectionEnable: z.boolean(),
  isSharedTest: z.boolean(),
  sharedBy: z.string().nullable(),
  isAttempted: z.boolean(),
  /** No validation error (spec section 5). */
  isReadyToLink: z.boolean(),
  isGlobal: z.boolean(),
  sections: z.array(editorSection),
  settings: model<TestSettings>(),
  grades: z.array(model<Grade>()),
  attempts: z.number().int(),
  translations: z.record(z.string(), model<TestTranslation>()),
  languagesList: z.array(z.string()),
  languageList: z.array(z.string()),
  isMultilingual: z.boolean(),
  testType: z.enum(TEST_TYPES),
  fonts: model<TestFonts>(),
  previewUrl: z.string(),
  isTemplateSelected: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EditorTest = z.infer<typeof editorTest>;

/** What every write answers: the success message, the new version and the test's totals. */
export const writeResult = testTotals.extend({ message: z.string(), version: z.number().int() });
export type WriteResult = z.infer<typeof writeResult>;

export const testUpdateResult = writeResult.extend({ test: editorTest });
export type TestUpdateResult = z.infer<typeof testUpdateResult>;
export const sectionResult = writeResult.extend({ section: editorSection });
export type SectionResult = z.infer<typeof sectionResult>;
export const sectionsResult = writeResult.extend({ sections: z.array(model<SectionSummary>()) });
export type SectionsResult = z.infer<typeof sectionsResult>;
export const sectionDeleteResult = sectionsResult.extend({ settings: model<TestSettings>() });
export type SectionDeleteResult = z.infer<typeof sectionDeleteResult>;
export const questionsResult = writeResult.extend({ section: editorSection, questions: z.array(editorQuestion) });
export type QuestionsResult = z.infer<typeof questionsResult>;
/** `POST /v2/question/move`: the section the questions left and the one they joined. */
export const questionsMoveResult = writeResult.extend({ section: editorSection, targetSection: editorSection });
export type QuestionsMoveResult = z.infer<typeof questionsMoveResult>;
export const questionEditResult = writeResult.extend({ section: editorSection, question: editorQuestion });
export type QuestionEditResult = z.infer<typeof questionEditResult>;
/** `POST /v2/question/upload`: a Word document placed in one change (shared/domain/test/wordDocument.ts). */
export type DocumentUploadResult = SectionsResult & DocumentPlacement;

export const importResult = writeResult.extend({
  section: editorSection,
  questions: z.array(editorQuestion),
  importedCount: z.number().int(),
  skippedCount: z.number().int(),
  /** 'Failed to import N question(s) as it was in draft mode', when some were skipped. */
  skippedMessage: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResult>;

export const validationCatalogueEntry = z.object({ type: z.enum(VALIDATION_TYPES), msg: z.string() });
export type ValidationCatalogueEntry = z.infer<typeof validationCatalogueEntry>;

/*
 * Requests as the client sends them. A question is the editor's draft (QuestionDraft, the shape
 * the question schema checks).
 */
export type QuestionInput = QuestionDraft;
export type TestUpdate = z.input<typeof updateTestBody>;
export type SectionInput = z.input<typeof createSectionBody>;
export type SectionUpdate = z.input<typeof updateSectionBody>;
export type SectionDelete = z.input<typeof deleteSectionBody>;
export type SectionMove = z.input<typeof dragDropBody>;
export type QuestionsCreate = Omit<z.input<typeof createQuestionsBody>, 'questions'> & { questions: QuestionInput[] };
export type QuestionEdit = Omit<z.input<typeof editQuestionBody>, 'question'> & { question: QuestionInput & { _id: string } };
export type QuestionsDelete = z.input<typeof deleteQuestionsBody>;
export type QuestionsImport = z.input<typeof importQuestionsBody>;
export type ReorderRemark = z.input<typeof reorderRemarkBody>;
export type DocumentUpload = Omit<z.input<typeof uploadDocumentBody>, 'sections'> & { sections: { name: string | null; questions: QuestionInput[] }[] };
