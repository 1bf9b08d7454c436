import { id, idParams } from './fields';
import { outcome } from './students';
import { z } from './zod';

/**
 * Results and insights (issue 16): how a free test's students did and which questions are broken.
 * One definition per shape: the server validates requests with these schemas and answers the
 * response shapes; the API client, the portal and the add-in use the inferred types.
 *
 * Calls (all behind sign-in and an active subscription; another organisation's ids are 404):
 * - GET /api/v2/shared-test/{id}/attempts?page&limit&sort&order&search&status → AttemptList
 * - GET /api/v2/shared-test/{id}/attempts/{attemptId}                          → AnswerSheet
 * - GET /api/v2/shared-test/{id}/results.csv | results.xlsx                    → a file, streamed
 * - GET /api/v2/shared-test/{id}/analysis                                      → Analysis
 * - GET /api/v2/shared-test/{id}/results/summary                               → ResultsSummary (cheap: polled for live updates)
 * - GET /api/v2/test/{id}/analysis                                             → Analysis over all the test's free tests
 * - the publishing calls (PATCH /v2/report-repo/save-and-resolve) take `dryRun: true` → CorrectionsPreview
 */

export const ATTEMPT_SORTS = ['score', 'submittedAt', 'name', 'timeTaken'] as const;
export const ATTEMPT_STATUSES = ['submitted', 'in-progress', 'expired'] as const;
export const ATTEMPTS_PAGE_MAX = 200;
export const ATTEMPTS_PAGE_DEFAULT = 50;

/** A number of attempts (analysed, submitted, that chose an option, that a publish changed...). */
const attemptCount = z.number().int();

export const resultsParams = idParams;
export const attemptParams = z.object({ id, attemptId: id });

export const attemptsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(ATTEMPTS_PAGE_MAX).default(ATTEMPTS_PAGE_DEFAULT),
  sort: z.enum(ATTEMPT_SORTS).default('submittedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Part of the student's name or contact, any case. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(ATTEMPT_STATUSES).optional(),
});
export type AttemptsQuery = z.input<typeof attemptsQuery>;

export const scoreChange = z.object({ publishId: z.string(), oldScore: z.number(), newScore: z.number(), at: z.string() });

export const attemptRow = z.object({
  attemptId: z.string(),
  student: z.object({ id: z.string(), name: z.string(), contact: z.string() }),
  /** ISO 8601. */
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Seconds from start to submit; for an attempt not submitted, to now or its deadline. */
  timeTakenS: z.number().int().nullable(),
  score: z.number(),
  maxScore: z.number(),
  /** score / maxScore × 100, two decimals; 0 when maxScore is 0. */
  percentage: z.number(),
  /** 1 for the best submitted score; equal scores share a rank (1, 1, 3); null when not submitted. */
  rank: z.number().int().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  /** Re-evaluations that changed this attempt's score, oldest first. */
  scoreChanges: z.array(scoreChange),
});
export type AttemptRow = z.infer<typeof attemptRow>;

export const attemptList = z.object({ attempts: z.array(attemptRow), total: attemptCount });
export type AttemptList = z.infer<typeof attemptList>;

/** One question of a student's answer sheet, in the order the student saw it. */
export const sheetQuestion = z.object({
  questionId: z.string(),
  /** 1-based, as numbered for the student; a comprehension's own questions get their numbers. */
  number: z.number().int(),
  sectionId: z.string(),
  sectionName: z.string(),
  /** The question as it is now (HTML), options in the student's order; a comprehension child names its passage. */
  type: z.string(),
  question: z.string(),
  passage: z.string().nullable(),
  options: z.array(z.object({ optionId: z.string(), text: z.string(), isCorrect: z.boolean() })),
  /** What the student gave (chosen option ids, a number, text per blank); null for no answer. */
  answer: z.object({ selected: z.array(z.string()).optional(), value: z.string().optional(), blanks: z.record(z.string(), z.string()).optional() }).nullable(),
  /** The right answer in words: option letters/texts, the number, or each blank's accepted answers. */
  rightAnswer: z.string(),
  marks: z.number(),
  maxMarks: z.number(),
  outcome,
});
export type SheetQuestion = z.infer<typeof sheetQuestion>;

