import { createAccount, login, startTestServer, type TestServer } from '../support/testServer';
import { startWithEditor, readyMcq, signInEditor, type Editor } from '../support/testEditor';
import { createUser } from '@server/modules/orgs/commands';
import { HOUR, fromNow, studentOf } from '../support/studentTests';

// @database-neutral: its subject is free tests' settings and links, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

/** Free tests: spec section 7 "Shared (free) test", decisions section 5. */
let server: TestServer;
let tutor: Editor;
beforeAll(async () => ({ server, tutor } = await startWithEditor()));
afterAll(() => server.close());

/** A test that passes validation (one section, one answered question). */
async function readyTest(editor: Editor = tutor, name = 'Algebra quiz'): Promise<string> {
  const id = await editor.newTest({ name });
  const { section } = await editor.section(id);
  await editor.questions(id, section._id, [readyMcq()]);
  return id;
}

const create = (body: Record<string, unknown>, editor: Editor = tutor, lang?: string) => editor.call('POST', '/api/v2/shared-test/create', body, lang);
const update = (id: string, body: Record<string, unknown>, editor: Editor = tutor) => editor.call('PATCH', `/api/v2/shared-test/update/${id}`, body);
const ofTest = (testId: string, editor: Editor = tutor, lang?: string) => editor.call('GET', `/api/v2/shared-test/test/${testId}`, undefined, lang);
const fieldsOf = (res: { body: any }) => res.body.details?.map((d: { field: string }) => d.field);

test('GET before one exists: the new state with the defaults (start now, unlimited attempts; issue 17)', async () => {
  const testId = await readyTest();
  const before = Date.now();
  const res = await ofTest(testId);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    _id: null,
    testId,
    testName: 'Algebra quiz',
    testURL: null,
    endTime: null,
    noOfAttempts: -1,
    isNew: true,
    isRemoved: false,
    testType: expect.any(String),
    isReadyToLink: true,
    problems: [],
    answersLater: false,
  });
  // Now, down to the whole minute: a student can open the link as soon as it is copied.
  const start = Date.parse(res.body.data.startTime);
  expect(start).toBeLessThanOrEqual(Date.now());
  expect(start).toBeGreaterThan(before - 60_000);
  expect(start % 60_000).toBe(0);
});

test('answersLater: the test reveals answers later (after the free test ends); off when it reveals them now or shows none (issue 17)', async () => {
  const testId = await readyTest();
  const setSettings = async (settings: Record<string, unknown>) => {
    const { version } = await tutor.get(testId);
    expect((await tutor.call('PATCH', '/api/v2/test/update', { testId, version, settings })).status).toBe(200);
  };
  await setSettings({ revealAnswersTime: 'later' });
  expect((await ofTest(testId)).body.data.answersLater).toBe(true);
  const created = (await create({ testId, startTime: fromNow(0) })).body.data;
  expect(created.answersLater).toBe(true);
  await setSettings({ showAnswers: false, showSolutions: false });
  expect((await ofTest(testId)).body.data.answersLater).toBe(false);
  await setSettings({ showAnswers: true, revealAnswersTime: 'now' });
  expect((await ofTest(testId)).body.data.answersLater).toBe(false);
});

