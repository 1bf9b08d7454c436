// POST /auth/forgotPassword and POST /auth/resetPassword: the same answer for unknown accounts,
// a mailed one-time token that expires, stored hashed, and checks that do not burn it.
import { createUser } from '@server/modules/orgs/commands';
import { createAccount, login, startTestServer, useTestServer, fieldError, type TestServer } from '../support/testServer';
import { startSmtpServer } from '../support/smtp';

// @database-neutral: its subject is the mail and the token rules, so it runs once, not on each database (jest.config.js).

type Account = Awaited<ReturnType<typeof createAccount>>;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ loginRateLimitPerMinute: 1000 });
});
afterAll(() => server.close());

/** Asks for a reset link; the mail is made after the answer (issue 14), so this waits for it too. */
const forgot = async (body: unknown, lang?: string, on = server) => {
  const res = await on.call('POST', '/api/auth/forgotPassword', { body, lang });
  await on.services.mailer.settled();
  return res;
};
const reset = (body: unknown, lang?: string, on = server) => on.call('POST', '/api/auth/resetPassword', { body, lang });
const loginStatus = async (acc: { orgCode: string; email: string; password: string }, on = server) =>
  (await on.call('POST', '/api/auth/login', { body: acc })).status;

async function outbox(on = server) {
  return on.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

/** Asks for a reset mail and takes the token from the link in it (the newest reset mail to that address). */
async function mailedToken(acc: Account, on = server, lang?: string): Promise<{ token: string; subject: string; body: string; link: URL }> {
  const res = await forgot({ email: acc.email, orgCode: acc.orgCode }, lang, on);
  expect(res.status).toBe(200);
  const mails = (await outbox(on)).filter((m) => m.kind === 'password-reset' && m.recipient === acc.email);
  const mail = mails[mails.length - 1];
  const href = mail.body.match(/https?:\/\/\S+/)![0];
  const link = new URL(href);
  return { token: link.searchParams.get('resetToken')!, subject: mail.subject, body: mail.body, link };
}

const RESET_MAIL_SENT = { data: { message: 'If an account matches, a password reset link has been sent to its e-mail address.' } };
const INVALID_TOKEN = fieldError('INVALID_RESET_TOKEN', 'resetToken', 'This password reset link is invalid or has expired. Please request a new one.');

describe('POST /auth/forgotPassword', () => {
  test('mails a reset link to the account, and answers without saying so', async () => {
    const acc = await createAccount(server);
    const before = (await outbox()).length;
    const res = await forgot({ email: acc.email, orgCode: acc.orgCode });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(RESET_MAIL_SENT);
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'password-reset', recipient: acc.email, org_id: acc.orgId, subject: 'Reset your Testforge password' });
    const link = new URL(mails[0].body.match(/https?:\/\/\S+/)![0]);
    expect(link.origin).toBe(server.config.publicUrl);
    expect(link.pathname).toBe('/resetPassword');
    expect(link.searchParams.get('email')).toBe(acc.email);
    expect(link.searchParams.get('resetToken')).toMatch(/^[\w-]{32,}$/);
    expect(mails[0].body).toContain(acc.orgCode);
    expect(mails[0].body).toContain('30 minutes');
  });

  test('unknown accounts get the same answer, and nothing is mailed', async () => {
    const acc = await createAccount(server);
    const other = await createAccount(server);
    const before = await outbox();
    for (const body of [
      { email: 'nobody@example.com', orgCode: acc.orgCode },
      { email: acc.email, orgCode: 'NO-SUCH-ORG' },
      { email: acc.email, orgCode: other.orgCode }, // a real org and a real e-mail, but not together
    ]) {
      const res = await forgot(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(RESET_MAIL_SENT);
    }
    expect(await outbox()).toEqual(before);
    const resets = await server.database.db.selectFrom('password_resets').select('user_id').where('user_id', 'in', [acc.userId, other.userId]).execute();
    expect(resets).toEqual([]);
  });

  test('the org code and e-mail are case-insensitive', async () => {
    const acc = await createAccount(server);
    const before = (await outbox()).length;
    const res = await forgot({ email: acc.email.toUpperCase(), orgCode: acc.orgCode.toLowerCase() });
    expect(res.body).toEqual(RESET_MAIL_SENT);
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe(acc.email); // the stored address, not the typed one
  });

  test('the mail is written in the language of the request', async () => {
    const acc = await createAccount(server);
    const vi = await mailedToken(acc, server, 'vi');
    expect(vi.subject).toBe('Đặt lại mật khẩu Testforge');
    expect(vi.body).toMatch(/^Xin chào Tutor/);
    const ko = await mailedToken(acc, server, 'ko');
    expect(ko.subject).toBe('Testforge 비밀번호 재설정');
  });

  test('bad input is 400 naming the field', async () => {
    for (const [body, field] of [
      [{ orgCode: 'ORG' }, 'email'],
      [{ email: 'a@example.com' }, 'orgCode'],
      [{ email: 42, orgCode: 'ORG' }, 'email'],
      [{ email: 'a@example.com', orgCode: '   ' }, 'orgCode'],
    ] as const) {
      const res = await forgot(body, 'vi');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details[0].field).toBe(field);
      expect(res.body.message).toContain(`"${field}"`);
      expect(res.body.message).toMatch(/^Trường/);
    }
  });

  test('the reset token is stored hashed', async () => {
    const acc = await createAccount(server);
    const { token } = await mailedToken(acc);
    const rows = await server.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', acc.userId).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].org_id).toBe(acc.orgId);
    const ttl = new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime();
    expect(Math.abs(ttl - 30 * 60_000)).toBeLessThan(60_000);
    // The stored hash is not a token.
    expect((await reset({ email: acc.email, newPassword: 'from-the-hash-1', resetToken: rows[0].token_hash })).status).toBe(400);
  });
});

