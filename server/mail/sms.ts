import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface OutgoingSms {
  orgId: string | null;
  kind: 'student-code';
  to: string;
  text: string;
}

/**
 * Text messages (a student's one-time code sent to a phone). Like mail, each is first written to
 * the outbox (kind `sms:<kind>`), so nothing is lost and a fresh machine shows it in the log. With
 * SMS_WEBHOOK_URL it is then POSTed there as JSON `{ to, text }`: the notification gateway of the
 * deployment (an Infobip or Twilio relay) sends it.
 */
export class SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly webhookUrl?: string,
  ) {}

  async send(sms: OutgoingSms): Promise<void> {
    const row = await this.db
      .insertInto('outbox')
      .values({ org_id: sms.orgId, kind: `sms:${sms.kind}`, recipient: sms.to, subject: 'SMS', body: sms.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.webhookUrl) {
      this.log.info({ outboxId: row.id, to: sms.to }, `SMS kept in outbox (no SMS_WEBHOOK_URL): ${sms.text}`);
      return;
    }
    try {
      const res = await fetch(this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: sms.to, text: sms.text }), signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`the SMS gateway answered ${res.status}`);
      // Once sent, the text (a live code) is not kept.
      await this.db.updateTable('outbox').set({ sent_at: new Date(), body: '[delivered; body not kept]' }).where('id', '=', row.id).execute();
    } catch (error) {
      this.log.error({ err: error, outboxId: row.id }, 'SMS delivery failed');
    }
  }
}
