import type { StudentAttempt, StudentIdentity, StudentResult, StudentStanding, StudentStart, StudentTestInfo } from '@shared/api/students';
import { KeptReads } from '../../http/keptReads';
import { countedLimit, isAnswered, scoreAnswer, type Outcome, type StudentAnswer } from '@shared/domain/scoring';
import type { ChildQuestion, Question, Test } from '@shared/domain/test/types';
import { serverMessage } from '@shared/i18n/serverMessages';
import type { Language } from '@shared/i18n/languages';
import { AppError, badRequest } from '../../http/errors';
import { hashToken, newId, newToken } from '../../security';
import { ownerOf, type EditorCaller, type TestEditorRepository } from '../editor/repository';
import type { StudentIdentityService, StudentProof } from './identity';
import {
  answerableIds,
  allIds,
  attemptAnyOf,
  attemptTotals,
  buildLayout,
  sectionAnswerableIds,
  questionsById,
  sectionOfQuestion,
  sectionTimings,
  type AttemptLayout,
} from './layout';
import { presentAttempt, presentResult, testLanguagesOf, type ScoredRow } from './presenter';
import type { AnswerSave, AttemptRow, FreeTestWithTest, SavedAnswer, ScoresWrite, StudentsRepository } from './repository';
import { GroupCommit } from './groupCommit';

/**
 * Decisions section 5 (students). The deadline is the server's clock: the test's duration from
 * the start (and no later than the free test's end), and each section's own when sections go in
 * order with durations. A save that arrives more than GRACE_MS after its deadline is refused;
 * a submit is never refused for lateness: it scores what was saved in time. An attempt nobody
 * submits is submitted with what it saved when it is next read, or when anyone opens the free test.
 */
export const GRACE_MS = 10_000;
/** Tests kept hydrated in memory (the newest versions of the tests students are taking). */
const TEST_CACHE_ENTRIES = 100;

const sessionInvalid = () => new AppError(401, 'STUDENT_SESSION_INVALID', 'studentSessionInvalid');
const freeTestGone = () => new AppError(404, 'NOT_FOUND', 'studentTestNotFound', { what: 'sharedTest' });
const questionGone = () => new AppError(404, 'NOT_FOUND', 'questionNotFound', { what: 'question' });
const formatTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A free test's attempts per student: its sharer's number, else the test's own (issue 14). */
const attemptLimit = (free: FreeTestWithTest, test: Test) => free.shared.no_of_attempts ?? test.attempts;

/**
 * What the analysis does on a submit (analysis/hook.ts SubmitAnalysis): given by the wiring
 * (services.ts), so that the students' module does not depend on the analysis, which reads theirs.
 */
export interface SubmitAnalysisHook {
  digestOf(test: Test, version: number, scored: ReadonlyMap<string, { answer: unknown; score: number; outcome: string }>): Promise<string>;
  afterSubmit(sharedTestId: string, testId: string): void;
}

/** The test's fonts as the student page draws them (OrgFontsRepository.served). */
export interface StudentFonts {
  served(orgId: string, faces: string[]): Promise<{ face: string; fileUrl?: string }[]>;
}

interface Loaded {
  free: FreeTestWithTest;
  test: Test;
  byId: Map<string, Question>;
}

export class StudentService {
  constructor(
    private readonly repo: StudentsRepository,
    private readonly tests: TestEditorRepository,
    private readonly identity: StudentIdentityService,
    /** The analysis' part of a submit: the attempt's digest, and the background look for broken questions. */
    private readonly analysis: SubmitAnalysisHook,
    /** The organisation's uploaded fonts: the student page draws the test in them, as the editor and print do (issue 17). */
    private readonly fonts: StudentFonts | null = null,
    private readonly clock: () => number = Date.now,
  ) {
    this.saves = new GroupCommit((items) => repo.inTransaction((trx) => repo.saveAnswers(trx, items)));
    this.submits = new GroupCommit((items) => repo.inTransaction((trx) => repo.writeScores(items, trx)));
  }

  /**
   * Answer saves and submits are written in groups (issue 19): a burst costs a few transactions,
   * and each call answers only once its transaction has committed.
   */
  private readonly saves: GroupCommit<AnswerSave, 'saved' | 'stale' | 'closed'>;
  private readonly submits: GroupCommit<ScoresWrite, boolean>;

