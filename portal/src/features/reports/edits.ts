import type { PublishQuestion } from '@shared/api/reports';
import { PUBLISH_PROMPT_EDITS, type PublishOption, type ReportedQuestion } from '@shared/api/reportTypes';
import type { QuestionDraft } from '@shared/domain/test';
import type { PublishItem } from './ReportDialogs';

/** A reported question corrected in the dashboard and kept here until it is published. */
export interface Edit {
  item: ReportedQuestion;
  question: QuestionDraft & { _id: string };
  option: PublishOption;
}
export type Edits = Record<string, Edit>;

/** The publish-corrections info modal is shown once (per browser). */
export const PUBLISH_INFO_SHOWN_KEY = 'testforge.publishInfoShown';

/** Spec: publishing (all edits at once) is offered from 2 edited questions; one is saved and resolved on its own. */
export const canPublishAll = (edits: Edits) => Object.keys(edits).length >= PUBLISH_PROMPT_EDITS;

/** The options a publish offers for a question: NO_CHANGE only when students have submitted its test. */
export function optionsFor(item: Pick<ReportedQuestion, 'isAttempted'>): PublishOption[] {
  return item.isAttempted ? ['NO_CHANGE', 'RE_EVALUATE', 'GRACE'] : ['RE_EVALUATE', 'GRACE'];
}

/** A new edit re-evaluates past attempts unless the tutor picks otherwise. */
export const DEFAULT_OPTION: PublishOption = 'RE_EVALUATE';

/** The calls a publish makes: one save-and-resolve per test, with that test's corrected questions. */
export function publishCalls(edits: Edit[]): { test: { _id: string }; questions: PublishQuestion[] }[] {
  const byTest = new Map<string, PublishQuestion[]>();
  for (const edit of edits) {
    const list = byTest.get(edit.item.testId) ?? [];
    list.push({ sectionId: edit.item.sectionId ?? undefined, question: edit.question, publishOption: edit.option });
    byTest.set(edit.item.testId, list);
  }
  return [...byTest].map(([testId, questions]) => ({ test: { _id: testId }, questions }));
}

/** A dashboard edit as the publish dialog lists it. */
export const publishItemOf = (edit: Edit): PublishItem => ({
  id: edit.question._id,
  heading: edit.item.testName,
  html: edit.question.name ?? '',
  attempted: edit.item.isAttempted,
  option: edit.option,
});
