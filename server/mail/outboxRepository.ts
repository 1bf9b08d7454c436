import type { Kysely, Selectable } from 'kysely';
import type { Database, OutboxTable } from '../db/schema';

/** What the outbox keeps of a mail or text message before it is sent: its row's columns. */
export type OutboxEntry = Pick<Selectable<OutboxTable>, 'org_id' | 'kind' | 'recipient' | 'subject' | 'body'>;

/** The SQL of the outbox table: every mail and text message is written here first, so nothing is lost. */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(entry: OutboxEntry): Promise<string> {
    const row = await this.db.insertInto('outbox').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  unsent(id: string) {
    return this.db.selectFrom('outbox').select(['recipient', 'subject', 'body', 'sent_at']).where('id', '=', id).executeTakeFirst();
  }

  /** Once delivered, the body (which may hold a live reset link or code) is not kept. */
  async markSent(id: string): Promise<void> {
    await this.db.updateTable('outbox').set({ sent_at: new Date(), body: '[delivered; body not kept]' }).where('id', '=', id).execute();
  }

  /** Which of these rows are sent. */
  async sentAmong(ids: string[]): Promise<string[]> {
    const rows = await this.db.selectFrom('outbox').select('id').where('id', 'in', ids).where('sent_at', 'is not', null).execute();
    return rows.map((row) => row.id);
  }
}
