import type { Kysely } from 'kysely';
import { z } from 'zod';
import { question as questionSchema, type QuestionInput } from '@shared/contract/editor';
import { scoreAnswer, type Outcome, type StudentAnswer } from '@shared/domain/scoring';
import { answerableQuestions, addQuestions, addSection, type ChildQuestion, type Test } from '@shared/domain/test';
import { sanitizeHtml } from '@shared/domain/test/sanitize';
import { dataUrl } from '@shared/interop/pictures';
import { WORD_SAMPLE_URL } from '@shared/parser/links';
import { callerFrom, libraryScope, type Caller } from './access';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import { SubmitAnalysis } from './modules/analysis/hook';
import { AnalysisRepository } from './modules/analysis/repository';
import { AnalysisService } from './modules/analysis/service';
import { ReportRepository } from './modules/corrections/repository';
import { ownerOf, TestEditorRepository, type EditorCaller } from './modules/editor/repository';
import { SharedTestsRepository } from './modules/freeTests/repository';
import { FreeTestService } from './modules/freeTests/service';
import { PictureStore } from './modules/interop/pictures';
import { TutorsRepository } from './modules/accounts/tutorsRepository';
import { CopiesRepository } from './modules/library/copiesRepository';
import { LibraryRepository } from './modules/library/repository';
import { ROOT_FOLDER_ID } from './modules/library/selection';
import { LibraryContentService } from './modules/library/service';
import { createOrg, createUser } from './modules/orgs/commands';
import { OrgsRepository } from './modules/orgs/repository';
import { SettingsRepository } from './modules/settings/repository';
import { contactKeyOf } from './modules/students/identity';
import { answerableIds, attemptTotals, buildLayout, questionsById } from './modules/students/layout';
import { StudentsRepository, type ScoresWrite } from './modules/students/repository';
import { hashToken, newId, newToken } from './security';
import { trianglePng } from './demo/picture';
import { DemoRepository } from './demo/repository';
import {
  FREE_TEST_INSTRUCTIONS,
  FREE_TEST_NAME,
  isComprehension,
  SAMPLE_TEST_DURATION_MS,
  SAMPLE_TEST_INSTRUCTIONS,
  SAMPLE_TEST_NAME,
  sampleSections,
  studentsOn,
  type SampleSection,
  type StudentsOn,
} from './demo/sampleTest';
import { abilities, answerOf, DEMO_REPORTS, DEMO_STUDENTS, randomSequence } from './demo/students';

export const DEMO_ORG_CODE = 'DEMO';
export const DEMO_EMAIL = 'tutor@demo.testforge.local';
export { FREE_TEST_NAME as DEMO_FREE_TEST_NAME, SAMPLE_TEST_NAME as DEMO_SAMPLE_TEST_NAME } from './demo/sampleTest';

