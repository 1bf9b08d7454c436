import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database, Organization, User } from '../db/schema';
import type { Caller } from './caller';

/** Kysely that only compiles: the rules' where-builders are read as SQL, no database needed. */
export const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export const ORG = 'org-a';
export const OTHER_ORG = 'org-b';

/** A tutor of ORG with every feature off unless `overrides` turns it on. */
export function tutor(overrides: Partial<Caller> = {}): Caller {
  return {
    orgId: ORG,
    userId: 'tutor-1',
    sharedGlobal: false,
    clpEditor: false,
    allowGpscType: false,
    tbTests: false,
    allowSharing: false,
    defaultSettings: null,
    ...overrides,
  };
}

const NO_FLAGS = {
  is_shared_global: null,
  allow_gpsc_type: null,
  is_tb_test_enabled: null,
  allow_sharing: null,
  is_bilingual_enabled: null,
  enable_vidu_parser: null,
};

export function userRow(overrides: Partial<User> = {}): User {
  return { id: 'tutor-1', org_id: ORG, is_clp_editor: false, default_settings: null, ...NO_FLAGS, ...overrides } as unknown as User;
}

export function orgRow(overrides: Partial<Organization> = {}): Organization {
  const off = Object.fromEntries(Object.keys(NO_FLAGS).map((flag) => [flag, false]));
  return { id: ORG, ...off, ...overrides } as unknown as Organization;
}
