import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { createOrg, createUser } from './modules/orgs/commands';

export const DEMO_ORG_CODE = 'DEMO';
export const DEMO_EMAIL = 'tutor@demo.testforge.local';

/**
 * The demo organisation made on first start of an empty embedded database, with every
 * feature on, so a new user sees the whole product. The password is generated and printed once.
 */
export async function seedDemo(db: Kysely<Database>): Promise<{ orgCode: string; email: string; password: string }> {
  await createOrg(db, {
    code: DEMO_ORG_CODE,
    name: 'Demo Academy',
    days: 365,
    flags: { is_shared_global: true, enable_vidu_parser: true, is_bilingual_enabled: true, is_tb_test_enabled: true, allow_gpsc_type: true },
  });
  const { password } = await createUser(db, { orgCode: DEMO_ORG_CODE, email: DEMO_EMAIL, name: 'Demo Tutor', clpEditor: true });
  return { orgCode: DEMO_ORG_CODE, email: DEMO_EMAIL, password };
}
