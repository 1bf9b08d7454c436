import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';

/**
 * Background work that must run once across all server processes (issue 19), from a job queue
 * on the same PostgreSQL (pg-boss, schema `pgboss`): each process works the queues, a job is
 * taken by one of them (`SKIP LOCKED`), and a job that throws is retried with a growing delay.
 *
 * - `students-expire`: attempts past their deadline and the grace, never submitted, are submitted
 *   with what they saved. Every process offers one sweep per JOB_SWEEP_SECONDS; pg-boss keeps one
 *   per time slot (singletonSeconds), so it runs once whatever the number of processes.
 * - `mail-send`: one outbox row delivered over SMTP; retried when SMTP fails.
 * - `trash-purge`: the Trash's items older than 30 days deleted for good (issue 17). Every process
 *   offers one an hour; pg-boss keeps one per day (singletonSeconds 86,400), so it runs once a day.
 *
 * The embedded database (PGlite) is one process: there is no queue, the work runs as it always
 * did (expired attempts are submitted when read; mail is sent after it is written).
 */
export const JOB_QUEUES = {
  'students-expire': { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 300 },
  'mail-send': { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  'trash-purge': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
} as const satisfies Record<string, PgBoss.RetryOptions & PgBoss.ExpirationOptions>;
export type JobName = keyof typeof JOB_QUEUES;

export interface JobHandlers {
  'students-expire': () => Promise<number>;
  'mail-send': (data: { outboxId: string }) => Promise<void>;
  'trash-purge': () => Promise<number>;
}

/** The Trash's purge runs once a day; each process offers it this often (pg-boss keeps one a day). */
export const TRASH_PURGE_SECONDS = 86_400;
const TRASH_PURGE_OFFER_MS = 3_600_000;

/** The schema pg-boss keeps its tables in (the admin command reads them). */
export const JOB_SCHEMA = 'pgboss';

export class JobQueue {
  private sweep?: NodeJS.Timeout;
  private purge?: NodeJS.Timeout;
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts pg-boss (creating its schema the first time; processes starting at once agree through an advisory lock) and works every queue. */
  static async start(connectionString: string, handlers: JobHandlers, log: FastifyBaseLogger, options: { sweepSeconds: number }): Promise<JobQueue> {
    // Its own small pool: the queue's polling never waits behind requests.
    const open = async () => {
      // Loaded when a process works the queue (PostgreSQL, JOB_QUEUE on), not at every start.
      const { default: PgBossClass } = await import('pg-boss');
      // Completed jobs stay a day before pg-boss archives them (12 hours by default): its throttle
      // (singletonSeconds) can be no longer, and the Trash's purge is kept once a day.
      const boss = new PgBossClass({
        connectionString,
        schema: JOB_SCHEMA,
        max: 3,
        application_name: 'testforge-jobs',
        schedule: false,
        archiveCompletedAfterSeconds: TRASH_PURGE_SECONDS,
      });
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
    await boss.work<object>('trash-purge', workOptions, async () => {
      const purged = await handlers['trash-purge']();
      if (purged > 0) log.info({ purged }, 'trash items older than 30 days deleted for good');
      return { purged };
    });
    queue.startSweeps(options.sweepSeconds);
    return queue;
  }

  /** Offers the sweeps now and on a timer; pg-boss keeps one per slot across every process. */
  private startSweeps(seconds: number): void {
    // 0: no sweep of expired attempts (reads still submit them), as the test servers run.
    if (seconds > 0) {
      const offer = () =>
        void this.boss.send('students-expire', {}, { singletonKey: 'sweep', singletonSeconds: seconds }).catch((error: unknown) => {
          if (!this.stopped) this.log.warn({ err: error }, 'could not queue the sweep of expired attempts');
        });
      offer();
      this.sweep = setInterval(offer, seconds * 1_000);
      this.sweep.unref();
    }
    const offerPurge = () =>
      void this.boss.send('trash-purge', {}, { singletonKey: 'purge', singletonSeconds: TRASH_PURGE_SECONDS }).catch((error: unknown) => {
        if (!this.stopped) this.log.warn({ err: error }, 'could not queue the purge of the Trash');
      });
    offerPurge();
    this.purge = setInterval(offerPurge, TRASH_PURGE_OFFER_MS);
    this.purge.unref();
  }

  async send(name: JobName, data: object): Promise<void> {
    await this.boss.send(name, data);
  }

  /** Stops taking jobs, lets the ones running finish (at most 10 s: an unfinished job is retried by another process), closes the pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    clearInterval(this.purge);
    await this.boss.stop({ graceful: true, timeout: 10_000, wait: true, close: true });
  }
}
