import { describeJobs } from './status';
import type { JobsRepository } from './repository';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

// The report's wording from what pg-boss's table holds, without a database: the SQL is JobsRepository's.
const jobs = (over: Partial<JobsRepository>): JobsRepository =>
  ({ installed: async () => true, countsByQueueAndState: async () => [], latestFailures: async () => [], ...over }) as JobsRepository;

test('a database where no server has started yet says so', async () => {
  expect(await describeJobs(jobs({ installed: async () => false }), 5)).toEqual([
    'The job queue is not set up yet: it is created when a server first starts on this database.',
  ]);
});

test('every known queue gets a row, counted per state, and the latest failures follow', async () => {
  const failed = { id: 'j1', name: 'mail-send', retry_count: 6, completed_on: new Date('2026-11-26T10:00:00Z'), output: { message: 'SMTP down' } };
  const lines = await describeJobs(
    jobs({
      countsByQueueAndState: async () => [
        { name: 'mail-send', state: 'failed', n: 1 },
        { name: 'mail-send', state: 'completed', n: 3 },
      ],
      latestFailures: async () => [failed],
    }),
    5,
  );
  expect(lines[0]).toMatch(/^queue\s+created\s+retry\s+active\s+completed\s+failed\s+cancelled$/);
  expect(lines.find((l) => l.startsWith('students-expire'))).toMatch(/^students-expire(\s+0){6}$/);
  expect(lines.find((l) => l.startsWith('mail-send'))).toMatch(/^mail-send\s+0\s+0\s+0\s+3\s+1\s+0$/);
  expect(lines.slice(-2)).toEqual(['Latest failures (1):', '  2026-11-26T10:00:00.000Z  mail-send  j1  after 6 retries: SMTP down']);
});

test('no failures asked for: none are read', async () => {
  const latestFailures = jest.fn(async () => []);
  const lines = await describeJobs(jobs({ latestFailures }), 0);
  expect(latestFailures).not.toHaveBeenCalled();
  expect(lines.some((l) => l.includes('failed jobs'))).toBe(false);
});
