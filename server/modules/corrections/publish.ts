import { editQuestion, locateQuestion, type EditContext, type Question, type Test } from '@shared/domain/test';
import type { CorrectionsPreview } from '@shared/contract/results';
import { badRequest } from '../../http/errors';
import { newId } from '../../security';
import type { EditorCaller, TestEditorRepository } from '../editor/repository';
import type { SaveAndResolveBody } from '@shared/contract/corrections';
import { reevaluate, takePublishLock, type Correction } from './reevaluation';
import { PublishRepository } from './publishRepository';

export interface Published {
  publishId: string;
  questions: Question[];
  attemptsChanged: number;
  resolvedReports: number;
}

/** The section holding a question (top-level or a comprehension's child). */
export function sectionOfQuestion(test: Test, questionId: string): string | undefined {
  return test.sections.find((section) => locateQuestion(section, questionId))?._id;
}

/** The positive marks of a question and its children, by id, before a change. */
function positivesOf(question: Question): Map<string, number> {
  const children = question.type === 'comprehension' ? question.questions : [];
  return new Map([question, ...children].map((q) => [q._id, q.marks.positive]));
}

/**
 * Publishing corrections of one test (the Report Dashboard's save and resolve, or the editor's
 * publish of an attempted test), in ONE transaction:
 *
 * - the test's publish lock is taken first (a publish of it still running: 409), then the test
 *   row, as every editor write does (TestEditorRepository.change; a stale version is refused);
 * - each corrected question replaces the old one through the editor's rule (editQuestion);
 * - past attempts follow each question's option (reevaluate: NO_CHANGE, RE_EVALUATE, GRACE;
 *   a comprehension's option applies to each of its children), recorded under a publishes row;
 * - the test is marked attempted when students have submitted it;
 * - the questions' open reports are resolved (`resolve`), or, when not, REPORTED ones become
 *   updateAvailable (the question changed since it was reported).
 *
 * Any failure rolls all of it back: no score changes unless the test changed too.
 */
export async function publishCorrections(
  repo: TestEditorRepository,
  caller: EditorCaller,
  body: SaveAndResolveBody,
  editing: EditContext,
): Promise<{ published: Published; version: number }> {
  const { row, result } = await repo.change(
    caller,
    body.test._id,
    body.test.version,
    (test, { trx, row: before }) => applyCorrections(new PublishRepository(trx), caller, body, editing, test, before.version),
    (trx) => takePublishLock(new PublishRepository(trx), body.test._id),
  );
  return { published: result, version: row.version };
}

/** Thrown inside the publish's transaction to roll it back once measured. */
class Previewed extends Error {
  constructor(readonly preview: CorrectionsPreview) {
    super('dry run');
  }
}

/**
 * The corrections preview (`dryRun: true`): the real publish, in its transaction (the publish
 * lock and the version check apply), measured per free test before and after the re-evaluation,
 * then rolled back. Exact by construction: the same code changed the same rows.
 */
export async function previewCorrections(
  repo: TestEditorRepository,
  caller: EditorCaller,
  body: SaveAndResolveBody,
  editing: EditContext,
): Promise<CorrectionsPreview> {
  try {
    await repo.change(
      caller,
      body.test._id,
      body.test.version,
      async (test, { trx, row }) => {
        const publishes = new PublishRepository(trx);
        const before = await publishes.freeTestScores(test._id, '');
        const { publishId } = await applyCorrections(publishes, caller, body, editing, test, row.version);
        const after = await publishes.freeTestScores(test._id, publishId);
        const mean = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));
        const freeTests = after.map((a) => ({
          sharedTestId: a.shared_test_id,
          attempts: a.attempts,
          attemptsChanged: a.changed,
          oldMean: mean(before.find((b) => b.shared_test_id === a.shared_test_id)?.mean),
          newMean: mean(a.mean),
        }));
        throw new Previewed({ dryRun: true, freeTests });
      },
      (trx) => takePublishLock(new PublishRepository(trx), body.test._id),
    );
  } catch (error) {
    if (error instanceof Previewed) return error.preview;
    throw error;
  }
  throw new Error('unreachable: a dry run always rolls back');
}

/**
 * The publish's work inside the test's transaction (see publishCorrections): corrected
 * questions, the publishes row, the re-evaluation, the attempted mark and the reports.
 */
async function applyCorrections(
  publishes: PublishRepository,
  caller: EditorCaller,
  body: SaveAndResolveBody,
  editing: EditContext,
  test: Test,
  versionBefore: number,
): Promise<Published> {
  const publishId = newId();
  const corrections: Correction[] = [];
  const questions = body.questions.map((item, i) => {
    const questionId = item.question._id;
    if (!questionId) throw badRequest(`questions.${i}.question._id`, 'fieldRequired');
    const sectionId = item.sectionId ?? sectionOfQuestion(test, questionId);
    const section = test.sections.find((s) => s._id === sectionId);
    const before = section && locateQuestion(section, questionId);
    if (!sectionId || !before) throw badRequest(`questions.${i}.question._id`, 'publishQuestionNotInTest', { questionId });
    const oldPositive = positivesOf(before.question);
    const edited = editQuestion(test, sectionId, { ...item.question, _id: questionId }, editing);
    for (const child of edited.type === 'comprehension' ? edited.questions : [edited]) {
      corrections.push({ question: child, option: item.publishOption, oldPositive: oldPositive.get(child._id) ?? child.marks.positive });
    }
    return edited;
  });
  await publishes.insertPublish({
    id: publishId,
    org_id: caller.orgId,
    test_id: test._id,
    published_by: caller.userId,
    options: Object.fromEntries(body.questions.map((item) => [item.question._id, item.publishOption])),
  });
  // The change makes the test's next version; attempts scored before it are re-scored.
  const attemptsChanged = await reevaluate(publishes, { publishId, orgId: caller.orgId, testId: test._id, version: versionBefore + 1 }, corrections, test);
  await publishes.setAttemptsChanged(publishId, attemptsChanged);
  const attempted = await publishes.hasSubmittedAttempts(test._id);
  if (attempted !== test.isAttempted) await publishes.setAttempted(test._id, attempted);
  const reportedIds = [...new Set([...questions.map((q) => q._id), ...corrections.map((c) => c.question._id)])];
  const resolvedReports = await publishes.updateReports(caller, test._id, reportedIds, body.resolve);
  return { publishId, questions, attemptsChanged, resolvedReports };
}
