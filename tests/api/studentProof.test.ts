// Issue 14: a contact proves nothing. Another student who types a victim's e-mail or phone gets
// 403 and changes nothing; the victim resumes with their device, their token, a one-time code
// (mail, or SMS through the gateway), or once after their tutor's reset.
import http from 'node:http';
import { startTestServer, type TestServer } from '../support/testServer';
import { signInEditor, type Editor } from '../support/testEditor';
import { newDeviceKey, publishFreeTest, studentOf } from '../support/studentTests';

// @database-neutral: its subject is what a student may send and see, on code that does not differ
// by database, so it runs once (on PostgreSQL when one answers, on PGlite otherwise), not on each
// database (jest.config.js).

let server: TestServer;
let tutor: Editor;
let sms: { server: http.Server; received: { to: string; text: string }[] };
beforeAll(async () => {
  // An SMS gateway on loopback, as SMS_WEBHOOK_URL would name the deployment's.
  const received: { to: string; text: string }[] = [];
  const gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  sms = { server: gateway, received };
  server = await startTestServer({ smsWebhookUrl: `http://127.0.0.1:${(gateway.address() as { port: number }).port}/sms`, studentRateLimitPerMinute: 1000 });
  tutor = await signInEditor(server);
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => sms.server.close(resolve));
});

const db = () => server.database.db;
const codeCall = (sharedTestId: string, contact: string, lang?: string) =>
  server.call('POST', `/api/student/test/${sharedTestId}/code`, { body: { contact }, lang });
/** The code in the newest mail to the address (the outbox), after the queued work is done. */
async function mailedCode(to: string): Promise<string> {
  await server.services.mailer.settled();
  const mail = await db().selectFrom('outbox').select(['body', 'kind']).where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(mail.kind).toBe('student-code');
  return /\b(\d{6})\b/.exec(mail.body)![1];
}
async function victimMidTest(sharedTestId: string) {
  const victim = studentOf(server, sharedTestId, { name: 'Victim Student', contact: `victim-${Math.random().toString(36).slice(2)}@example.com` });
  const started = await victim.start();
  expect(started.status).toBe(200);
  const question = started.body.data.attempt.sections[0].questions[0];
  expect((await victim.save(question.id, { selected: [question.options[1].id] })).status).toBe(200);
  return { victim, attemptId: started.body.data.attempt.attemptId as string, question };
}
const rowsOf = async (contact: string) => {
  const student = await db().selectFrom('students').selectAll().where('contact', '=', contact).executeTakeFirstOrThrow();
  const attempts = await db().selectFrom('attempts').select(['id', 'token_hash']).where('student_id', '=', student.id).execute();
  return { name: student.name, attempts };
};

describe('another student with the same contact', () => {
  test('identify and start are refused with 403: no token, the name unchanged, no attempt used', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor, { noOfAttempts: 1 });
    const { victim } = await victimMidTest(sharedTestId);
    const before = await rowsOf(victim.identity.contact);
    const attacker = studentOf(server, sharedTestId, { name: 'Attacker', contact: victim.identity.contact.toUpperCase() });
    for (const call of [() => attacker.identify(), () => attacker.start()]) {
      const res = await call();
      expect([res.status, res.body.code]).toEqual([403, 'STUDENT_PROOF_REQUIRED']);
      expect(res.body.message).toContain('already been used');
      expect(JSON.stringify(res.body)).not.toMatch(/token|attempt/i);
    }
    const vi = await attacker.start(undefined);
    expect(vi.status).toBe(403);
    expect(attacker.token).toBe('');
    expect(await rowsOf(victim.identity.contact)).toEqual(before);
    // The victim's own token still works: nothing was taken from them.
    expect((await victim.attempt()).status).toBe(200);
  });

  test('a made-up device key, a token of another student, or a wrong code prove nothing', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const { victim } = await victimMidTest(sharedTestId);
    const other = studentOf(server, sharedTestId);
    await other.start();
    const start = (extra: Record<string, unknown>, token?: string) =>
      server.call('POST', `/api/student/test/${sharedTestId}/start`, {
        body: { ...victim.identity, ...extra },
        headers: token ? { 'x-student-token': token } : {},
      });
    expect((await start({ deviceKey: newDeviceKey() })).status).toBe(403);
    expect((await start({}, other.token)).status).toBe(403);
    const wrong = await start({ code: '000000' });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'STUDENT_CODE_EXPIRED']); // none was asked for
    expect((await start({ deviceKey: 'short' })).body.details[0].field).toBe('deviceKey');
  });
});

