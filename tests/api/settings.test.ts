// GET /v2/auth/default-settings, PATCH /v2/user/update-default-settings, GET /v2/auth/clp-default-settings.
import { sql } from 'kysely';
import { createUser } from '@server/modules/orgs/commands';
import { createAccount, login, startTestServer, type TestServer } from '../support/testServer';
import { SPEC_TEST_SETTINGS } from '../support/specDefaults';

// @database-neutral: its subject is the organisation's settings, on code that does not differ by
// database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let tokenA: string;
let tokenB: string; // another organisation
let tokenA2: string; // another user of A's organisation
let userA: string;

beforeAll(async () => {
  server = await startTestServer();
  const a = await createAccount(server);
  const b = await createAccount(server);
  userA = a.userId;
  tokenA = await login(server, a);
  tokenB = await login(server, b);
  await createUser(server.database.db, { orgCode: a.orgCode, email: 'colleague@example.com', name: 'Colleague', password: 'colleague-pass-1' });
  tokenA2 = await login(server, { orgCode: a.orgCode, email: 'colleague@example.com', password: 'colleague-pass-1' });
});
afterAll(() => server.close());

const getDefaults = (token: string) => server.call('GET', '/api/v2/auth/default-settings', { token });
const patch = (token: string, body: unknown, lang?: string) => server.call('PATCH', '/api/v2/user/update-default-settings', { token, body, lang });

describe('GET /v2/auth/default-settings', () => {
  test('a new user gets the defaults of spec section 9', async () => {
    const res = await getDefaults(tokenB);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { settings: SPEC_TEST_SETTINGS } });
  });
});

