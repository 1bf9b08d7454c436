/**
 * The Report Dashboard's calls (spec section 7, Report repository; decisions section 6): the shapes
 * are defined once, in shared/contract/corrections.ts; the constants are the domain's (the portal reads
 * them without loading zod).
 */
export { PUBLISH_OPTIONS, PUBLISH_PROMPT_EDITS, REPORT_LIST_DEFAULTS, REPORT_STATUSES, type PublishOption, type ReportStatus } from '../domain/reports';
export type { PublishResult, ReportedQuestion, ReportList, ReportReason } from '../contract/corrections';