describe('the student themselves', () => {
  test('resumes from the same device (a reload, the token lost) and keeps their answers', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const { victim, attemptId, question } = await victimMidTest(sharedTestId);
    const sameDevice = studentOf(server, sharedTestId, victim.identity, victim.deviceKey);
    const resumed = await sameDevice.start();
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.attempt.attemptId).toBe(attemptId);
    expect(resumed.body.data.attempt.answers[question.id]).toEqual({ selected: [question.options[1].id] });
  });

  test('resumes on a new device with the token of their attempt', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const { victim, attemptId } = await victimMidTest(sharedTestId);
    const res = await server.call('POST', `/api/student/test/${sharedTestId}/start`, {
      body: { ...victim.identity, deviceKey: newDeviceKey() },
      headers: { 'x-student-token': victim.token },
    });
    expect([res.status, res.body.data.attempt.attemptId]).toEqual([200, attemptId]);
  });

  test('resumes on a new device with a one-time code sent by e-mail; the device is known from then on', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor, { name: 'Chemistry' });
    const { victim, attemptId } = await victimMidTest(sharedTestId);
    const phone = studentOf(server, sharedTestId, { ...victim.identity, name: 'Victim S.' });
    expect((await phone.start()).status).toBe(403);
    const asked = await codeCall(sharedTestId, victim.identity.contact, 'vi');
    expect(asked.body.data.message).toContain('Nếu e-mail hoặc số điện thoại này');
    const code = await mailedCode(victim.identity.contact);
    const res = await phone.start({ ...victim.identity, name: 'Victim S.', deviceKey: phone.deviceKey, code });
    expect([res.status, res.body.data.attempt.attemptId]).toEqual([200, attemptId]);
    // Proven: the new name is kept, the code is used up, and this device needs no code again.
    expect((await rowsOf(victim.identity.contact)).name).toBe('Victim S.');
    expect((await phone.start({ ...victim.identity, deviceKey: newDeviceKey(), code })).body.code).toBe('STUDENT_CODE_EXPIRED');
    expect((await phone.start()).status).toBe(200);
  });

  test('a code by SMS through the gateway, for a phone number', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor, { name: 'Physics' });
    const owner = studentOf(server, sharedTestId, { name: 'Phone Student', contact: '+84 90 555 0101' });
    expect((await owner.start()).status).toBe(200);
    await codeCall(sharedTestId, '0084 90 555 0101'.replace(/^00/, '+'), 'ko');
    await server.services.mailer.settled();
    const text = sms.received.at(-1)!;
    expect(text.to).toBe('+84 90 555 0101');
    expect(text.text).toMatch(/^Testforge: "Physics" 코드는 \d{6}입니다/);
    const row = await db().selectFrom('outbox').select(['kind', 'sent_at', 'body']).where('recipient', '=', '+84 90 555 0101').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'sms:student-code', body: '[delivered; body not kept]' });
    const code = /(\d{6})/.exec(text.text)![1];
    const other = studentOf(server, sharedTestId, owner.identity);
    expect((await other.start({ ...owner.identity, deviceKey: other.deviceKey, code })).status).toBe(200);
  });

  test('a wrong code: 5 tries, counted down, then the code is dead even when right', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const { victim } = await victimMidTest(sharedTestId);
    await codeCall(sharedTestId, victim.identity.contact);
    const code = await mailedCode(victim.identity.contact);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const guess = (c: string) =>
      server.call('POST', `/api/student/test/${sharedTestId}/start`, { body: { ...victim.identity, deviceKey: newDeviceKey(), code: c } });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await guess(wrongCode)).body);
    expect(answers.map((a) => a.code)).toEqual(Array(5).fill('STUDENT_CODE_WRONG'));
    expect(answers[0].message).toBe('That code is not right. 4 tries left.');
    expect((await guess(code)).body.code).toBe('STUDENT_CODE_EXPIRED');
  });

  test('asking for a code says the same for an unknown contact, and sends nothing', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const known = studentOf(server, sharedTestId);
    await known.start();
    const a = await codeCall(sharedTestId, known.identity.contact);
    const b = await codeCall(sharedTestId, 'nobody-here@example.com');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    await server.services.mailer.settled();
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', 'nobody-here@example.com').execute()).toEqual([]);
    // A second ask within a minute sends no second code.
    await codeCall(sharedTestId, known.identity.contact);
    await server.services.mailer.settled();
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', known.identity.contact).execute()).toHaveLength(1);
    expect((await codeCall(sharedTestId, 'not a contact')).body.details[0].field).toBe('contact');
  });
});

describe("the tutor's reset", () => {
  test('lets the student in once from a new device, revokes the old token, keeps the answers', async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const { victim, attemptId, question } = await victimMidTest(sharedTestId);
    const reset = await tutor.call('POST', `/api/v2/shared-test/${sharedTestId}/reset-student`, { contact: ` ${victim.identity.contact.toUpperCase()} ` });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ attemptsInProgress: 1, message: 'The student can start again from any device (once, within 24 hours).' });
    expect((await victim.attempt()).status).toBe(401);
    const fresh = studentOf(server, sharedTestId, victim.identity);
    const resumed = await fresh.start();
    expect([resumed.status, resumed.body.data.attempt.attemptId]).toEqual([200, attemptId]);
    expect(resumed.body.data.attempt.answers[question.id]).toBeDefined();
    // Once: a further new device needs proof again; the old device was forgotten too.
    expect((await studentOf(server, sharedTestId, victim.identity).start()).status).toBe(403);
    expect((await studentOf(server, sharedTestId, victim.identity, victim.deviceKey).start()).status).toBe(403);
    expect((await studentOf(server, sharedTestId, victim.identity, fresh.deviceKey).start()).status).toBe(200);
  });

  test("another organisation's tutor gets 404; an unknown contact 404; no session 401", async () => {
    const { sharedTestId } = await publishFreeTest(server, tutor);
    const { victim } = await victimMidTest(sharedTestId);
    const stranger = await signInEditor(server);
    expect((await stranger.call('POST', `/api/v2/shared-test/${sharedTestId}/reset-student`, { contact: victim.identity.contact })).status).toBe(404);
    const unknown = await tutor.call('POST', `/api/v2/shared-test/${sharedTestId}/reset-student`, { contact: 'nobody@example.com' });
    expect([unknown.status, unknown.body.message]).toEqual([404, "No student of this free test's organisation has this e-mail or phone number."]);
    expect((await server.call('POST', `/api/v2/shared-test/${sharedTestId}/reset-student`, { body: { contact: victim.identity.contact } })).status).toBe(401);
    expect((await victim.attempt()).status).toBe(200);
  });
});