test('create, read back, update: the link is /t/{id} on the origin the tutor used, the test is marked shared', async () => {
  const testId = await readyTest();
  const startTime = fromNow(HOUR);
  const created = await create({ testId, startTime, noOfAttempts: 3 });
  expect(created.status).toBe(200);
  const data = created.body.data;
  expect(data).toMatchObject({ testId, testName: 'Algebra quiz', startTime, endTime: null, noOfAttempts: 3, isNew: false, isRemoved: false });
  expect(data._id).toEqual(expect.any(String));
  expect(data.testURL).toBe(`${server.baseUrl}/t/${data._id}`);
  expect((await ofTest(testId)).body.data).toEqual(data);
  expect((await tutor.get(testId)).isSharedTest).toBe(true);

  const endTime = fromNow(5 * HOUR);
  const updated = await update(data._id, { endTime, noOfAttempts: -1 });
  expect(updated.status).toBe(200);
  expect(updated.body.data).toMatchObject({ _id: data._id, startTime, endTime, noOfAttempts: -1, testURL: data.testURL });
  // The row is what the student side reads (migration 007).
  const row = await server.database.db.selectFrom('shared_tests').selectAll().where('id', '=', data._id).executeTakeFirstOrThrow();
  expect({ test: row.test_id, attempts: row.no_of_attempts, end: new Date(row.end_time!).toISOString(), removed: row.is_removed }).toEqual({
    test: testId,
    attempts: -1,
    end: endTime,
    removed: false,
  });
  // Clearing the end time leaves it open until disabled.
  expect((await update(data._id, { endTime: null })).body.data.endTime).toBeNull();
});

test('a second create of the same test changes the one that exists (another tab, a retry)', async () => {
  const testId = await readyTest();
  const first = (await create({ testId, startTime: fromNow(HOUR) })).body.data;
  const second = await create({ testId, startTime: fromNow(2 * HOUR), endTime: fromNow(3 * HOUR), noOfAttempts: 2 });
  expect(second.status).toBe(200);
  expect(second.body.data).toMatchObject({ _id: first._id, noOfAttempts: 2 });
  expect(await server.database.db.selectFrom('shared_tests').select('id').where('test_id', '=', testId).execute()).toHaveLength(1);
});

test('unlimited attempts by default; -1 or 1..1000 only', async () => {
  const testId = await readyTest();
  const created = (await create({ testId, startTime: fromNow(0) })).body.data;
  expect(created.noOfAttempts).toBe(-1);
  for (const noOfAttempts of [0, -2, 1.5, 1001, '3']) {
    const res = await update(created._id, { noOfAttempts });
    expect({ noOfAttempts, status: res.status, fields: fieldsOf(res) }).toEqual({ noOfAttempts, status: 400, fields: ['noOfAttempts'] });
  }
  expect((await update(created._id, { noOfAttempts: 1 })).body.data.noOfAttempts).toBe(1);
  expect((await update(created._id, { noOfAttempts: 1000 })).body.data.noOfAttempts).toBe(1000);
});

test("the free test's attempts come from the test unless the sharer sets them (issue 14)", async () => {
  const testId = await readyTest();
  const setTestAttempts = async (attempts: number) => {
    const { version } = await tutor.get(testId);
    expect((await tutor.call('PATCH', '/api/v2/test/update', { testId, version, attempts })).status).toBe(200);
  };
  await setTestAttempts(1);
  expect((await ofTest(testId)).body.data).toMatchObject({ isNew: true, noOfAttempts: 1, attemptsFromTest: true });
  const created = (await create({ testId, startTime: fromNow(-60_000) })).body.data;
  expect(created).toMatchObject({ noOfAttempts: 1, attemptsFromTest: true });

  // A student's second start is refused: the test says one attempt.
  const student = studentOf(server, created._id);
  expect((await student.start()).status).toBe(200);
  expect((await student.submit()).status).toBe(200);
  const again = await student.start();
  expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'ATTEMPTS_USED' });

  // The test's setting changes, the free test follows; the student's info says so.
  await setTestAttempts(2);
  expect((await ofTest(testId)).body.data.noOfAttempts).toBe(2);
  expect((await student.info()).body.data.noOfAttempts).toBe(2);
  expect((await student.start()).status).toBe(200);

  // The sharer's own number wins over the test's from then on.
  const own = (await update(created._id, { noOfAttempts: 5 })).body.data;
  expect(own).toMatchObject({ noOfAttempts: 5, attemptsFromTest: false });
  await setTestAttempts(1);
  expect((await ofTest(testId)).body.data.noOfAttempts).toBe(5);
});

