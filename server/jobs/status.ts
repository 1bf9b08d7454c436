import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { JOB_QUEUES, JOB_SCHEMA } from './queue';

const STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;

/** What `npm run admin -- jobs` prints: jobs per queue and state (finished ones for 12 hours, then pg-boss archives them), and the latest failures. */
export async function describeJobs(db: Kysely<Database>, failures: number): Promise<string[]> {
  const installed = await sql<{ found: boolean }>`select to_regclass(${`${JOB_SCHEMA}.job`}) is not null as found`.execute(db);
  if (!installed.rows[0]?.found) return ['The job queue is not set up yet: it is created when a server first starts on this database.'];
  const counts = await sql<{ name: string; state: string; n: number }>`
    select name, state::text as state, count(*)::int as n from ${sql.table(`${JOB_SCHEMA}.job`)} group by name, state`.execute(db);
  const byQueue = new Map<string, Map<string, number>>();
  for (const row of counts.rows) {
    if (!byQueue.has(row.name)) byQueue.set(row.name, new Map());
    byQueue.get(row.name)!.set(row.state, row.n);
  }
  const names = [...new Set([...Object.keys(JOB_QUEUES), ...byQueue.keys()])];
  const width = Math.max(...names.map((n) => n.length), 5);
  const lines = [`${'queue'.padEnd(width)}  ${STATES.map((s) => s.padStart(9)).join(' ')}`];
  for (const name of names) lines.push(`${name.padEnd(width)}  ${STATES.map((s) => String(byQueue.get(name)?.get(s) ?? 0).padStart(9)).join(' ')}`);
  if (failures > 0) {
    const failed = await sql<{ id: string; name: string; retry_count: number; completed_on: Date | null; output: unknown }>`
      select id, name, retry_count, completed_on, output from ${sql.table(`${JOB_SCHEMA}.job`)}
      where state = 'failed' order by completed_on desc nulls last limit ${failures}`.execute(db);
    lines.push('', failed.rows.length ? `Latest failures (${failed.rows.length}):` : 'No failed jobs.');
    for (const job of failed.rows) {
      const output = job.output as { message?: string } | null;
      lines.push(`  ${job.completed_on?.toISOString() ?? '-'}  ${job.name}  ${job.id}  after ${job.retry_count} retries: ${output?.message ?? JSON.stringify(output)}`);
    }
  }
  return lines;
}