  /**
   * Tests as students get them, by FreeTestWithTest.testKey (a changed test has a new key); kept
   * as they are being read, so that a class starting together reads the test once.
   */
  private readonly keptTests = new KeptReads<{ test: Test; byId: Map<string, Question> }>(TEST_CACHE_ENTRIES);
  /** Tests this process has marked attempted (see submitRow). */
  private readonly knownAttempted = new Set<string>();

  /** The test of a free test as its owner's editor sees it (settings never stored are the owner's defaults), kept in memory per version. */
  private testOf(free: FreeTestWithTest): Promise<{ test: Test; byId: Map<string, Question> }> {
    return this.keptTests.get(free.testKey, () => this.readTest(free));
  }

  private async readTest(free: FreeTestWithTest): Promise<{ test: Test; byId: Map<string, Question> }> {
    const row = await this.repo.testRow(free.shared.test_id);
    if (!row) throw freeTestGone();
    const test = await this.tests.hydrate(ownerOf(row, free.ownerDefaults as EditorCaller['defaultSettings']), row);
    return { test, byId: questionsById(test) };
  }

  private async load(sharedTestId: string, { removedToo = false } = {}): Promise<Loaded> {
    const free = await this.repo.freeTest(sharedTestId);
    if (!free || (free.shared.is_removed && !removedToo)) throw freeTestGone();
    return { free, ...(await this.testOf(free)) };
  }

  /** The test's fonts (settings.fonts.list) with the files of the faces its organisation uploaded; absent when it names none. */
  async fontsOf(orgId: string, test: Test): Promise<Pick<StudentAttempt, 'fonts'>> {
    const faces = test.settings.fonts.list.map((font) => font.face);
    if (!faces.length) return {};
    return { fonts: this.fonts ? await this.fonts.served(orgId, faces) : faces.map((face) => ({ face })) };
  }

  private statusOf(free: FreeTestWithTest, now: number): StudentTestInfo['status'] {
    if (now < free.shared.start_time.getTime()) return 'notStarted';
    if (free.shared.end_time && now >= free.shared.end_time.getTime()) return 'ended';
    return 'open';
  }

  private refuseOutsideWindow(free: FreeTestWithTest, now: number): void {
    const status = this.statusOf(free, now);
    if (status === 'notStarted') throw new AppError(409, 'TEST_NOT_STARTED', 'studentTestNotStarted', { time: formatTime(free.shared.start_time) });
    if (status === 'ended') throw new AppError(409, 'TEST_ENDED', 'studentTestEnded', { time: formatTime(free.shared.end_time!) });
  }

  /** `GET /student/test/{id}`: the landing page. Attempts past their time are submitted first. */
  async info(sharedTestId: string, lang: Language): Promise<StudentTestInfo> {
    const { free, test } = await this.load(sharedTestId);
    const now = this.clock();
    await this.submitExpired(free, test, now);
    const status = this.statusOf(free, now);
    const message =
      status === 'notStarted'
        ? serverMessage(lang, 'studentTestNotStarted', { time: formatTime(free.shared.start_time) })
        : status === 'ended'
          ? serverMessage(lang, 'studentTestEnded', { time: formatTime(free.shared.end_time!) })
          : null;
    return {
      sharedTestId,
      name: test.name,
      instructions: test.instructions,
      duration: test.duration,
      totalMarks: test.totalMarks,
      numberOfQuestions: test.totalNumberOfQuestions,
      sections: test.sections.map((s) => ({
        id: s._id,
        name: s.name,
        instructions: s.instructions,
        duration: s.sectionDuration,
        numberOfQuestions: s.numberOfQuestions,
      })),
      startTime: free.shared.start_time.toISOString(),
      endTime: free.shared.end_time?.toISOString() ?? null,
      noOfAttempts: attemptLimit(free, test),
      status,
      message,
      serverNow: new Date(now).toISOString(),
      isSectionSwitchingEnabled: test.settings.isSectionSwitchingEnabled,
      isSectionalSubmit: test.settings.isSectionalSubmit,
      ...testLanguagesOf(test),
      ...(await this.fontsOf(free.shared.org_id, test)),
    };
  }

  /** The student, proven (see StudentIdentityService): 403 and nothing changed without proof. */
  private student(free: FreeTestWithTest, identity: StudentIdentity, proof: StudentProof) {
    return this.identity.prove(free.shared.org_id, identity, proof);
  }

