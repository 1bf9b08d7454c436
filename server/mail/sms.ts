import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './outboxRepository';

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
    private readonly outbox: OutboxRepository,
    private readonly log: FastifyBaseLogger,
    private readonly webhookUrl?: string,
  ) {}

  async send(sms: OutgoingSms): Promise<void> {
    const id = await this.outbox.add({ org_id: sms.orgId, kind: `sms:${sms.kind}`, recipient: sms.to, subject: 'SMS', body: sms.text });
    if (!this.webhookUrl) {
      this.log.info({ outboxId: id, to: sms.to }, `SMS kept in outbox (no SMS_WEBHOOK_URL): ${sms.text}`);
      return;
    }
    try {
      const res = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`the SMS gateway answered ${res.status}`);
      await this.outbox.markSent(id);
    } catch (error) {
      this.log.error({ err: error, outboxId: id }, 'SMS delivery failed');
    }
  }
}
