import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { createOrg, createUser } from './modules/orgs/commands';
import { OrgsRepository } from './modules/orgs/repository';
import { LibraryRepository } from './modules/library/repository';
import { newId } from './security';

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
  const { user, password } = await createUser(db, { orgCode: DEMO_ORG_CODE, email: DEMO_EMAIL, name: 'Demo Tutor', clpEditor: true });
  await seedDemoLibrary(db, user.org_id, user.id);
  return { orgCode: DEMO_ORG_CODE, email: DEMO_EMAIL, password };
}

/** A small library to explore: nested folders and a few tests, one of them recently opened. */
async function seedDemoLibrary(db: Kysely<Database>, orgId: string, userId: string): Promise<void> {
  const library = new LibraryRepository(db);
  const scope = { orgId, userId, isGlobal: false };
  const maths = await library.createFolder(scope, { name: 'Mathematics', details: 'Grade 10', parent: null });
  const algebra = await library.createFolder(scope, { name: 'Algebra', details: '', parent: maths });
  const physics = await library.createFolder(scope, { name: 'Physics', details: 'Grade 11', parent: null });
  const tests: [string, string | null, string[], number][] = [
    ['Linear equations: practice', algebra.id, ['algebra', 'grade 10'], 30],
    ['Quadratic equations: unit test', algebra.id, ['algebra'], 45],
    ['Kinematics quiz', physics.id, ['physics', 'motion'], 20],
    ['Welcome test', null, ['demo'], 30],
  ];
  const now = Date.now();
  await new OrgsRepository(db).addTests(
    tests.map(([name, folderId, tags, minutes], index) => ({
      id: newId(),
      org_id: orgId,
      owner_id: userId,
      parent_folder_id: folderId,
      name,
      tags: JSON.stringify(tags),
      duration_ms: minutes * 60_000,
      languages: JSON.stringify(['English']),
      content: JSON.stringify({ sections: [] }),
      shared_by: null,
      opened_at: index < 2 ? new Date(now - index * 60_000) : null,
    })),
  );
}
