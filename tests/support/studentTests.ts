import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from './testServer';
import { includedFonts, type Editor } from './testEditor';
import type { Question } from '@shared/domain/test';
import { CONTEXT_DEFAULTS } from './browser';
import { seedAttempts, type Seeded } from './seedAttempts';

/** Free tests taken by students (tests/api/students*.test.ts, tests/browser/student*.test.ts). */

export const HOUR = 3_600_000;
/** A free test's start or end time, offsetMs from now, as the API takes it. */
export const fromNow = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** One question of every type, with known answers: what the student tests answer. */
export const everyType = () => [
  {
    type: 'multiple_choice',
    name: '<p>Which is prime? $x^2$</p>',
    solution: '<p>7 is prime.</p>',
    options: [{ name: '4' }, { name: '7', isCorrect: true }, { name: '9' }],
  },
  {
    type: 'multiple_choice',
    name: '<p>Pick the even numbers</p>',
    isPartialMarkingEnabled: true,
    marks: { positive: 4 },
    options: [{ name: '2', isCorrect: true }, { name: '3' }, { name: '6', isCorrect: true }, { name: '8', isCorrect: true }],
  },
  {
    type: 'true_false',
    name: '<p>The sky is green.</p>',
    isNegativeMarkingEnabled: true,
    marks: { positive: 1, negative: 0.5 },
    options: [{ name: 'True' }, { name: 'False', isCorrect: true }],
  },
  {
    type: 'fill_ups',
    name: '<p>Water is H__O and pi is about __</p>',
    marks: { positive: 2 },
    options: [
      { optionId: 'b1', name: '2', positiveMarks: 1 },
      { optionId: 'b2', type: 'range', floor: 3.1, cap: 3.2, positiveMarks: 1 },
    ],
  },
  { type: 'integer', name: '<p>6 × 7 = ?</p>', solution: '42' },
  {
    type: 'comprehension',
    name: '<p>Read the passage</p>',
    paragraph: '<p>Cats sleep a lot.</p>',
    questions: [{ type: 'true_false', name: '<p>Cats sleep a lot.</p>', options: [{ name: 'True', isCorrect: true }, { name: 'False' }] }],
  },
];

export interface FreeTest {
  testId: string;
  sharedTestId: string;
}

/** A free test (through the free-test calls) of a new test with the given sections' questions and settings. */
export async function publishFreeTest(
  server: TestServer,
  tutor: Editor,
  options: {
    name?: string;
    sections?: { questions: unknown[]; sectionDuration?: number; name?: string; hasOptionalQuestions?: boolean; attemptAny?: number }[];
    settings?: Record<string, unknown> | ((sectionIds: string[]) => Record<string, unknown>);
    duration?: number;
    noOfAttempts?: number;
    startTime?: string;
    endTime?: string | null;
  } = {},
): Promise<FreeTest & { sectionIds: string[] }> {
  const testId = await tutor.newTest({ name: options.name ?? 'Student quiz' });
  const sectionIds: string[] = [];
  for (const [i, section] of (options.sections ?? [{ questions: everyType() }]).entries()) {
    const { section: created } = await tutor.section(testId, {
      name: section.name ?? `Part ${i + 1}`,
      ...(section.sectionDuration ? { sectionDuration: section.sectionDuration } : {}),
    });
    sectionIds.push(created._id);
    await tutor.questions(testId, created._id, section.questions);
  }
  if (options.settings || options.duration !== undefined) {
    const settings = typeof options.settings === 'function' ? options.settings(sectionIds) : options.settings;
    await tutor.update(testId, { ...(settings ? { settings } : {}), ...(options.duration !== undefined ? { duration: options.duration } : {}) });
  }
  for (const [i, section] of (options.sections ?? []).entries()) {
    if (!section.hasOptionalQuestions) continue;
    const { version } = await tutor.get(testId);
    const res = await tutor.call('PATCH', '/api/v2/test/section/update', {
      testId,
      sectionId: sectionIds[i],
      version,
      hasOptionalQuestions: true,
      ...(section.attemptAny ? { attemptAny: section.attemptAny } : {}),
    });
    if (res.status !== 200) throw new Error(`section: ${JSON.stringify(res.body)}`);
  }
  const res = await tutor.call('POST', '/api/v2/shared-test/create', {
    testId,
    startTime: options.startTime ?? new Date(Date.now() - 60_000).toISOString(),
    ...(options.endTime !== undefined ? { endTime: options.endTime } : {}),
    ...(options.noOfAttempts !== undefined ? { noOfAttempts: options.noOfAttempts } : {}),
  });
  if (res.status !== 200) throw new Error(`free test: ${JSON.stringify(res.body)}`);
  return { testId, sharedTestId: res.body.data._id, sectionIds };
}

/** A random device key, as the student page keeps one per browser (issue 14). */
export const newDeviceKey = () => crypto.randomBytes(24).toString('base64url');

/**
 * A student of the free test on one device: identifies and starts with that device's key (as the
 * student page does), and calls with the attempt's token.
 */