test('bad input names the field', async () => {
  const testId = await readyTest();
  const cases: [Record<string, unknown>, string][] = [
    [{ startTime: fromNow(HOUR) }, 'testId'],
    [{ testId }, 'startTime'],
    [{ testId, startTime: 'tomorrow' }, 'startTime'],
    [{ testId, startTime: fromNow(HOUR), endTime: '2026-13-01T00:00:00Z' }, 'endTime'],
    [{ testId, startTime: fromNow(HOUR), noOfAttempts: 0 }, 'noOfAttempts'],
    [{ testId, startTime: fromNow(HOUR), isNew: true }, 'isNew'],
    [{ testId: '', startTime: fromNow(HOUR) }, 'testId'],
  ];
  for (const [body, field] of cases) {
    const res = await create(body);
    expect({ field, status: res.status, fields: fieldsOf(res) }).toEqual({ field, status: 400, fields: [field] });
  }
  const { _id } = (await create({ testId, startTime: fromNow(HOUR) })).body.data;
  const empty = await update(_id, {});
  expect(empty.status).toBe(400);
  expect(fieldsOf(await update(_id, { isRemoved: 'yes' }))).toEqual(['isRemoved']);
  expect(fieldsOf(await update(_id, { testId }))).toEqual(['testId']);
});

test('the end must come after the start: on create, on update of either, named', async () => {
  const testId = await readyTest();
  const start = fromNow(2 * HOUR);
  const res = await create({ testId, startTime: start, endTime: start });
  expect([res.status, fieldsOf(res)]).toEqual([400, ['endTime']]);
  expect(res.body.message).toBe('The field "endTime" is invalid: the end time must be after the start time.');
  const vi = await create({ testId, startTime: start, endTime: fromNow(HOUR) }, tutor, 'vi');
  expect(vi.body.message).toContain('thời gian kết thúc phải sau thời gian bắt đầu');
  const { _id } = (await create({ testId, startTime: start, endTime: fromNow(3 * HOUR) })).body.data;
  expect(fieldsOf(await update(_id, { endTime: fromNow(HOUR) }))).toEqual(['endTime']);
  expect(fieldsOf(await update(_id, { startTime: fromNow(4 * HOUR) }))).toEqual(['startTime']);
  // Both moved together is fine.
  expect((await update(_id, { startTime: fromNow(4 * HOUR), endTime: fromNow(6 * HOUR) })).status).toBe(200);
});

test('a test must pass validation before it is published by link: 400 naming its problems (spec section 5 messages)', async () => {
  const testId = await tutor.newTest({ name: 'Not ready' });
  const { section } = await tutor.section(testId, { name: 'Part A' });
  const view = (await ofTest(testId)).body.data;
  expect(view).toMatchObject({ isNew: true, isReadyToLink: false, problems: ['add question to section Part A'] });
  const res = await create({ testId, startTime: fromNow(HOUR) });
  expect([res.status, res.body.code, fieldsOf(res)]).toEqual([400, 'TEST_NOT_READY', ['testId']]);
  expect(res.body.message).toBe('This test cannot be published by link until its problems are fixed: add question to section Part A');
  await tutor.questions(testId, section._id, [{ type: 'multiple_choice', name: 'No answer', options: [{ name: 'a' }, { name: 'b' }] }]);
  const ko = await create({ testId, startTime: fromNow(HOUR) }, tutor, 'ko');
  expect(ko.body.message).toContain('정답 보기가 선택되지 않은 문제입니다.');
  expect(await server.database.db.selectFrom('shared_tests').select('id').where('test_id', '=', testId).execute()).toEqual([]);
  expect((await tutor.get(testId)).isSharedTest).toBe(false);
});

