import type { Kysely } from 'kysely';
import type { DefaultTestSettings } from '@shared/domain/testSettings';
import type { Database } from '../../db/schema';

/** Settings of the whole deployment (table app_settings). */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  clpDefaults(): Promise<Partial<DefaultTestSettings>> {
    return readClpDefaults(this.db);
  }
}

export const CLP_SETTINGS_KEY = 'clp-default-settings';

/** The stored CLP (Global Library) defaults: what was set of them, the rest left out. */
export async function readClpDefaults(db: Kysely<Database>): Promise<Partial<DefaultTestSettings>> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', CLP_SETTINGS_KEY).executeTakeFirst();
  return (row?.value as Partial<DefaultTestSettings> | undefined) ?? {};
}
