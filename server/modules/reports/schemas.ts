import { z } from 'zod';
import { REPORT_LIST_DEFAULTS, REPORT_STATUSES } from '../../../shared/api/reportTypes';
import { id, listParam } from '../library/schemas';
import { PUBLISH_OPTIONS } from '../publish/reevaluation';
import { question } from '../tests/schemas';

/** At most this many tests in the dashboard's filter. */
export const REPORT_FILTER_TESTS_MAX = 100;

export const listQuery = z.object({
  /** Only these tests: a JSON array of ids (or a comma-separated list). */
  testIds: listParam(id, REPORT_FILTER_TESTS_MAX),
  statusType: z.enum(REPORT_STATUSES).default('REPORTED'),
  limit: z.coerce.number().int().min(1).max(100).default(REPORT_LIST_DEFAULTS.limit),
  offset: z.coerce.number().int().min(0).default(REPORT_LIST_DEFAULTS.offset),
});

export const resolveParams = z.object({ id });

/**
 * Corrections of one test, published together: each question as the editor sends it (with its
 * `_id`), where it is (`sectionId`, optional: found by id), and what happens to past attempts.
 */
export const saveAndResolveBody = z.object({
  test: z.object({ _id: id, version: z.number().int().min(1).optional() }),
  questions: z
    .array(z.object({ sectionId: id.optional(), question, publishOption: z.enum(PUBLISH_OPTIONS).default('RE_EVALUATE') }))
    .min(1)
    .max(200),
  /**
   * Resolve the open reports of these questions (the dashboard; the default). False (the
   * editor's publish of an attempted test) leaves them open as "updates available".
   */
  resolve: z.boolean().default(true),
  /** Only say what it would do (CorrectionsPreview, shared/contract/results.ts): nothing is changed. */
  dryRun: z.boolean().default(false),
});
export type SaveAndResolveBody = z.infer<typeof saveAndResolveBody>;