/** How a new demo tutor signs in (printed once by server/main.ts). */
export interface DemoLogin {
  orgCode: string;
  email: string;
  password: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WELCOME_TEST = 'Welcome test';

/**
 * The demo organisation made on first start of an empty embedded database, with every feature
 * on, so a new user sees the whole product: a small library, a sample test with every question
 * type, and a quiz shared by link that 30 students took (Results, the question analysis and the
 * Report Dashboard have figures). The password is generated and printed once.
 *
 * Everything is made through the product's own services, repositories and rules (the library,
 * the editor's operations and schema, free tests, the student side's layouts, saves and scoring,
 * the analysis), so the demo's figures are the ones those screens compute. Each part is made only when it is missing: a
 * second call adds nothing, and answers null when the tutor existed already (no password to show).
 * `config` gives where pictures are stored; without it the sample's picture question gives its
 * sides in words.
 */
export async function seedDemo(db: Kysely<Database>, config?: ServerConfig): Promise<DemoLogin | null> {
  const orgs = new OrgsRepository(db);
  const org =
    (await orgs.byCode(DEMO_ORG_CODE)) ??
    (await createOrg(db, {
      code: DEMO_ORG_CODE,
      name: 'Demo Academy',
      days: 365,
      flags: { is_shared_global: true, enable_vidu_parser: true, is_bilingual_enabled: true, is_tb_test_enabled: true, allow_gpsc_type: true },
    }));
  const demo = new DemoRepository(db);
  let user = await demo.userByEmail(org.id, DEMO_EMAIL);
  let password: string | null = null;
  if (!user) {
    const made = await createUser(db, { orgCode: DEMO_ORG_CODE, email: DEMO_EMAIL, name: 'Demo Tutor', clpEditor: true });
    user = made.user;
    password = made.password;
  }
  const caller = callerFrom(user, org);
  const has = await demo.testNamesOf(caller.orgId, caller.userId);
  if (!has.has(WELCOME_TEST)) await seedDemoLibrary(db, caller);
  if (!has.has(FREE_TEST_NAME) || !has.has(SAMPLE_TEST_NAME)) {
    const sections = sampleSections(await storeDemoPicture(config, org.id));
    // The shared quiz first: the sample test is then the most recent test of the library.
    if (!has.has(FREE_TEST_NAME)) await seedFreeTest(db, caller, sections, config?.publicUrl ?? '');
    if (!has.has(SAMPLE_TEST_NAME))
      await createDemoTest(db, caller, { name: SAMPLE_TEST_NAME, instructions: SAMPLE_TEST_INSTRUCTIONS, tags: ['demo', 'sample'] }, sections);
  }
  return password === null ? null : { orgCode: DEMO_ORG_CODE, email: DEMO_EMAIL, password };
}

/** A small library to explore: nested folders and a few tests, one of them recently opened. */
async function seedDemoLibrary(db: Kysely<Database>, caller: Caller): Promise<void> {
  const library = new LibraryRepository(db);
  const scope = { orgId: caller.orgId, userId: caller.userId, isGlobal: false };
  const maths = await library.createFolder(scope, { name: 'Mathematics', details: 'Grade 10', parent: null });
  const algebra = await library.createFolder(scope, { name: 'Algebra', details: '', parent: maths });
  const physics = await library.createFolder(scope, { name: 'Physics', details: 'Grade 11', parent: null });
  const tests: [string, string | null, string[], number][] = [
    ['Linear equations: practice', algebra.id, ['algebra', 'grade 10'], 30],
    ['Quadratic equations: unit test', algebra.id, ['algebra'], 45],
    ['Kinematics quiz', physics.id, ['physics', 'motion'], 20],
    [WELCOME_TEST, null, ['demo'], 30],
  ];
  // The welcome test is left empty for a first Bulk Upload: its instructions say how.
  const welcome = sanitizeHtml(
    '<p>This test is empty, ready for your questions. Open it and choose <b>Upload word file</b>, or use <b>Bulk Upload</b> ' +
      `in the header, with the <a href="${WORD_SAMPLE_URL}">sample Word document</a> to see how a paper in Word becomes a test.</p>`,
  );
  const now = Date.now();
  await new OrgsRepository(db).addTests(
    tests.map(([name, folderId, tags, minutes], index) => ({
      id: newId(),
      org_id: caller.orgId,
      owner_id: caller.userId,
      parent_folder_id: folderId,
      name,
      tags: JSON.stringify(tags),
      duration_ms: minutes * 60_000,
      languages: JSON.stringify(['English']),
      content: JSON.stringify(name === WELCOME_TEST ? { sections: [], instructions: welcome } : { sections: [] }),
      shared_by: null,
      opened_at: index < 2 ? new Date(now - index * 60_000) : null,
    })),
  );
}

/** The triangle of the sample's picture question, stored as an uploaded picture of the organisation; null without a store. */
async function storeDemoPicture(config: ServerConfig | undefined, orgId: string): Promise<string | null> {
  if (!config) return null;
  const source = dataUrl('image/png', trianglePng());
  const stored = (await (await PictureStore.open(config)).storeAll(orgId, [source])).get(source);
  return stored && (stored.startsWith('/') || stored.startsWith('https://')) ? stored : null;
}

/** A test made as the editor makes one: created in the library, then its sections and questions added in one change, through the editor's schema and rules. */
async function createDemoTest(
  db: Kysely<Database>,
  caller: Caller,
  details: { name: string; instructions: string; tags: string[] },
  sections: SampleSection[],
): Promise<Test> {
  const content = new LibraryContentService(new LibraryRepository(db), new CopiesRepository(db), new TutorsRepository(db), new SettingsRepository(db));
  const row = await content.createTest(caller, libraryScope(caller, false, 'write'), {
    parentFolderId: ROOT_FOLDER_ID,
    name: details.name,
    tags: details.tags,
    duration: SAMPLE_TEST_DURATION_MS,
    language: 'English',
  });
  const editing = { ids: newId, allowGpscType: caller.allowGpscType };
  const drafts = z
    .array(z.array(questionSchema))
    .parse(
      sections.map((section) =>
        section.questions.map((item): QuestionInput => (isComprehension(item) ? { ...item.draft, questions: item.children.map((c) => c.draft) } : item.draft)),
      ),
    );
  const { test } = await new TestEditorRepository(db).change(caller, row.id, undefined, (test) => {
    test.instructions = sanitizeHtml(details.instructions);
    sections.forEach((section, i) => {
      const { _id } = addSection(test, { name: section.name, instructions: sanitizeHtml(section.instructions) }, newId);
      addQuestions(test, _id, drafts[i], editing);
    });
  });
  return test;
}

/** The sample as a quiz shared by link a week ago, which the demo's class has taken. */
async function seedFreeTest(db: Kysely<Database>, caller: Caller, sections: SampleSection[], origin: string): Promise<void> {
  const { _id: testId } = await createDemoTest(db, caller, { name: FREE_TEST_NAME, instructions: FREE_TEST_INSTRUCTIONS, tags: ['demo', 'quiz'] }, sections);
  const now = Date.now();
  const shared = await new FreeTestService(new SharedTestsRepository(db), new TestEditorRepository(db)).create(
    { ...caller, lang: 'en', origin },
    { testId, startTime: new Date(now - 7 * DAY_MS).toISOString(), endTime: null },
  );
  await seedClass(db, shared._id!, studentsOn(sections), now);
}

/**
 * The class's attempts, written as the student side writes them (server/modules/students): each
 * attempt starts with its layout (buildLayout) and a row per question, the answers are saved and
 * the attempt submitted through StudentsRepository (saveAnswers, writeScores: the results
 * counters and the analysis' digest with them), each answer scored by the one rule (scoreAnswer,
 * attemptTotals) as StudentService's submit scores it. Students start over the last six days and
 * take 8 to 40 minutes. All in one transaction: a few statements for the whole class, so the seed
 * stays quick on the embedded database (the service's start and submit, one student at a time,
 * took seconds). Then three students report a question, and the analysis runs once, as the
 * submits' milestones would run it, raising the reports its flags call for.
 */
async function seedClass(db: Kysely<Database>, sharedTestId: string, on: StudentsOn[], now: number): Promise<void> {
  const tests = new TestEditorRepository(db);
  const analysis = new AnalysisService(new AnalysisRepository(db), new ReportRepository(db), tests);
  let testId = '';
  await new StudentsRepository(db).inTransaction(async (trx) => {
    const repo = new StudentsRepository(trx);
    const free = (await repo.freeTest(sharedTestId))!;
    // The test as students get it (StudentService.readTest).
    const row = (await repo.testRow(free.shared.test_id))!;
    const test = await tests.hydrate(ownerOf(row, free.ownerDefaults as EditorCaller['defaultSettings']), row, trx);
    testId = test._id;
    const byId = questionsById(test);
    const questions = answerableQuestions(test.sections.flatMap((s) => s.questions));
    const digests = new SubmitAnalysis(new AnalysisRepository(trx), analysis);
    const random = randomSequence(29);
    const able = abilities(DEMO_STUDENTS.length, random);

    const started = DEMO_STUDENTS.map((name, i) => {
      const startedAt = Math.round(now - 6 * DAY_MS + i * 4.5 * HOUR_MS + random() * 2 * HOUR_MS);
      const minutes = 8 + (1 - able[i]) * 12 + random() * 20;
      const contact = `student${String(i + 1).padStart(2, '0')}@example.com`;
      const student = { id: newId(), org_id: free.shared.org_id, name, contact, contact_key: contactKeyOf(contact)! };
      const id = newId();
      const layout = buildLayout(test, id);
      const answers = new Map(questions.map((q, k) => [q._id, answerOf(q, on[k], able[i], random)]));
      return { student, id, layout, answers, startedAt, submittedAt: startedAt + Math.round(minutes * 60_000) };
    });
    const { maxScore } = attemptTotals(test, started[0].layout, byId, () => ({ score: 0, outcome: 'unattempted' }));
    await new DemoRepository(trx).startAttempts(
      trx,
      started.map((s) => s.student),
      started.map((s) => ({
        id: s.id,
        org_id: free.shared.org_id,
        shared_test_id: sharedTestId,
        test_id: test._id,
        student_id: s.student.id,
        token_hash: hashToken(newToken()),
        layout: JSON.stringify(s.layout),
        started_at: new Date(s.startedAt),
        deadline_at: new Date(s.startedAt + test.duration),
        max_score: maxScore,
        questionIds: answerableIds(s.layout),
      })),
    );
    // Each answer saved a minute before the submit, numbered as the page numbers its saves.
    await repo.saveAnswers(
      trx,
      started.flatMap((s) =>
        [...s.answers].flatMap(([questionId, answer], k) =>
          answer ? [{ attemptId: s.id, questionId, answer, seq: k + 1, at: new Date(s.submittedAt - 60_000) }] : [],
        ),
      ),
    );
    const submits: ScoresWrite[] = [];
    for (const s of started) {
      const rows = new Map<string, { answer: StudentAnswer | null; score: number; outcome: Outcome }>();
      const scores = answerableIds(s.layout).map((q) => {
        const answer = s.answers.get(q) ?? null;
        const scored = scoreAnswer(byId.get(q) as ChildQuestion, answer);
        rows.set(q, { answer, ...scored });
        return { q, s: scored.score, o: scored.outcome };
      });
      const total = attemptTotals(test, s.layout, byId, (q) => rows.get(q)!);
      const digest = await digests.digestOf(test, free.version, rows);
      submits.push({ attemptId: s.id, scores, total: { ...total, submittedAt: new Date(s.submittedAt), testVersion: free.version, digest } });
    }
    await repo.writeScores(submits, trx);
    await repo.markAttempted(test._id);
    for (const report of DEMO_REPORTS) {
      const s = started[report.student - 1];
      await repo.insertReport({
        org_id: free.shared.org_id,
        test_id: test._id,
        question_id: questions[report.question - 1]._id,
        reason: report.reason,
        student_id: s.student.id,
        attempt_id: s.id,
      });
    }
  });
  await analysis.raiseFor(testId);
}