export function studentOf(
  server: TestServer,
  sharedTestId: string,
  identity = { name: 'An Student', contact: `s${Math.random().toString(36).slice(2)}@example.com` },
  deviceKey = newDeviceKey(),
) {
  let token = '';
  const as = (method: string, path: string, body?: unknown, lang?: string) =>
    server.call(method, path, { body, lang, headers: token ? { 'x-student-token': token } : {} });
  return {
    identity,
    get token() {
      return token;
    },
    set token(value: string) {
      token = value;
    },
    info: (lang?: string) => server.call('GET', `/api/student/test/${sharedTestId}`, { lang }),
    deviceKey,
    identify: (body: unknown = { ...identity, deviceKey }) => server.call('POST', `/api/student/test/${sharedTestId}/identify`, { body }),
    start: async (body: unknown = { ...identity, deviceKey }) => {
      const res = await server.call('POST', `/api/student/test/${sharedTestId}/start`, { body });
      if (res.status === 200) token = res.body.data.token;
      return res;
    },
    attempt: () => as('GET', '/api/student/attempt'),
    /** `seq`: the page's sequence number of the answer (issue 17). */
    save: (questionId: string, answer: unknown, seq?: unknown, lang?: string) =>
      as('PUT', `/api/student/attempt/answer/${questionId}`, { answer, ...(seq !== undefined ? { seq } : {}) }, lang),
    submitSection: (sectionId: string) => as('POST', `/api/student/attempt/section/${sectionId}/submit`, {}),
    submit: (lang?: string) => as('POST', '/api/student/attempt/submit', {}, lang),
    result: () => as('GET', '/api/student/attempt/result'),
    report: (questionId: string, reason: unknown = 'The answer key is wrong') => as('POST', `/api/question/report/${questionId}`, { reason }),
  };
}

/** A phone in the given language (tests/browser/student*.test.ts): 390 × 844 unless a width is given. */
export async function phone(browser: Browser, baseUrl: string, locale = 'en-US', width = 390): Promise<Page> {
  const context = await browser.newContext({
    ...CONTEXT_DEFAULTS,
    baseURL: baseUrl,
    viewport: { width, height: width === 390 ? 844 : 740 },
    locale,
    hasTouch: true,
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return page;
}

/**
 * A multilingual free test (issue 17): English, Vietnamese and Korean, two questions with fixed
 * option ids. The first is translated into both other languages (one option left untranslated in
 * Korean); the second only into Vietnamese, so Korean shows its English text. Its answers: B, then
 * 'True'. The tutor needs the TB feature (`flags: { is_tb_test_enabled: true }`).
 */
export async function publishMultilingualTest(
  server: TestServer,
  tutor: Editor,
  options: { name?: string; settings?: Record<string, unknown>; fonts?: string[] } = {},
): Promise<FreeTest> {
  const testId = await tutor.newTest({ name: options.name ?? 'Capitals' });
  const { section } = await tutor.section(testId, { name: 'Geography' });
  await tutor.update(testId, {
    testType: 'TB_TEST',
    languages: ['English', 'Vietnamese', 'Korean'],
    translations: { Vietnamese: { name: 'Thủ đô' }, Korean: { name: '수도' } },
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.fonts ? { fonts: includedFonts(...options.fonts) } : {}),
  });
  await tutor.questions(testId, section._id, [
    {
      type: 'multiple_choice',
      name: '<p>What is the capital of Vietnam?</p>',
      solution: '<p>Hanoi has been the capital since 1976.</p>',
      options: [
        { id: 'opt-hue', name: 'Hue' },
        { id: 'opt-hanoi', name: 'Hanoi', isCorrect: true },
        { id: 'opt-saigon', name: 'Saigon' },
      ],
      translations: {
        Vietnamese: {
          name: '<p>Thủ đô của Việt Nam là gì?</p>',
          solution: '<p>Hà Nội là thủ đô từ năm 1976.</p>',
          options: [
            { id: 'opt-hue', name: 'Huế' },
            { id: 'opt-hanoi', name: 'Hà Nội' },
            { id: 'opt-saigon', name: 'Sài Gòn' },
          ],
        },
        Korean: {
          name: '<p>베트남의 수도는 어디입니까?</p>',
          solution: '',
          options: [
            { id: 'opt-hue', name: '후에' },
            { id: 'opt-hanoi', name: '하노이' },
          ],
        },
      },
    },
    {
      type: 'true_false',
      name: '<p>Seoul is the capital of Korea.</p>',
      options: [
        { id: 'tf-true', name: 'True', isCorrect: true },
        { id: 'tf-false', name: 'False' },
      ],
      translations: {
        Vietnamese: {
          name: '<p>Seoul là thủ đô của Hàn Quốc.</p>',
          solution: '',
          options: [
            { id: 'tf-true', name: 'Đúng' },
            { id: 'tf-false', name: 'Sai' },
          ],
        },
      },
    },
  ]);
  const res = await tutor.call('POST', '/api/v2/shared-test/create', { testId, startTime: new Date(Date.now() - 60_000).toISOString() });
  if (res.status !== 200) throw new Error(`free test: ${JSON.stringify(res.body)}`);
  return { testId, sharedTestId: res.body.data._id };
}

/**
 * A free test of every question type (one section) with `attempts` submitted attempts already in
 * the database: what the screens of results, reports and the student page are looked at with.
 */
export async function publishWithAttempts(
  server: TestServer,
  tutor: Editor,
  options: { name: string; sectionName: string; attempts: number },
): Promise<FreeTest & { questions: Question[]; seeded: Seeded }> {
  const published = await publishFreeTest(server, tutor, { name: options.name, sections: [{ name: options.sectionName, questions: everyType() }] });
  const questions = (await tutor.get(published.testId)).sections[0].questions;
  const seeded = await seedAttempts(server.database.db, { orgId: tutor.account.orgId, testId: published.testId, questions, attempts: options.attempts });
  return { ...published, questions, seeded };
}