  /** `POST /student/test/{id}/code`: a one-time code to the contact, when a student has it (the answer is the same either way). */
  async requestCode(sharedTestId: string, contact: string, lang: Language): Promise<void> {
    const { free, test } = await this.load(sharedTestId);
    await this.identity.requestCode(free.shared.org_id, test.name, contact, lang);
  }

  private standing(
    free: FreeTestWithTest,
    test: Test,
    student: { id: string; name: string; contact: string },
    attempts: AttemptRow[],
    now: number,
  ): StudentStanding {
    const limit = attemptLimit(free, test);
    const inProgress = attempts.some((a) => !a.submitted_at && !this.pastGrace(a.deadline_at, now));
    const submitted = attempts.filter((a) => a.submitted_at);
    return {
      student: { id: student.id, name: student.name, contact: student.contact },
      attemptsUsed: attempts.length,
      attemptsLeft: limit < 0 ? null : Math.max(0, limit - attempts.length),
      hasAttemptInProgress: inProgress,
      lastSubmittedAt: submitted[0]?.submitted_at?.toISOString() ?? null,
    };
  }

  /** `POST /student/test/{id}/identify`: the student (created, or known by the contact) and their attempts. */
  async identify(sharedTestId: string, identity: StudentIdentity, proof: StudentProof): Promise<StudentStanding> {
    const { free, test } = await this.load(sharedTestId);
    const now = this.clock();
    await this.submitExpired(free, test, now);
    const student = await this.student(free, identity, proof);
    return this.standing(free, test, student, await this.repo.attemptsOf(sharedTestId, student.id), now);
  }

  /**
   * `POST /student/test/{id}/start`: resumes the student's attempt in progress (with a new token:
   * the page that lost its token gets one, an older one stops working), or starts one when the
   * window is open and attempts are left. The layout and the deadline are fixed here.
   */
  async start(sharedTestId: string, identity: StudentIdentity, proof: StudentProof): Promise<StudentStart> {
    const { free, test, byId } = await this.load(sharedTestId);
    const now = this.clock();
    await this.submitExpired(free, test, now);
    const student = await this.student(free, identity, proof);
    const token = newToken();
    await this.repo.inTransaction(async (trx) => {
      await this.repo.lockStudent(trx, student.id);
      const attempts = await this.repo.attemptsOf(sharedTestId, student.id, trx);
      const current = attempts.find((a) => !a.submitted_at && !this.pastGrace(a.deadline_at, now));
      if (current) {
        await this.repo.resumeWithToken(current.id, hashToken(token), trx);
        return current.id;
      }
      this.refuseOutsideWindow(free, now);
      const limit = attemptLimit(free, test);
      if (limit >= 0 && attempts.length >= limit) throw new AppError(409, 'ATTEMPTS_USED', 'studentAttemptsUsed', { count: limit });
      const id = newId();
      const layout = buildLayout(test, id);
      const ids = answerableIds(layout);
      const { maxScore } = attemptTotals(test, layout, byId, () => ({ score: 0, outcome: 'unattempted' }));
      const ends = [test.duration > 0 ? now + test.duration : null, free.shared.end_time?.getTime() ?? null].filter((t): t is number => t !== null);
      await this.repo.insertAttempt(
        trx,
        {
          id,
          org_id: free.shared.org_id,
          shared_test_id: sharedTestId,
          test_id: free.shared.test_id,
          student_id: student.id,
          token_hash: hashToken(token),
          layout,
          started_at: new Date(now),
          deadline_at: ends.length ? new Date(Math.min(...ends)) : null,
          max_score: maxScore,
        },
        ids,
      );
      return id;
    });
    const attempt = (await this.repo.byTokenHash(hashToken(token)))!;
    return { token, attempt: await this.view({ free, test, byId }, attempt, now) };
  }

  private pastGrace(deadline: Date | null | number, now: number): boolean {
    if (deadline === null) return false;
    return now > (typeof deadline === 'number' ? deadline : deadline.getTime()) + GRACE_MS;
  }

  /** The attempt of a student token, with its test; an attempt past its time is submitted first. */
  private async session(
    token: string | undefined,
    { withAnswers = false } = {},
  ): Promise<{ loaded: Loaded; attempt: AttemptRow & { student_name: string }; now: number; answers?: SavedAnswer[] }> {
    if (!token) throw sessionInvalid();
    const found = await this.repo.session(hashToken(token), { withAnswers });
    if (!found) throw sessionInvalid();
    let { attempt } = found;
    const loaded = { free: found.free, ...(await this.testOf(found.free)) };
    const now = this.clock();
    if (!attempt.submitted_at && this.pastGrace(attempt.deadline_at, now)) {
      await this.submitRow(loaded, attempt, attempt.deadline_at!, found.answers);
      attempt = (await this.repo.session(hashToken(token)))!.attempt;
    }
    return { loaded, attempt, now, answers: found.answers };
  }