describe('POST /auth/resetPassword', () => {
  test('sets the new password, ends every session, and works once only', async () => {
    const acc = await createAccount(server);
    const sessions = [await login(server, acc), await login(server, acc)];
    const { token } = await mailedToken(acc);
    const res = await reset({ email: acc.email, newPassword: 'brand-new-password-1', resetToken: token }, 'ko');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: '비밀번호가 재설정되었습니다. 새 비밀번호로 로그인하세요.' } });
    for (const session of sessions) expect((await server.call('GET', '/api/auth/user', { token: session })).status).toBe(401);
    expect(await loginStatus(acc)).toBe(401);
    expect(await loginStatus({ ...acc, password: 'brand-new-password-1' })).toBe(200);
    const stored = await server.database.db.selectFrom('users').select('password_hash').where('id', '=', acc.userId).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('brand-new-password-1');
    // Used: a second use is refused, and the password stays the one first set.
    const again = await reset({ email: acc.email, newPassword: 'second-try-password-2', resetToken: token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_TOKEN);
    expect(await loginStatus({ ...acc, password: 'brand-new-password-1' })).toBe(200);
  });

  test('the e-mail is compared without case', async () => {
    const acc = await createAccount(server);
    const { token } = await mailedToken(acc);
    expect((await reset({ email: ` ${acc.email.toUpperCase()} `, newPassword: 'case-blind-pass-1', resetToken: token })).status).toBe(200);
    expect(await loginStatus({ ...acc, password: 'case-blind-pass-1' })).toBe(200);
  });

  test('a wrong e-mail is refused without burning the token', async () => {
    const acc = await createAccount(server);
    const other = await createAccount(server);
    const { token } = await mailedToken(acc);
    for (const email of ['nobody@example.com', other.email]) {
      const res = await reset({ email, newPassword: 'stolen-password-1', resetToken: token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INVALID_TOKEN);
    }
    expect(await loginStatus({ ...other, password: 'stolen-password-1' })).toBe(401);
    expect(await loginStatus(other)).toBe(200);
    expect((await reset({ email: acc.email, newPassword: 'rightful-password-1', resetToken: token })).status).toBe(200);
    expect(await loginStatus({ ...acc, password: 'rightful-password-1' })).toBe(200);
  });

  test('a too short or too long new password is 400 naming newPassword, and does not burn the token', async () => {
    const acc = await createAccount(server);
    const { token } = await mailedToken(acc);
    const short = await reset({ email: acc.email, newPassword: 'short', resetToken: token });
    expect(short.status).toBe(400);
    expect(short.body).toEqual(fieldError('VALIDATION_ERROR', 'newPassword', 'The password must be at least 8 characters long.'));
    const long = await reset({ email: acc.email, newPassword: 'y'.repeat(129), resetToken: token }, 'vi');
    expect(long.status).toBe(400);
    expect(long.body.details[0].field).toBe('newPassword');
    expect(long.body.message).toBe('Mật khẩu chỉ được có tối đa 128 ký tự.');
    expect((await reset({ email: acc.email, newPassword: 'long-enough-now-1', resetToken: token })).status).toBe(200);
  });

  test('an unknown token is refused', async () => {
    const acc = await createAccount(server);
    for (const resetToken of ['garbage', 'A'.repeat(43)]) {
      const res = await reset({ email: acc.email, newPassword: 'whatever-pass-1', resetToken }, 'vi');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_RESET_TOKEN');
      expect(res.body.details).toEqual([{ field: 'resetToken', message: expect.stringMatching(/^Đường dẫn/) }]);
    }
    expect(await loginStatus(acc)).toBe(200);
  });

  test('bad input is 400 naming the field', async () => {
    for (const [body, field] of [
      [{ newPassword: 'whatever-pass-1', resetToken: 'x' }, 'email'],
      [{ email: 'a@example.com', resetToken: 'x' }, 'newPassword'],
      [{ email: 'a@example.com', newPassword: 'whatever-pass-1' }, 'resetToken'],
      [{ email: 'a@example.com', newPassword: 'whatever-pass-1', resetToken: 12 }, 'resetToken'],
      [{ email: 'a@example.com', newPassword: 'whatever-pass-1', resetToken: 'r'.repeat(201) }, 'resetToken'],
    ] as const) {
      const res = await reset(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
      expect(res.body.message).toContain(`"${field}"`);
    }
  });

  test('an expired token is refused', async () => {
    const acc = await createAccount(server);
    const { token } = await mailedToken(acc);
    await server.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', acc.userId)
      .execute();
    expect((await reset({ email: acc.email, newPassword: 'too-late-pass-1', resetToken: token })).body).toEqual(INVALID_TOKEN);
    expect(await loginStatus(acc)).toBe(200);
  });

  test('a token only resets its own user, even when another organisation has the same e-mail', async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    const twin = await createUser(server.database.db, { orgCode: b.orgCode, email: a.email, name: 'Twin', password: 'twin-password-1' });
    const { token } = await mailedToken(a);
    expect((await reset({ email: a.email, newPassword: 'only-for-a-pass-1', resetToken: token })).status).toBe(200);
    expect(await loginStatus({ ...a, password: 'only-for-a-pass-1' })).toBe(200);
    expect(await loginStatus({ orgCode: b.orgCode, email: a.email, password: twin.password })).toBe(200);
    expect(await loginStatus({ orgCode: b.orgCode, email: a.email, password: 'only-for-a-pass-1' })).toBe(401);
  });

  test('once the password is reset, older reset links stop working', async () => {
    const acc = await createAccount(server);
    const first = await mailedToken(acc);
    const second = await mailedToken(acc);
    expect(first.token).not.toBe(second.token);
    expect((await reset({ email: acc.email, newPassword: 'from-second-link-1', resetToken: second.token })).status).toBe(200);
    expect((await reset({ email: acc.email, newPassword: 'from-first-link-1', resetToken: first.token })).body).toEqual(INVALID_TOKEN);
    expect(await loginStatus({ ...acc, password: 'from-second-link-1' })).toBe(200);
  });

  test('a password change makes earlier reset links stop working', async () => {
    const acc = await createAccount(server);
    const { token } = await mailedToken(acc);
    const session = await login(server, acc);
    const changed = await server.call('POST', '/api/auth/changePassword', {
      token: session,
      body: { currentPassword: acc.password, newPassword: 'changed-by-me-1' },
    });
    expect(changed.status).toBe(200);
    expect((await reset({ email: acc.email, newPassword: 'from-old-link-1', resetToken: token })).body).toEqual(INVALID_TOKEN);
    expect(await loginStatus({ ...acc, password: 'changed-by-me-1' })).toBe(200);
  });

  test('a reset ends the lock from failed logins', async () => {
    const acc = await createAccount(server);
    for (let i = 0; i < 5; i += 1) await server.call('POST', '/api/auth/login', { body: { ...acc, password: 'forgotten-it-1' } });
    expect(await loginStatus(acc)).toBe(429);
    const { token } = await mailedToken(acc);
    expect((await reset({ email: acc.email, newPassword: 'remembered-now-1', resetToken: token })).status).toBe(200);
    expect(await loginStatus({ ...acc, password: 'remembered-now-1' })).toBe(200);
  });
});

