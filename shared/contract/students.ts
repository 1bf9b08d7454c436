import type { Outcome, StudentAnswer } from '../domain/scoring';
import { id, idParams } from './fields';
import type { Equals } from './typeCheck';
import { z } from './zod';

/**
 * The student side of a free test (decisions section 5): the calls of the student page at
 * `/t/{sharedTestId}`. Unknown fields of a body are a 400 naming them.
 */

export const sharedTestIdParams = idParams;
export const questionParams = z.object({ questionId: id });
export const sectionParams = z.object({ sectionId: id });
export const reportParams = idParams;
export const previewParams = z.object({ testId: id });

const contact = z.string().trim().min(3).max(100);

export const identityBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  /** An e-mail address or a phone number. */
  contact,
  /** The random key the student's browser keeps: a known contact is accepted from its devices (issue 14). */
  deviceKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,128}$/, 'a random key of 22 to 128 letters, digits, - or _')
    .optional(),
  /** The one-time code sent to the contact. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits')
    .optional(),
});

export const codeBody = z.strictObject({ contact });

export const studentAnswer = z.strictObject({
  selected: z.array(id).max(50).optional(),
  value: z.string().max(30).optional(),
  blanks: z.record(id, z.string().max(500)).optional(),
});

export const saveAnswerBody = z.strictObject({
  answer: studentAnswer.nullable(),
  /** The page's sequence number of this answer (grows per attempt): an older one never overwrites a newer one (issue 17). */
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const reportBody = z.strictObject({ reason: z.string().trim().min(1).max(1000) });

export const previewResultBody = z.strictObject({
  attemptId: z.string().min(1).max(100),
  answers: z.record(id, studentAnswer),
});
true satisfies Equals<z.output<typeof studentAnswer>, StudentAnswer>;

export type StudentIdentity = Pick<z.input<typeof identityBody>, 'name' | 'contact'>;
/**
 * What proves a student whose contact was used before (issue 14): the random key this browser
 * keeps for all free tests, the one-time code sent to the contact, and an attempt token of theirs.
 */
export type StudentProof = { deviceKey: string; code?: string; token?: string | null };

/** Where the free test's window stands now: before its start, open, or after its end. */
export const FREE_TEST_STATUSES = ['notStarted', 'open', 'ended'] as const;
export type FreeTestStatus = (typeof FREE_TEST_STATUSES)[number];

/** A section as the student page names it. */
const sectionHead = {
  id: z.string(),
  name: z.string(),
  /** HTML. */
  instructions: z.string(),
};

/** How the student moves through the test's sections (its settings): between them freely, submitting each on its own. */
const sectionNavigation = { isSectionSwitchingEnabled: z.boolean(), isSectionalSubmit: z.boolean() };

export const studentSectionInfo = z.object({
  ...sectionHead,
  /** Milliseconds; 0 when the section has no time of its own. */
  duration: z.number(),
  numberOfQuestions: z.number().int(),
});
export type StudentSectionInfo = z.infer<typeof studentSectionInfo>;

/**
 * A multilingual test's text in its other languages (issue 17): by language name, only what is
 * translated (the page falls back to the first language's text for the rest).
 */
export const studentQuestionTranslation = z.object({
  /** HTML. */
  name: z.string().optional(),
  paragraph: z.string().optional(),
  /** HTML, in the result only when solutions are revealed. */
  solution: z.string().optional(),
  /** Option text by option id. */
  options: z.record(z.string(), z.string()).optional(),
});
export type StudentQuestionTranslation = z.infer<typeof studentQuestionTranslation>;
const questionTranslations = z.record(z.string(), studentQuestionTranslation).optional();