  private async view({ free, test, byId }: Loaded, attempt: AttemptRow & { student_name: string }, now: number): Promise<StudentAttempt> {
    const layout = attempt.layout as AttemptLayout;
    const rows = await this.repo.answersOf(attempt.id);
    const answers: Record<string, StudentAnswer> = {};
    for (const row of rows) if (row.answer) answers[row.question_id] = row.answer as StudentAnswer;
    const fonts = await this.fontsOf(free.shared.org_id, test);
    const view = presentAttempt(test, layout, byId, {
      attemptId: attempt.id,
      sharedTestId: free.shared.id,
      studentName: attempt.student_name,
      startedAt: attempt.started_at.getTime(),
      deadline: attempt.deadline_at?.getTime() ?? null,
      submittedAt: attempt.submitted_at?.getTime() ?? null,
      now,
      graceMs: GRACE_MS,
      timings: sectionTimings(test, layout, attempt.started_at.getTime(), now),
      answers,
      lastSeq: rows.reduce((max, row) => Math.max(max, Number(row.client_seq ?? 0)), 0),
    });
    return { ...view, ...fonts };
  }

  /** `GET /student/attempt`: the attempt of the token (resume after a reload). */
  async attempt(token: string | undefined): Promise<StudentAttempt> {
    const { loaded, attempt, now } = await this.session(token);
    return this.view(loaded, attempt, now);
  }

  /** Validates an answer against its question: ids of its options, its blanks; a 400 names the field. */
  private checkAnswer(question: ChildQuestion, answer: StudentAnswer): void {
    const allowed = question.type === 'fill_ups' ? 'blanks' : question.type === 'integer' ? 'value' : 'selected';
    for (const field of ['selected', 'value', 'blanks'] as const) {
      if (answer[field] !== undefined && field !== allowed) throw badRequest(`answer.${field}`, 'studentAnswerWrongKind', { type: question.type });
    }
    if (question.type === 'multiple_choice' || question.type === 'true_false') {
      const ids = new Set(question.options.map((o) => o.id));
      const unknown = (answer.selected ?? []).find((id) => !ids.has(id));
      if (unknown !== undefined) throw badRequest('answer.selected', 'studentAnswerUnknownOption', { id: unknown });
      const single = question.type === 'true_false' || question.options.filter((o) => o.isCorrect).length <= 1;
      if (single && (answer.selected ?? []).length > 1) throw badRequest('answer.selected', 'studentAnswerOneOption');
    }
    if (question.type === 'fill_ups') {
      const blanks = new Set(question.options.map((o) => o.optionId));
      const unknown = Object.keys(answer.blanks ?? {}).find((id) => !blanks.has(id));
      if (unknown !== undefined) throw badRequest(`answer.blanks.${unknown}`, 'studentAnswerUnknownBlank');
    }
  }

  /** The section of a question may be answered now: open (its turn), not submitted, in time. */
  private checkSectionOpen(test: Test, attempt: AttemptRow, questionId: string, now: number): void {
    const layout = attempt.layout as AttemptLayout;
    const section = sectionOfQuestion(layout, questionId)!;
    const index = layout.sections.indexOf(section);
    const timing = sectionTimings(test, layout, attempt.started_at.getTime(), now)[index];
    if (timing.submittedAt !== null) throw new AppError(409, 'SECTION_SUBMITTED', 'studentSectionSubmitted');
    if (timing.opensAt === null || timing.opensAt > now) throw new AppError(409, 'SECTION_NOT_OPEN', 'studentSectionNotOpen');
    if (this.pastGrace(timing.deadline, now)) throw new AppError(409, 'TIME_UP', 'studentTimeUp');
  }

  /** Refuses changes to a submitted attempt, or one whose time is up (then submitted with what it saved). */
  private refuseIfClosed(attempt: AttemptRow, now: number): void {
    if (this.pastGrace(attempt.deadline_at, now)) throw new AppError(409, 'TIME_UP', 'studentTimeUp');
    if (attempt.submitted_at) throw new AppError(409, 'ATTEMPT_SUBMITTED', 'studentAttemptSubmitted');
  }