test('disable (isRemoved) and re-enable; a disabled one cannot be changed or shared again until re-enabled', async () => {
  const testId = await readyTest();
  const { _id, testURL } = (await create({ testId, startTime: fromNow(HOUR), noOfAttempts: 2 })).body.data;
  const removed = await update(_id, { isRemoved: true });
  expect(removed.status).toBe(200);
  expect(removed.body.data).toMatchObject({ _id, isRemoved: true, testURL, noOfAttempts: 2 });
  expect((await ofTest(testId)).body.data.isRemoved).toBe(true);

  for (const res of [
    await update(_id, { noOfAttempts: 5 }),
    await create({ testId, startTime: fromNow(HOUR) }),
    await update(_id, { isRemoved: true, endTime: fromNow(9 * HOUR) }),
  ]) {
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'SHARED_TEST_DISABLED', "Test is already disabled.Now it can't be shared"]);
  }
  // Disabling again changes nothing.
  expect((await update(_id, { isRemoved: true })).status).toBe(200);

  const enabled = await update(_id, { isRemoved: false, noOfAttempts: 4 });
  expect(enabled.status).toBe(200);
  expect(enabled.body.data).toMatchObject({ _id, isRemoved: false, noOfAttempts: 4, testURL });
});

test('re-enabling a test that no longer passes validation is refused', async () => {
  const testId = await readyTest();
  const { _id } = (await create({ testId, startTime: fromNow(HOUR) })).body.data;
  await update(_id, { isRemoved: true });
  await tutor.section(testId, { name: 'Empty part' });
  const res = await update(_id, { isRemoved: false });
  expect([res.status, res.body.code]).toEqual([400, 'TEST_NOT_READY']);
  expect(res.body.message).toContain('add question to section Empty part');
});

test("another organisation's test or free test, a colleague's, and unknown ids are 404", async () => {
  const testId = await readyTest();
  const { _id } = (await create({ testId, startTime: fromNow(HOUR) })).body.data;
  const other = await signInEditor(server);
  for (const res of [await ofTest(testId, other), await create({ testId, startTime: fromNow(HOUR) }, other), await update(_id, { noOfAttempts: 2 }, other)]) {
    expect(res.status).toBe(404);
  }
  expect((await update(_id, { noOfAttempts: 2 }, other)).body.message).toBe('This free test does not exist, or its test is not in your library.');

  const { user, password } = await createUser(server.database.db, {
    orgCode: tutor.account.orgCode,
    email: 'colleague-free@example.com',
    name: 'Colleague',
    password: 'colleague-pass-1',
  });
  const colleagueToken = await login(server, { orgCode: tutor.account.orgCode, email: user.email, password });
  const colleague = (method: string, path: string, body?: unknown) => server.call(method, path, { token: colleagueToken, body });
  expect((await colleague('GET', `/api/v2/shared-test/test/${testId}`)).status).toBe(404);
  expect((await colleague('PATCH', `/api/v2/shared-test/update/${_id}`, { noOfAttempts: 2 })).status).toBe(404);

  expect((await ofTest('no-such-test')).status).toBe(404);
  expect((await update('no-such-free-test', { noOfAttempts: 2 })).status).toBe(404);
  // Nothing changed.
  expect((await ofTest(testId)).body.data.noOfAttempts).toBe(-1);
});

test('403 SUBSCRIPTION_EXPIRED for an expired organisation; 401 without a session', async () => {
  const account = await createAccount(server, { days: 0 });
  const token = await login(server, account);
  for (const [method, path, body] of [
    ['GET', '/api/v2/shared-test/test/x', undefined],
    ['POST', '/api/v2/shared-test/create', { testId: 'x', startTime: fromNow(HOUR) }],
    ['PATCH', '/api/v2/shared-test/update/x', { isRemoved: true }],
  ] as const) {
    const expired = await server.call(method, path, { token, body });
    expect([expired.status, expired.body.code]).toEqual([403, 'SUBSCRIPTION_EXPIRED']);
    expect((await server.call(method, path, { body })).status).toBe(401);
  }
});

test('with PUBLIC_URL set, links are made on it', async () => {
  const other = await startTestServer({ linkBaseUrl: 'https://tests.example.org' });
  try {
    const editor = await signInEditor(other);
    const testId = await readyTest(editor);
    const { _id, testURL } = (await create({ testId, startTime: fromNow(HOUR) }, editor)).body.data;
    expect(testURL).toBe(`https://tests.example.org/t/${_id}`);
  } finally {
    await other.close();
  }
});
