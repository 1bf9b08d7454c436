import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/**
 * Background work that must run once across all server processes (issue 19), from a job queue
 * on the same PostgreSQL (pg-boss, schema `pgboss`): each process works the queues, a job is
 * taken by one of them (`SKIP LOCKED`), and a job that throws is retried with a growing delay.
 *
 * - `students-expire`: attempts past their deadline and the grace, never submitted, are submitted
 *   with what they saved. Every process offers one sweep per JOB_SWEEP_SECONDS; pg-boss keeps one
 *   per time slot (singletonSeconds), so it runs once whatever the number of processes.
 * - `mail-send`: one outbox row delivered over SMTP; retried when SMTP fails.
 *
 * The embedded database (PGlite) is one process: there is no queue, the work runs as it always
 * did (expired attempts are submitted when read; mail is sent after it is written).
 */
export const JOB_QUEUES = {
  'students-expire': { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 300 },
  'mail-send': { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
} as const satisfies Record<string, PgBoss.RetryOptions & PgBoss.ExpirationOptions>;
export type JobName = keyof typeof JOB_QUEUES;

export interface JobHandlers {
  'students-expire': () => Promise<number>;
  'mail-send': (data: { outboxId: string }) => Promise<void>;
}

/** The schema pg-boss keeps its tables in (the admin command reads them). */
export const JOB_SCHEMA = 'pgboss';

export class JobQueue {
  private sweep?: NodeJS.Timeout;
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts pg-boss (creating its schema the first time; processes starting at once agree through an advisory lock) and works every queue. */
  static async start(connectionString: string, handlers: JobHandlers, log: FastifyBaseLogger, options: { sweepSeconds: number }): Promise<JobQueue> {
    // Its own small pool: the queue's polling never waits behind requests.
    const open = async () => {
      const boss = new PgBoss({ connectionString, schema: JOB_SCHEMA, max: 3, application_name: 'testforge-jobs', schedule: false });
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      try {
        return await boss.start();
      } catch (error) {
        await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
        throw error;
      }
    };
    // Processes starting together race on pg-boss's schema and queues (a deadlock PostgreSQL
    // breaks by failing one of them): the loser tries again after a short random wait.
    const retrying = async (work: () => Promise<unknown>) => {
      for (let tries = 1; ; tries++) {
        try {
          return await work();
        } catch (error) {
          if (tries >= 5 || (error as { code?: string }).code !== '40P01') throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * tries));
        }
      }
    };
    // A failed start cannot be started again (pg-boss remembers it began): a new one is made.
    const boss = (await retrying(open)) as PgBoss;
    for (const [name, queue] of Object.entries(JOB_QUEUES)) {
      await retrying(() =>
        boss.createQueue(name, { name, ...queue }).catch(async (error: unknown) => {
          if (!(await boss.getQueue(name))) throw error;
        }),
      );
    }
    const queue = new JobQueue(boss, log);
    const workOptions = { batchSize: 1, pollingIntervalSeconds: 1 };
    await boss.work<object>('students-expire', workOptions, async () => {
      const submitted = await handlers['students-expire']();
      if (submitted > 0) log.info({ submitted }, 'expired attempts submitted');
      return { submitted };
    });
    await boss.work<{ outboxId: string }>('mail-send', workOptions, async ([job]) => handlers['mail-send'](job!.data));
    queue.startSweeps(options.sweepSeconds);
    return queue;
  }

  /** Offers a sweep now and every `seconds`; pg-boss keeps one per slot across every process. */
  private startSweeps(seconds: number): void {
    const offer = () =>
      void this.boss.send('students-expire', {}, { singletonKey: 'sweep', singletonSeconds: seconds }).catch((error: unknown) => {
        if (!this.stopped) this.log.warn({ err: error }, 'could not queue the sweep of expired attempts');
      });
    offer();
    this.sweep = setInterval(offer, seconds * 1_000);
    this.sweep.unref();
  }

  async send(name: JobName, data: object): Promise<void> {
    await this.boss.send(name, data);
  }

  /** Stops taking jobs, lets the ones running finish (at most 10 s: an unfinished job is retried by another process), closes the pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true, close: true });
  }
}