  /**
   * "Attempt any N" (issue 17): a new answer to a question of such a section is refused while N
   * others of the section are answered (the student clears one to choose another). Two saves at
   * the same moment may both pass; scoring then counts the best N.
   */
  private async checkOptionalLimit(test: Test, attempt: AttemptRow, question: ChildQuestion, seq: number | undefined): Promise<'stale' | void> {
    const layout = attempt.layout as AttemptLayout;
    const section = sectionOfQuestion(layout, question._id)!;
    const ids = sectionAnswerableIds(section);
    const limit = countedLimit(attemptAnyOf(test).get(section.id) ?? null, ids.length);
    if (limit === null) return;
    const rows = new Map((await this.repo.answersOf(attempt.id)).map((r) => [r.question_id, r]));
    const own = rows.get(question._id);
    // An older save arriving late changes nothing: it is not refused either.
    if (seq !== undefined && own?.client_seq != null && Number(own.client_seq) >= seq) return 'stale';
    const byId = questionsById(test);
    const answeredBy = (id: string) => {
      const q = byId.get(id) as ChildQuestion | undefined;
      return !!q && isAnswered(q, rows.get(id)?.answer as StudentAnswer | null);
    };
    if (answeredBy(question._id)) return;
    if (ids.filter((id) => id !== question._id && answeredBy(id)).length >= limit) {
      throw new AppError(409, 'OPTIONAL_LIMIT', 'studentOptionalLimit', { count: limit });
    }
  }

  /**
   * `PUT /student/attempt/answer/{questionId}`: saves (or with null clears) one answer; the same call twice is the same.
   * With `seq` (the page's sequence number of the answer) the newest answer stays whatever order
   * the saves arrive in: an older one answers `applied: false` and changes nothing.
   */
  async saveAnswer(
    token: string | undefined,
    questionId: string,
    answer: StudentAnswer | null,
    seq?: number,
  ): Promise<{ questionId: string; savedAt: string; applied: boolean }> {
    const { loaded, attempt, now } = await this.session(token);
    this.refuseIfClosed(attempt, now);
    const layout = attempt.layout as AttemptLayout;
    if (!answerableIds(layout).includes(questionId)) throw badRequest('questionId', 'studentQuestionNotInAttempt', { questionId });
    const question = loaded.byId.get(questionId) as ChildQuestion | undefined;
    if (!question) throw badRequest('questionId', 'studentQuestionNotInAttempt', { questionId });
    if (answer) this.checkAnswer(question, answer);
    this.checkSectionOpen(loaded.test, attempt, questionId, now);
    const stale = answer && isAnswered(question, answer) ? await this.checkOptionalLimit(loaded.test, attempt, question, seq) : undefined;
    const saved = stale ?? (await this.saves.run({ attemptId: attempt.id, questionId, answer, seq, at: new Date() }));
    if (saved === 'closed') throw new AppError(409, 'ATTEMPT_SUBMITTED', 'studentAttemptSubmitted');
    return { questionId, savedAt: new Date(now).toISOString(), applied: saved === 'saved' };
  }

  /** `POST /student/attempt/section/{id}/submit`: closes one section (sectional submit, or sections in order). */
  async submitSection(token: string | undefined, sectionId: string): Promise<StudentAttempt> {
    const { loaded, attempt, now } = await this.session(token);
    this.refuseIfClosed(attempt, now);
    const { settings } = loaded.test;
    if (!settings.isSectionalSubmit && settings.isSectionSwitchingEnabled) throw new AppError(409, 'NO_SECTIONAL_SUBMIT', 'studentNoSectionalSubmit');
    const layout = attempt.layout as AttemptLayout;
    const section = layout.sections.find((s) => s.id === sectionId);
    if (!section) throw badRequest('sectionId', 'studentSectionNotInAttempt', { sectionId });
    const index = layout.sections.indexOf(section);
    const timing = sectionTimings(loaded.test, layout, attempt.started_at.getTime(), now)[index];
    if (timing.opensAt === null || timing.opensAt > now) throw new AppError(409, 'SECTION_NOT_OPEN', 'studentSectionNotOpen');
    if (!section.submittedAt) {
      section.submittedAt = new Date(now).toISOString();
      await this.repo.setLayout(attempt.id, layout);
    }
    return this.view(loaded, { ...attempt, layout }, now);
  }

