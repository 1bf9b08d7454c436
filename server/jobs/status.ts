import { JOB_QUEUES } from './queue';
import type { JobsRepository } from './repository';

const STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;

/** What `npm run admin -- jobs` prints: jobs per queue and state (finished ones for 12 hours, then pg-boss archives them), and the latest failures. */
export async function describeJobs(jobs: JobsRepository, failures: number): Promise<string[]> {
  if (!(await jobs.installed())) return ['The job queue is not set up yet: it is created when a server first starts on this database.'];
  const byQueue = new Map<string, Map<string, number>>();
  for (const row of await jobs.countsByQueueAndState()) {
    if (!byQueue.has(row.name)) byQueue.set(row.name, new Map());
    byQueue.get(row.name)!.set(row.state, row.n);
  }
  const names = [...new Set([...Object.keys(JOB_QUEUES), ...byQueue.keys()])];
  const width = Math.max(...names.map((n) => n.length), 5);
  const lines = [`${'queue'.padEnd(width)}  ${STATES.map((s) => s.padStart(9)).join(' ')}`];
  for (const name of names) lines.push(`${name.padEnd(width)}  ${STATES.map((s) => String(byQueue.get(name)?.get(s) ?? 0).padStart(9)).join(' ')}`);
  if (failures > 0) {
    const failed = await jobs.latestFailures(failures);
    lines.push('', failed.length ? `Latest failures (${failed.length}):` : 'No failed jobs.');
    for (const job of failed) {
      const output = job.output as { message?: string } | null;
      lines.push(
        `  ${job.completed_on?.toISOString() ?? '-'}  ${job.name}  ${job.id}  after ${job.retry_count} retries: ${output?.message ?? JSON.stringify(output)}`,
      );
    }
  }
  return lines;
}