export const answerSheet = z.object({
  attempt: attemptRow,
  testName: z.string(),
  questions: z.array(sheetQuestion),
});
export type AnswerSheet = z.infer<typeof answerSheet>;

export const QUESTION_FLAGS = ['possible-wrong-key', 'negative-discrimination', 'too-hard', 'too-easy'] as const;
export type QuestionFlag = (typeof QUESTION_FLAGS)[number];

export const optionStat = z.object({
  optionId: z.string(),
  /** A, B, C… in the test's own order. */
  label: z.string(),
  isCorrect: z.boolean(),
  chosen: attemptCount,
  chosenByTop: attemptCount,
  chosenByBottom: attemptCount,
});

export const questionStat = z.object({
  questionId: z.string(),
  /** 1-based in the test's own order (comprehension children numbered as questions). */
  number: z.number().int(),
  sectionId: z.string(),
  type: z.string(),
  /** The question's text, plain, at most 200 characters (for the table). */
  text: z.string(),
  /** Attempts whose layout held the question (random generation draws some). */
  attempted: attemptCount,
  correct: attemptCount,
  /** Wrong or partial. */
  wrong: attemptCount,
  skipped: attemptCount,
  /** Share of attempters who got it right, 0..1; null with no attempter. */
  facility: z.number().nullable(),
  /** Point-biserial correlation of the question's score with the rest of the test; null when undefined (no spread). */
  discrimination: z.number().nullable(),
  /** Choice questions only (multiple choice, true/false); empty for the others. */
  options: z.array(optionStat),
  flags: z.array(z.enum(QUESTION_FLAGS)),
});
export type QuestionStat = z.infer<typeof questionStat>;

/** A statistic of the attempts' percentages (0..100), two decimals; null with no attempt. */
const percentageStatistic = z.number().nullable();

export const analysis = z.object({
  /** Submitted attempts analysed. */
  attempts: attemptCount,
  mean: percentageStatistic,
  median: percentageStatistic,
  /** Population standard deviation. */
  stdev: percentageStatistic,
  highest: percentageStatistic,
  lowest: percentageStatistic,
  /** KR-20 when every question is right-or-wrong, Cronbach's alpha when marks are partial; null under 2 attempts or no spread. */
  reliability: z.number().nullable(),
  /** 10 bins of percentage: [0,10), [10,20) … [90,100] (the last includes 100). */
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: attemptCount })),
  questions: z.array(questionStat),
});
export type Analysis = z.infer<typeof analysis>;

/** Polled by the Results screen (live updates): it refetches when these change. */
export const resultsSummary = z.object({
  submitted: attemptCount,
  inProgress: attemptCount,
  /** ISO 8601 of the latest start, submit or re-evaluation; null with no attempt. */
  lastActivityAt: z.string().nullable(),
});
export type ResultsSummary = z.infer<typeof resultsSummary>;

/** `dryRun: true` on a publishing call: what it would do, changing nothing. */
export const correctionsPreview = z.object({
  dryRun: z.literal(true),
  freeTests: z.array(
    z.object({
      sharedTestId: z.string(),
      attempts: attemptCount,
      attemptsChanged: attemptCount,
      oldMean: z.number().nullable(),
      newMean: z.number().nullable(),
    }),
  ),
});
export type CorrectionsPreview = z.infer<typeof correctionsPreview>;

/**
 * A report raised by the statistics (source 'statistics' in the Report Dashboard): what it saw,
 * so the portal words it in the tutor's language ("64% of the top students chose B").
 */
export const statisticsReason = z.object({
  flag: z.enum(['possible-wrong-key', 'negative-discrimination']),
  attempts: attemptCount,
  /** possible-wrong-key: the option the top group preferred, its label, and the shares (0..1). */
  option: z.string().optional(),
  topShare: z.number().optional(),
  keyTopShare: z.number().optional(),
  discrimination: z.number().optional(),
});
export type StatisticsReason = z.infer<typeof statisticsReason>;