describe('with RESET_TOKEN_TTL set short', () => {
  const quick = useTestServer({ resetTokenTtlMs: 50 });

  test('the token expires on its own', async () => {
    const acc = await createAccount(quick);
    const { token } = await mailedToken(acc, quick);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const res = await reset({ email: acc.email, newPassword: 'too-slow-pass-1', resetToken: token }, undefined, quick);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TOKEN);
    expect(await loginStatus(acc, quick)).toBe(200);
  });
});

describe('answering in the same time for every address (issue 14)', () => {
  test('a real account does not wait for the mail: both answers come before a slow SMTP server has even greeted', async () => {
    // A slow mail relay: 800 ms before it greets.
    const smtp = await startSmtpServer({ greetAfterMs: 800 });
    const slow = await startTestServer({ smtpUrl: smtp.url, loginRateLimitPerMinute: 1000 });
    try {
      const acc = await createAccount(slow);
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await slow.call('POST', '/api/auth/forgotPassword', { body: { orgCode: acc.orgCode, email } });
        expect(res.body).toEqual(RESET_MAIL_SENT);
        return performance.now() - started;
      };
      await timed('warm-up@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        known.push(await timed(acc.email));
        unknown.push(await timed(`nobody-${i}@example.com`));
      }
      // Before the fix a real account's answer waited for SMTP (over 800 ms here).
      expect(Math.max(...known)).toBeLessThan(500);
      expect(Math.max(...unknown)).toBeLessThan(500);
      // The mails still go: written to the outbox and delivered after the answers.
      await slow.services.mailer.settled();
      expect(smtp.received).toHaveLength(3);
      const sent = await slow.database.db.selectFrom('outbox').select(['recipient', 'sent_at']).where('kind', '=', 'password-reset').execute();
      expect(sent).toHaveLength(3);
      expect(sent.every((row) => row.recipient === acc.email && row.sent_at !== null)).toBe(true);
    } finally {
      await slow.close();
      await smtp.close();
    }
  });
});
