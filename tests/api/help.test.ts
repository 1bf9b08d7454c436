// The help widget: POST /v2/infobip/notification, POST /v2/user/receiveCallBack,
// GET /v2/user/premiumTutors; and GET /v2/assets/url-for-whats-new-model.
import { createUser } from '@server/modules/orgs/commands';
import { createAccount, login, startTestServer, fieldError, type TestServer } from '../support/testServer';

// @database-neutral: its subject is the help widget's calls and their limits, so it runs once, not on each database (jest.config.js).

type Account = Awaited<ReturnType<typeof createAccount>>;

let server: TestServer;
let account: Account;
let token: string;
let other: Account; // another organisation
let colleagueId: string; // another user of the same organisation

beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server);
  token = await login(server, account);
  other = await createAccount(server);
  colleagueId = (
    await createUser(server.database.db, { orgCode: account.orgCode, email: 'colleague@example.com', name: 'Colleague', password: 'colleague-pass-1' })
  ).user.id;
});
afterAll(() => server.close());

const supportRequests = () => server.database.db.selectFrom('support_requests').selectAll().orderBy('id').execute();
const mails = () => server.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();

describe('POST /v2/infobip/notification', () => {
  const notify = (body: unknown, lang?: string) => server.call('POST', '/api/v2/infobip/notification', { token, body, lang });

  test('for the caller: stored, mailed to support, and answered', async () => {
    const beforeMails = (await mails()).length;
    const res = await notify({ userId: account.userId }, 'vi');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: 'Cảm ơn bạn! Đội ngũ của chúng tôi đã nhận được thông báo và sẽ sớm liên hệ.' } });
    expect(await supportRequests()).toEqual([
      expect.objectContaining({ org_id: account.orgId, user_id: account.userId, kind: 'notification', phone_no: null }),
    ]);
    const sent = (await mails()).slice(beforeMails);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'support-notification', recipient: server.config.supportEmail, org_id: account.orgId });
    expect(sent[0].body).toContain(account.email);
    expect(sent[0].body).toContain(account.orgCode);
  });

  test("another user's id is 404, whether of the same organisation, another, or nobody; nothing is stored", async () => {
    const before = await supportRequests();
    const beforeMails = (await mails()).length;
    for (const userId of [colleagueId, other.userId, 'no-such-user']) {
      const res = await notify({ userId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'This user does not exist in your organisation.' });
    }
    expect(await supportRequests()).toEqual(before);
    expect(await mails()).toHaveLength(beforeMails);
  });

  test('a missing or wrong-typed userId is 400 naming userId', async () => {
    for (const body of [{}, { userId: 7 }, { userId: '' }]) {
      const res = await notify(body);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['userId']);
      expect(res.body.message).toContain('"userId"');
    }
  });
});

describe('POST /v2/user/receiveCallBack', () => {
  const callBack = (body: unknown, lang?: string) => server.call('POST', '/api/v2/user/receiveCallBack', { token, body, lang });

  // At most 10 call-back requests a minute are served: this block makes 9.
  test.each(['987654321', '98765432101', '1'])('%p (not 10 characters) is 400 naming phoneNo', async (phoneNo) => {
    const before = await supportRequests();
    const res = await callBack({ phoneNo });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldError('VALIDATION_ERROR', 'phoneNo', 'The phone number must be exactly 10 characters.'));
    expect(await supportRequests()).toEqual(before);
  });

  test('the length message is translated', async () => {
    expect((await callBack({ phoneNo: '123' }, 'vi')).body.message).toBe('Số điện thoại phải có đúng 10 ký tự.');
    expect((await callBack({ phoneNo: '123' }, 'ko')).body.message).toBe('전화번호는 정확히 10자여야 합니다.');
  });

  test('a missing or wrong-typed phoneNo is 400 naming phoneNo', async () => {
    for (const body of [{ phone: '9876543210' }, { phoneNo: 9876543210 }]) {
      const res = await callBack(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['phoneNo']);
    }
  });

  test('10 characters: stored in support_requests, mailed to support, and answered', async () => {
    const beforeMails = (await mails()).length;
    const res = await callBack({ phoneNo: '9876543210' }, 'ko');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: '감사합니다! 5분 이내에 다시 전화드리겠습니다.' } });
    const rows = (await supportRequests()).filter((r) => r.kind === 'callback');
    expect(rows).toEqual([expect.objectContaining({ org_id: account.orgId, user_id: account.userId, kind: 'callback', phone_no: '9876543210' })]);
    const sent = (await mails()).slice(beforeMails);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'support-callback', recipient: server.config.supportEmail, org_id: account.orgId });
    expect(sent[0].subject).toContain('Tutor');
    expect(sent[0].body).toContain('9876543210');
    expect(sent[0].body).toContain(account.email);
  });

  test('surrounding spaces are not counted', async () => {
    const res = await callBack({ phoneNo: ' 9123456780 ' });
    expect(res.status).toBe(200);
    const rows = await supportRequests();
    expect(rows[rows.length - 1].phone_no).toBe('9123456780');
  });
});

describe('GET /v2/user/premiumTutors', () => {
  test('answers the premium tutor numbers with mobile and countryExt', async () => {
    const res = await server.call('GET', '/api/v2/user/premiumTutors', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.premiumTutors.length).toBeGreaterThan(0);
    for (const tutor of res.body.data.premiumTutors) {
      expect(tutor).toEqual({ mobile: expect.stringMatching(/^\d{10}$/), countryExt: expect.stringMatching(/^\+\d+$/) });
    }
    expect(res.body.data.premiumTutors).toEqual(server.config.premiumTutorNumbers);
  });
});

describe('GET /v2/assets/url-for-whats-new-model', () => {
  test("answers the list of what's-new slides", async () => {
    const res = await server.call('GET', '/api/v2/assets/url-for-whats-new-model', { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['urlForWhatsNewModel']);
    expect(res.body.data.urlForWhatsNewModel.length).toBeGreaterThan(0);
    for (const url of res.body.data.urlForWhatsNewModel) expect(url).toMatch(/^(\/|https:\/\/)\S+$/);
  });
});

describe('rate limit', () => {
  test('more than 10 help requests a minute from one address are refused', async () => {
    const limited = await startTestServer();
    try {
      const acc = await createAccount(limited);
      const session = await login(limited, acc);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push((await limited.call('POST', '/api/v2/infobip/notification', { token: session, body: { userId: acc.userId } })).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
      const rows = await limited.database.db.selectFrom('support_requests').select('id').execute();
      expect(rows).toHaveLength(10);
    } finally {
      await limited.close();
    }
  });
});
