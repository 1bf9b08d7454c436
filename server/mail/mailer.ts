import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema';

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
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl?: string,
  ) {
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    const row = await this.db
      .insertInto('outbox')
      .values({ org_id: mail.orgId, kind: mail.kind, recipient: mail.to, subject: mail.subject, body: mail.body })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) {
      this.log.info({ outboxId: row.id, to: mail.to, subject: mail.subject }, `mail kept in outbox (no SMTP_URL):\n${mail.body}`);
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body });
      // Once delivered, the body (which may hold a live reset link) is not kept.
      await this.db.updateTable('outbox').set({ sent_at: new Date(), body: '[delivered; body not kept]' }).where('id', '=', row.id).execute();
    } catch (error) {
      // The mail stays unsent in the outbox; the caller's request still succeeds.
      this.log.error({ err: error, outboxId: row.id }, 'SMTP delivery failed');
    }
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

  /** Resolves when every mail queued so far is written and sent (or has failed). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