  /**
   * Scores every question of an attempt with the one rule (scoreAnswer) and writes it all in one
   * transaction. Answers what it wrote, or null when the attempt was submitted meanwhile.
   */
  private async submitRow(
    { test, free }: { test: Test; free: FreeTestWithTest },
    attempt: AttemptRow,
    at: Date,
    /** The attempt's saved answers when the caller read them already. */
    saved?: SavedAnswer[],
  ): Promise<{ rows: Map<string, ScoredRow>; score: number; maxScore: number } | null> {
    const byId = questionsById(test);
    const given = new Map((saved ?? (await this.repo.answersOf(attempt.id))).map((r) => [r.question_id, r.answer as StudentAnswer | null]));
    const rows = new Map<string, ScoredRow>();
    const layout = attempt.layout as AttemptLayout;
    const scores = answerableIds(layout).map((q) => {
      const question = byId.get(q) as ChildQuestion | undefined;
      const answer = given.get(q) ?? null;
      const scored = question ? scoreAnswer(question, answer) : { score: 0, outcome: 'unattempted' as Outcome };
      rows.set(q, { answer, ...scored });
      return { q, s: scored.score, o: scored.outcome };
    });
    // Each question keeps its own score; the attempt's counts the best N of "attempt any N" sections.
    const { score, maxScore } = attemptTotals(test, layout, byId, (q) => rows.get(q)!);
    const digest = await this.analysis.digestOf(test, free.version, rows);
    const total = { score, maxScore, submittedAt: at, testVersion: free.version, digest };
    const written = await this.submits.run({ attemptId: attempt.id, scores, total });
    if (!written) return null;
    this.analysis.afterSubmit(free.shared.id, test._id);
    if (!test.isAttempted && !this.knownAttempted.has(test._id)) {
      await this.repo.markAttempted(test._id);
      // The hydrated test is cached per version, which this does not change: remember it here so
      // later submits skip the write (bounded; forgetting only costs one more no-op update).
      if (this.knownAttempted.size >= 10_000) this.knownAttempted.clear();
      this.knownAttempted.add(test._id);
    }
    return { rows, score: total.score, maxScore: total.maxScore };
  }

  /** Attempts of the free test that ran out of time unsubmitted: submitted with what they saved. */
  private async submitExpired(free: FreeTestWithTest, test: Test, now: number): Promise<number> {
    let submitted = 0;
    for (const attempt of await this.repo.expiredAttempts(free.shared.id, new Date(now - GRACE_MS))) {
      if (await this.submitRow({ test, free }, attempt, attempt.deadline_at!)) submitted++;
    }
    return submitted;
  }

  /**
   * The job queue's sweep (issue 19, PostgreSQL): every attempt past its deadline and the grace,
   * never submitted, is submitted with what it saved, whether or not anyone reads it. Answers how
   * many were submitted (a few hundred free tests a run; the next run takes the rest).
   */
  async submitAllExpired(): Promise<number> {
    const now = this.clock();
    let submitted = 0;
    for (const sharedTestId of await this.repo.freeTestsWithExpired(new Date(now - GRACE_MS), 200)) {
      const { free, test } = await this.load(sharedTestId, { removedToo: true });
      submitted += await this.submitExpired(free, test, now);
    }
    return submitted;
  }

  /** `POST /student/attempt/submit`: scores the attempt (a second submit answers the same result). */
  async submit(token: string | undefined): Promise<StudentResult> {
    const { loaded, attempt, now, answers } = await this.session(token, { withAnswers: true });
    if (!attempt.submitted_at) {
      // A late submit scores what was saved in time; it is stamped at the deadline.
      const at = attempt.deadline_at && now > attempt.deadline_at.getTime() ? attempt.deadline_at : new Date(now);
      const written = await this.submitRow(loaded, attempt, at, answers);
      // Just scored: shown from what was written, without reading it back.
      if (written)
        return this.present(
          loaded,
          { ...attempt, submitted_at: at, score: String(written.score), max_score: String(written.maxScore) },
          now,
          written.rows,
          null,
        );
      return this.result(token);
    }
    return this.resultOf(loaded, attempt, now);
  }

  /** `GET /student/attempt/result`. */
  async result(token: string | undefined): Promise<StudentResult> {
    const { loaded, attempt, now } = await this.session(token);
    return this.resultOf(loaded, attempt, now);
  }

