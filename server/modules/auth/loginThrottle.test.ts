import { AppError } from '../../http/errors';
import { LoginThrottle } from './loginThrottle';
import type { LoginFailuresRepository } from './repository';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

// The throttle's rule (when to refuse, when to lock) over a stand-in for its table: the counting
// statement itself is LoginFailuresRepository's, tested through the login calls (tests/api/login.test.ts).
const LOCK_MS = 15 * 60_000;
const now = new Date('2026-11-26T10:00:00Z');

function throttleWith(row: { failures: number; locked_until: Date | null }) {
  const repo = { countAttempt: jest.fn(async () => row), lock: jest.fn(async () => undefined), clear: jest.fn(async () => undefined) };
  return { repo, throttle: new LoginThrottle(repo as unknown as LoginFailuresRepository, 5, LOCK_MS) };
}

test('an attempt is counted with the window and lock the rule gives, and answers its number', async () => {
  const { repo, throttle } = throttleWith({ failures: 3, locked_until: null });
  expect(await throttle.countAttempt('demo:a@b.c', now)).toEqual({ attempt: 3 });
  expect(repo.countAttempt).toHaveBeenCalledWith('demo:a@b.c', now, new Date(now.getTime() - LOCK_MS), new Date(now.getTime() + LOCK_MS), 5);
});

test('a key locked until later is refused with the minutes left, before its password is checked', async () => {
  const { throttle } = throttleWith({ failures: 6, locked_until: new Date(now.getTime() + 90_000) });
  const refused = await throttle.countAttempt('demo:a@b.c', now).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(AppError);
  expect(refused).toMatchObject({ statusCode: 429, code: 'ACCOUNT_LOCKED', params: { minutes: 2 } });
});

test('only the failure that reaches the limit locks the key', async () => {
  const { repo, throttle } = throttleWith({ failures: 0, locked_until: null });
  await throttle.recordFailure('k', 4, now);
  expect(repo.lock).not.toHaveBeenCalled();
  await throttle.recordFailure('k', 5, now);
  expect(repo.lock).toHaveBeenCalledWith('k', new Date(now.getTime() + LOCK_MS), now);
});

test('the key is the org code and e-mail, whatever their case and spaces', () => {
  expect(LoginThrottle.key(' Demo ', 'Tutor@Example.COM ')).toBe('demo:tutor@example.com');
});