/** What the student page needs of a test's languages and fonts (issue 17). */
const testLanguages = {
  /** A multilingual test's languages (the first is its main one); absent for a test in one language. */
  languages: z.array(z.string()).optional(),
  /** The test's name and instructions in its other languages. */
  translations: z.record(z.string(), z.object({ name: z.string().optional(), instructions: z.string().optional() })).optional(),
  /** The test's fonts (settings.fonts.list); uploaded faces say where their file is (@font-face). */
  fonts: z.array(z.object({ face: z.string(), fileUrl: z.string().optional() })).optional(),
};

/** `GET /student/test/{sharedTestId}`: what the landing page shows. */
export const studentTestInfo = z.object({
  sharedTestId: z.string(),
  name: z.string(),
  /** HTML. */
  instructions: z.string(),
  /** Milliseconds; 0: no time limit. */
  duration: z.number(),
  totalMarks: z.number(),
  numberOfQuestions: z.number().int(),
  sections: z.array(studentSectionInfo),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** -1: unlimited. */
  noOfAttempts: z.number().int(),
  status: z.enum(FREE_TEST_STATUSES),
  /** Why it cannot be started now (before the start, after the end), in the caller's language. */
  message: z.string().nullable(),
  serverNow: z.string(),
  ...sectionNavigation,
  ...testLanguages,
});
export type StudentTestInfo = z.infer<typeof studentTestInfo>;

/** `POST /student/test/{id}/identify`: the student and their attempts of this free test. */
export const studentStanding = z.object({
  student: z.object({ id: z.string(), name: z.string(), contact: z.string() }),
  attemptsUsed: z.number().int(),
  /** null: unlimited. */
  attemptsLeft: z.number().int().nullable(),
  /** An attempt started and not submitted, still in time: starting again resumes it. */
  hasAttemptInProgress: z.boolean(),
  /** The last submitted attempt, to show its result again (needs its token: kept by the page). */
  lastSubmittedAt: z.string().nullable(),
});
export type StudentStanding = z.infer<typeof studentStanding>;

/** One option of a multiple-choice or true/false question, without whether it is correct. */
export const studentOption = z.object({
  id: z.string(),
  /** HTML. */
  name: z.string(),
});
export type StudentOption = z.infer<typeof studentOption>;

const QUESTION_TYPES = ['multiple_choice', 'true_false', 'fill_ups', 'integer', 'comprehension'] as const;
const questionMarks = z.object({ positive: z.number(), negative: z.number(), negativeUnattempted: z.number() });
const blank = z.object({ id: z.string(), number: z.number().int() });

/** A question as a student sees it while taking the test: no correct answers, no solutions. */
export const studentQuestion = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  /** 1-based number shown to the student (children of a comprehension are numbered too). */
  number: z.number().int(),
  /** HTML. */
  name: z.string(),
  /** Comprehension only: its passage (HTML) and its questions. */
  paragraph: z.string().optional(),
  get children(): z.ZodOptional<z.ZodArray<typeof studentQuestion>> {
    return z.array(studentQuestion).optional();
  },
  /** Multiple choice / true-false, in the attempt's order. */
  options: z.array(studentOption).optional(),
  /** More than one option is correct (choose all that apply). */
  isMultiSelect: z.boolean().optional(),
  /** Fill in the blanks: one input per blank (the blank's optionId). */
  blanks: z.array(blank).optional(),
  marks: questionMarks,
  /** In a section with optional questions: may be left without a warning. */
  isOptional: z.boolean(),
  translations: questionTranslations,
});
export type StudentQuestion = z.infer<typeof studentQuestion>;

export const studentSection = z.object({
  ...sectionHead,
  /** This section's own deadline (timed sections), else null. */
  deadlineAt: z.string().nullable(),
  /** ISO; null while it is open. */
  submittedAt: z.string().nullable(),
  /** The student may answer it now (open, in time, its turn when sections go in order). */
  isOpen: z.boolean(),
  /** "Attempt any N" of its questions (issue 17): at most N answered, the best N count; null: no limit. */
  attemptAny: z.number().int().nullable(),
  questions: z.array(studentQuestion),
});
export type StudentSection = z.infer<typeof studentSection>;