describe('PATCH /v2/user/update-default-settings', () => {
  test('changes the fields sent, keeps the others, and answers the updated settings', async () => {
    const res = await patch(tokenA, { settings: { revealAnswersTime: 'later', orderOfQuestions: 'shuffle_both' } });
    expect(res.status).toBe(200);
    const expected = { ...SPEC_TEST_SETTINGS, revealAnswersTime: 'later', orderOfQuestions: 'shuffle_both' };
    expect(res.body).toEqual({ data: { settings: expected } });
    expect((await getDefaults(tokenA)).body.data.settings).toEqual(expected);

    const second = await patch(tokenA, { settings: { showSolutions: false } });
    expect(second.body.data.settings).toEqual({ ...expected, showSolutions: false });
    expect((await getDefaults(tokenA)).body.data.settings).toEqual({ ...expected, showSolutions: false });
  });

  test('every field and value can be set', async () => {
    const all = {
      orderOfQuestions: 'shuffle_options',
      revealCorrectAnswers: 'incorrect_questions',
      showSolutions: false,
      isSectionSwitchingEnabled: false,
      revealAnswersTime: 'later',
      showAnswers: false,
    };
    expect((await patch(tokenA, { settings: all })).body.data.settings).toEqual(all);
    expect((await getDefaults(tokenA)).body.data.settings).toEqual(all);
    for (const order of ['do_nothing', 'shuffle_questions', 'shuffle_options', 'shuffle_both']) {
      expect((await patch(tokenA, { settings: { orderOfQuestions: order } })).body.data.settings.orderOfQuestions).toBe(order);
    }
  });

  test('an empty settings object changes nothing', async () => {
    const before = (await getDefaults(tokenA)).body.data.settings;
    const res = await patch(tokenA, { settings: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.settings).toEqual(before);
  });

  test('is stored on the user, and survives a new login', async () => {
    await patch(tokenA, { settings: { showAnswers: true, revealAnswersTime: 'now' } });
    const row = await server.database.db.selectFrom('users').select('default_settings').where('id', '=', userA).executeTakeFirstOrThrow();
    expect(row.default_settings).toMatchObject({ showAnswers: true, revealAnswersTime: 'now' });
  });

  test.each([
    [{ settings: { revealAnswersTime: 'never' } }, 'settings.revealAnswersTime'],
    [{ settings: { orderOfQuestions: 'random' } }, 'settings.orderOfQuestions'],
    [{ settings: { revealCorrectAnswers: 'some' } }, 'settings.revealCorrectAnswers'],
    [{ settings: { showSolutions: 'yes' } }, 'settings.showSolutions'],
    [{ settings: { isSectionSwitchingEnabled: 1 } }, 'settings.isSectionSwitchingEnabled'],
    [{ settings: { showAnswers: null } }, 'settings.showAnswers'],
    [{ settings: null }, 'settings'],
    [{ settings: 'all' }, 'settings'],
    [{ settings: [] }, 'settings'],
    [{}, 'settings'],
  ])('bad input %p is 400 naming %s, and changes nothing', async (body, field) => {
    const before = (await getDefaults(tokenA)).body.data.settings;
    const res = await patch(tokenA, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(res.body.message).toContain(`"${field}"`);
    expect((await getDefaults(tokenA)).body.data.settings).toEqual(before);
  });

  test('one bad field refuses the whole update', async () => {
    const before = (await getDefaults(tokenA)).body.data.settings;
    const res = await patch(tokenA, { settings: { showAnswers: !before.showAnswers, revealAnswersTime: 'sometime' } }, 'ko');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^"settings.revealAnswersTime" 필드가 올바르지 않습니다/);
    expect((await getDefaults(tokenA)).body.data.settings).toEqual(before);
  });

  test('fields the settings do not have are not stored', async () => {
    const res = await patch(tokenA, { settings: { showAnswers: true, isAdmin: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.settings).not.toHaveProperty('isAdmin');
    const row = await server.database.db.selectFrom('users').select('default_settings').where('id', '=', userA).executeTakeFirstOrThrow();
    expect(row.default_settings).not.toHaveProperty('isAdmin');
    expect(Object.keys(row.default_settings as object).sort()).toEqual(Object.keys(SPEC_TEST_SETTINGS).sort());
  });

  test("one user's defaults are invisible to another user, in the same or another organisation", async () => {
    await patch(tokenA, { settings: { orderOfQuestions: 'shuffle_questions', showSolutions: false, revealCorrectAnswers: 'all_questions' } });
    expect((await getDefaults(tokenA2)).body.data.settings).toEqual(SPEC_TEST_SETTINGS);
    expect((await getDefaults(tokenB)).body.data.settings).toEqual(SPEC_TEST_SETTINGS);
    await patch(tokenB, { settings: { revealCorrectAnswers: 'incorrect_questions' } });
    expect((await getDefaults(tokenA)).body.data.settings).toMatchObject({ orderOfQuestions: 'shuffle_questions', revealCorrectAnswers: 'all_questions' });
  });
});

describe('GET /v2/auth/clp-default-settings', () => {
  test('answers the spec defaults until the deployment sets its own', async () => {
    const res = await server.call('GET', '/api/v2/auth/clp-default-settings', { token: tokenA });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { settings: SPEC_TEST_SETTINGS } });
  });

  test("is not changed by a user's own defaults", async () => {
    await patch(tokenA, { settings: { revealAnswersTime: 'later' } });
    expect((await server.call('GET', '/api/v2/auth/clp-default-settings', { token: tokenA })).body.data.settings).toEqual(SPEC_TEST_SETTINGS);
  });

  test('answers the stored deployment-wide settings to every organisation', async () => {
    await sql`insert into app_settings (key, value) values ('clp-default-settings', ${JSON.stringify({ showSolutions: false, revealAnswersTime: 'later' })}::jsonb)`.execute(
      server.database.db,
    );
    for (const token of [tokenA, tokenB]) {
      const res = await server.call('GET', '/api/v2/auth/clp-default-settings', { token });
      expect(res.body.data.settings).toEqual({ ...SPEC_TEST_SETTINGS, showSolutions: false, revealAnswersTime: 'later' });
    }
  });
});
