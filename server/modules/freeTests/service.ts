import { endsAfterStart } from '@shared/domain/freeTest';
import { validateTest } from '@shared/domain/test';
import type { SharedTest } from '@shared/api/freeTests';
import type { Language } from '@shared/i18n/languages';
import type { TestRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { newId } from '../../security';
import type { EditorCaller, TestEditorRepository } from '../editor/repository';
import { presentSharedTest, type LinkableTest } from './presenter';
import type { FreeTestTransaction, SharedTestWithTest, SharedTestsRepository } from './repository';
import type { CreateSharedTestBody, UpdateSharedTestBody } from '@shared/contract/freeTests';
import type { StudentIdentityService } from '../students/identity';

/** Who asks, in which language, and the origin their links are made on. */
export interface FreeTestCaller extends EditorCaller {
  lang: Language;
  origin: string;
}

const disabled = () => new AppError(409, 'SHARED_TEST_DISABLED', 'sharedTestDisabled');
const sharedTestNotFound = () => new AppError(404, 'NOT_FOUND', 'sharedTestNotFound', { what: 'sharedTest' });

/**
 * Free tests (spec sections 3, 4, 7; decisions section 5): one per test, for the tutor's own tests
 * (another organisation's, a colleague's or a Global Library test is not found). A test is
 * published by link only when it passes validation (spec section 5): on create and on re-enable.
 * A disabled (removed) free test cannot be changed until it is re-enabled.
 */
export class FreeTestService {
  constructor(
    private readonly repo: SharedTestsRepository,
    private readonly tests: TestEditorRepository,
  ) {}

  private async linkable(caller: FreeTestCaller, testId: string, db?: FreeTestTransaction): Promise<{ row: TestRow; test: LinkableTest }> {
    const row = await this.tests.read(caller, testId, db);
    if (!row || row.is_global) throw notFound('test');
    const test = await this.tests.hydrate(caller, row, db);
    const problems = validateTest(test, caller.lang).map((error) => error.msg);
    const { settings } = test;
    const answersLater = settings.revealAnswersTime === 'later' && (settings.showAnswers || settings.showSolutions);
    return { row, test: { id: row.id, name: row.name, testType: test.testType, attempts: test.attempts, problems, answersLater } };
  }

  /**
   * The caller's own free test, for its results (issue 16): the rule of `linkable` (a test of the
   * caller's own, not a Global Library one) without reading and validating the test's content,
   * since the Results screen polls. Another organisation's or a colleague's: 404.
   */
  async accessible(caller: EditorCaller, id: string): Promise<SharedTestWithTest> {
    // One round trip: the free test, joined with the caller's own tests.
    const found = await this.repo.byIdAmong(caller.orgId, id, this.tests.ownIds(caller));
    if (!found) throw sharedTestNotFound();
    return found;
  }

  private refuseUnready(test: LinkableTest): void {
    if (test.problems.length === 0) return;
    throw new AppError(400, 'TEST_NOT_READY', 'testNotReadyToLink', { field: 'testId', problems: test.problems.join(' · ') }, [
      { field: 'testId', message: 'testNotReadyToLink' },
    ]);
  }

  /** `GET /v2/shared-test/test/{id}`: the test's free test, or its "new" state. */
  async ofTest(caller: FreeTestCaller, testId: string): Promise<SharedTest> {
    const { test } = await this.linkable(caller, testId);
    return presentSharedTest(await this.repo.ofTest(caller.orgId, testId), test, caller.origin);
  }

  /**
   * `POST /v2/shared-test/create`. A second create of the same test (another tab, a retried
   * request) changes the one that exists, unless it is disabled.
   */
  async create(caller: FreeTestCaller, body: CreateSharedTestBody): Promise<SharedTest> {
    return this.repo.lockingTest(body.testId, async (trx) => {
      const { test } = await this.linkable(caller, body.testId, trx);
      this.refuseUnready(test);
      const window = { startTime: body.startTime, endTime: body.endTime ?? null };
      if (!endsAfterStart(window)) throw badRequest('endTime', 'freeTestEndBeforeStart');
      const existing = await this.repo.ofTest(caller.orgId, body.testId, trx);
      const fields = {
        start_time: new Date(window.startTime),
        end_time: window.endTime ? new Date(window.endTime) : null,
        no_of_attempts: body.noOfAttempts ?? null,
      };
      let id = existing?.id;
      if (existing?.is_removed) throw disabled();
      if (existing) await this.repo.update(trx, existing.id, fields);
      else {
        id = newId();
        await this.repo.insert(trx, { id, org_id: caller.orgId, test_id: body.testId, created_by: caller.userId, ...fields });
      }
      await this.repo.markTestShared(trx, body.testId);
      return presentSharedTest(await this.repo.byId(caller.orgId, id!, trx), test, caller.origin);
    });
  }

  /**
   * `POST /v2/shared-test/{id}/reset-student` (issue 14): a student who can prove nothing (lost
   * device, no access to their mail) is let in once more from a new device; the token of their
   * attempt in progress stops working, its answers are kept for them. The tutor's own free tests only.
   */
  async resetStudent(caller: FreeTestCaller, id: string, contact: string, identity: StudentIdentityService): Promise<{ attemptsInProgress: number }> {
    const found = await this.repo.byId(caller.orgId, id);
    if (!found) throw sharedTestNotFound();
    await this.linkable(caller, found.test_id).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 404 ? sharedTestNotFound() : error;
    });
    const reset = await identity.reset(caller.orgId, id, contact);
    if (!reset) throw new AppError(404, 'NOT_FOUND', 'studentNotFound', { what: 'student' });
    return { attemptsInProgress: reset.attemptsInProgress };
  }

  /** `PATCH /v2/shared-test/update/{id}`: the window, the attempts, disable (isRemoved) or re-enable. */
  async update(caller: FreeTestCaller, id: string, body: UpdateSharedTestBody): Promise<SharedTest> {
    const found = await this.repo.byId(caller.orgId, id);
    if (!found) throw sharedTestNotFound();
    return this.repo.lockingTest(found.test_id, async (trx) => {
      const current = await this.repo.byId(caller.orgId, id, trx);
      if (!current) throw sharedTestNotFound();
      // A colleague's test: not found, as for the test's other calls.
      const { test } = await this.linkable(caller, current.test_id, trx).catch((error: unknown) => {
        throw error instanceof AppError && error.statusCode === 404 ? sharedTestNotFound() : error;
      });
      const removed = body.isRemoved ?? current.is_removed;
      const changesWindow = body.startTime !== undefined || body.endTime !== undefined || body.noOfAttempts !== undefined;
      if (removed && changesWindow) throw disabled();
      if (current.is_removed && !removed) this.refuseUnready(test);
      const window = { startTime: body.startTime ?? current.start_time, endTime: body.endTime === undefined ? current.end_time : body.endTime };
      if (!endsAfterStart(window)) throw badRequest(body.endTime !== undefined ? 'endTime' : 'startTime', 'freeTestEndBeforeStart');
      await this.repo.update(trx, id, {
        start_time: new Date(window.startTime),
        end_time: window.endTime ? new Date(window.endTime) : null,
        no_of_attempts: body.noOfAttempts === undefined ? current.no_of_attempts : body.noOfAttempts,
        is_removed: removed,
      });
      if (!removed) await this.repo.markTestShared(trx, current.test_id);
      return presentSharedTest(await this.repo.byId(caller.orgId, id, trx), test, caller.origin);
    });
  }
}