/** The attempt being taken: its layout (fixed at start), deadlines on the server's clock, answers saved. */
export const studentAttempt = z.object({
  attemptId: z.string(),
  sharedTestId: z.string(),
  testName: z.string(),
  /** The test's instructions (HTML) and duration (ms): the preview shows them before it starts. */
  instructions: z.string(),
  duration: z.number(),
  studentName: z.string(),
  startedAt: z.string(),
  /** null: no time limit. */
  deadlineAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  serverNow: z.string(),
  /** Saves after the deadline are refused once this grace has passed. */
  graceMs: z.number(),
  ...sectionNavigation,
  sections: z.array(studentSection),
  /** Saved answers by question id. */
  answers: z.record(z.string(), studentAnswer),
  /** The highest sequence number of the answers saved (the page numbers its next answers above it). */
  lastSeq: z.number().int(),
  /** A tutor's preview: nothing is recorded. */
  isPreview: z.boolean().optional(),
  ...testLanguages,
});
export type StudentAttempt = z.infer<typeof studentAttempt>;

export const studentStart = z.object({
  /** The session of this attempt: keep it to resume after a reload. */
  token: z.string(),
  attempt: studentAttempt,
});
export type StudentStart = z.infer<typeof studentStart>;

/** How a question went for the student (shared/domain/scoring). */
export const outcome = z.enum(['correct', 'partial', 'wrong', 'unattempted']);
true satisfies Equals<z.output<typeof outcome>, Outcome>;

/** One question of the result. `correct*` and `solution` are present only when the settings reveal them. */
export const studentResultQuestion = z.object({
  id: z.string(),
  number: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  name: z.string(),
  paragraph: z.string().optional(),
  options: z.array(studentOption.extend({ isCorrect: z.boolean().optional() })).optional(),
  isMultiSelect: z.boolean().optional(),
  blanks: z.array(blank.extend({ accepted: z.array(z.string()).optional() })).optional(),
  answer: studentAnswer.nullable(),
  outcome,
  score: z.number(),
  maxScore: z.number(),
  /** The correct answer of an integer question, when revealed. */
  correctValue: z.string().optional(),
  /** HTML, when revealed. */
  solution: z.string().optional(),
  answersRevealed: z.boolean(),
  /** false: outside the best N of an "attempt any N" section, so its score does not count. */
  counted: z.boolean().optional(),
  translations: questionTranslations,
  /** Comprehension: its questions. */
  get children(): z.ZodOptional<z.ZodArray<typeof studentResultQuestion>> {
    return z.array(studentResultQuestion).optional();
  },
});
export type StudentResultQuestion = z.infer<typeof studentResultQuestion>;

export const studentResult = z.object({
  attemptId: z.string(),
  testName: z.string(),
  studentName: z.string(),
  submittedAt: z.string(),
  score: z.number(),
  maxScore: z.number(),
  counts: z.record(outcome, z.number().int()),
  /** A re-evaluation changed the score after submit (score_changes). */
  scoreChanged: z.boolean(),
  /** The score at submit, when it changed since. */
  originalScore: z.number().nullable(),
  /** Correct answers are shown (for all questions, or those not answered right: revealCorrectAnswers). */
  answersRevealed: z.boolean(),
  /** Answers are revealed later (after the free test closes): when, if it has an end. */
  revealAt: z.string().nullable(),
  solutionsRevealed: z.boolean(),
  sections: z.array(z.object({ id: z.string(), name: z.string(), questions: z.array(studentResultQuestion) })),
  isPreview: z.boolean().optional(),
  ...testLanguages,
});
export type StudentResult = z.infer<typeof studentResult>;

export const savedAnswer = z.object({ questionId: z.string(), savedAt: z.string(), applied: z.boolean() });
export type SavedAnswer = z.infer<typeof savedAnswer>;
