import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OutboxRepository } from './outboxRepository';

export interface OutgoingMail {
  orgId: string | null;
  kind: 'password-reset' | 'support-notification' | 'support-callback' | 'student-code';
  to: string;
  subject: string;
  body: string;
}

/**
 * Every mail is first written to the outbox table (so nothing is lost and tests can read it).
 * With SMTP_URL it is then sent; without, it is printed to the log so a fresh machine can still
 * reset a password.
 */
export class Mailer {
  private readonly transport?: nodemailer.Transporter;
  /** Work queued with `later`, awaited by `settled` (shutdown, tests). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl?: string,
  ) {
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    const id = await this.outbox.add({ org_id: mail.orgId, kind: mail.kind, recipient: mail.to, subject: mail.subject, body: mail.body });
    if (!this.transport) {
      this.log.info({ outboxId: id, to: mail.to, subject: mail.subject }, `mail kept in outbox (no SMTP_URL):\n${mail.body}`);
      return;
    }
    if (this.queue) {
      // PostgreSQL (issue 19): one process of the cluster delivers it, retried while SMTP fails.
      await this.queue(id);
      this.queued.add(id);
      return;
    }
    try {
      await this.deliver(id);
    } catch (error) {
      // The mail stays unsent in the outbox; the caller's request still succeeds.
      this.log.error({ err: error, outboxId: id }, 'SMTP delivery failed');
    }
  }

  /** Where mail is handed to the job queue (PostgreSQL); unset, it is sent in this process. */
  private queue?: (outboxId: string) => Promise<void>;
  useQueue(queue: (outboxId: string) => Promise<void>): void {
    this.queue = queue;
  }

  /** Sends one outbox row not yet sent (the job queue's `mail-send`); throws when SMTP fails, so the job is retried. */
  async deliver(outboxId: string): Promise<void> {
    if (!this.transport) return;
    const mail = await this.outbox.unsent(outboxId);
    if (!mail || mail.sent_at) return;
    await this.transport.sendMail({ from: this.from, to: mail.recipient, subject: mail.subject, text: mail.body });
    await this.outbox.markSent(outboxId);
  }

  /**
   * Runs mail work after the answer has gone: a caller whose answer must not depend on whether
   * a mail is sent (forgot-password, where waiting for SMTP told who has an account) queues it
   * here. Failures are logged; the outbox row, once written, keeps the mail.
   */
  later(work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.log.error({ err: error }, 'queued mail failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Outbox rows this process handed to the job queue, until seen sent (see settled). */
  private readonly queued = new Set<string>();

  /**
   * Resolves when every mail queued so far is written and sent (or has failed). Mail handed to
   * the job queue is waited for at most `queueWaitMs`: a delivery still being retried then is
   * the queue's, whichever process takes it.
   */
  async settled(queueWaitMs = 15_000): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
    const until = Date.now() + queueWaitMs;
    while (this.queued.size && Date.now() < until) {
      for (const id of await this.outbox.sentAmong([...this.queued])) this.queued.delete(id);
      if (this.queued.size) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.queued.clear();
  }
}