  private async resultOf(loaded: Loaded, attempt: AttemptRow & { student_name: string }, now: number): Promise<StudentResult> {
    if (!attempt.submitted_at) throw new AppError(409, 'ATTEMPT_NOT_SUBMITTED', 'studentAttemptNotSubmitted');
    const rows = new Map<string, ScoredRow>(
      (await this.repo.scoredAnswersOf(attempt.id)).map((r) => [
        r.question_id,
        { answer: r.answer as StudentAnswer | null, score: Number(r.score), outcome: r.outcome as Outcome },
      ]),
    );
    return this.present(loaded, attempt, now, rows, await this.repo.firstScoreChange(attempt.id));
  }

  private async present(
    loaded: Loaded,
    attempt: AttemptRow & { student_name: string },
    now: number,
    rows: Map<string, ScoredRow>,
    originalScore: number | null,
  ): Promise<StudentResult> {
    const end = loaded.free.shared.end_time;
    const fonts = await this.fontsOf(loaded.free.shared.org_id, loaded.test);
    const result = presentResult(loaded.test, attempt.layout as AttemptLayout, loaded.byId, {
      attemptId: attempt.id,
      studentName: attempt.student_name,
      submittedAt: attempt.submitted_at!.getTime(),
      score: Number(attempt.score),
      maxScore: Number(attempt.max_score),
      originalScore,
      timeReached: loaded.test.settings.revealAnswersTime === 'now' || (end !== null && now >= end.getTime()),
      revealAt: end?.toISOString() ?? null,
      rows,
    });
    return { ...result, ...fonts };
  }

  /** `POST /question/report/{id}`: a question of the student's own attempt, with a reason (Report Dashboard). */
  async report(token: string | undefined, questionId: string, reason: string, lang: Language): Promise<{ message: string }> {
    if (!token) throw sessionInvalid();
    const attempt = await this.repo.byTokenHash(hashToken(token));
    if (!attempt) throw sessionInvalid();
    if (!allIds(attempt.layout as AttemptLayout).includes(questionId)) throw questionGone();
    await this.repo.insertReport({
      org_id: attempt.org_id,
      test_id: attempt.test_id,
      question_id: questionId,
      reason: reason.trim(),
      student_id: attempt.student_id,
      attempt_id: attempt.id,
    });
    return { message: serverMessage(lang, 'questionReported') };
  }

  // ---- A tutor's preview: the same page, nothing recorded ----

  private previewView(test: Test, seed: string, now: number): { layout: AttemptLayout; view: StudentAttempt } {
    const layout = buildLayout(test, seed);
    const view = presentAttempt(test, layout, questionsById(test), {
      attemptId: seed,
      sharedTestId: '',
      studentName: '',
      startedAt: now,
      deadline: test.duration > 0 ? now + test.duration : null,
      submittedAt: null,
      now,
      graceMs: GRACE_MS,
      timings: sectionTimings(test, layout, now, now),
      answers: {},
      isPreview: true,
    });
    return { layout, view };
  }

  /** `GET /student/preview/{testId}`: a new layout of the caller's test, as a student would get it. */
  preview(test: Test): StudentAttempt {
    return this.previewView(test, `preview-${newId()}`, this.clock()).view;
  }

  /** `POST /student/preview/{testId}/result`: the answers scored and the result shown, as a student would see them. */
  previewResult(test: Test, seed: string, answers: Record<string, StudentAnswer>): StudentResult {
    const now = this.clock();
    const { layout } = this.previewView(test, seed, now);
    const byId = questionsById(test);
    const rows = new Map<string, ScoredRow>();
    for (const id of answerableIds(layout)) {
      const question = byId.get(id) as ChildQuestion;
      const answer = answers[id] ?? null;
      if (answer) this.checkAnswer(question, answer);
      rows.set(id, { answer, ...scoreAnswer(question, answer) });
    }
    const { score, maxScore } = attemptTotals(test, layout, byId, (q) => rows.get(q)!);
    const unknown = Object.keys(answers).find((id) => !rows.has(id));
    if (unknown) throw badRequest(`answers.${unknown}`, 'studentQuestionNotInAttempt', { questionId: unknown });
    return presentResult(test, layout, byId, {
      attemptId: seed,
      studentName: '',
      submittedAt: now,
      score,
      maxScore,
      originalScore: null,
      timeReached: test.settings.revealAnswersTime === 'now',
      revealAt: null,
      rows,
      isPreview: true,
    });
  }
}
