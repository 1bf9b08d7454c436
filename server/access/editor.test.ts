import { AppError } from '../http/errors';
import { assertMayChangeTest, assertMayMakeTbTest, foldersOfLibraryOf, testsVisibleTo } from './editor';
import { assertSameOrg, assertSelf } from './org';
import { compiler, ORG, OTHER_ORG, tutor } from './testing';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

const statusOf = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    return error instanceof AppError ? error.statusCode : error;
  }
  return 'allowed';
};

describe('tests a caller may open', () => {
  it('are only their own, in their organisation, without shared-global access', () => {
    const query = compiler.selectFrom('tests').select('id').where(testsVisibleTo(tutor())).compile();
    expect(query.sql).toBe('select "id" from "tests" where ("org_id" = $1 and "owner_id" = $2 and "is_global" = $3)');
    expect(query.parameters).toEqual([ORG, 'tutor-1', false]);
  });

  it('include the Global Library with shared-global access', () => {
    const query = compiler
      .selectFrom('tests')
      .select('id')
      .where(testsVisibleTo(tutor({ sharedGlobal: true })))
      .compile();
    expect(query.sql).toBe('select "id" from "tests" where (("org_id" = $1 and "owner_id" = $2 and "is_global" = $3) or "is_global" = $4)');
  });

  it("never include another organisation's tests: the caller's organisation is always compared", () => {
    const attacker = tutor({ orgId: OTHER_ORG, sharedGlobal: true });
    expect(compiler.selectFrom('tests').select('id').where(testsVisibleTo(attacker)).compile().parameters[0]).toBe(OTHER_ORG);
  });
});

describe('changing a test', () => {
  it('is refused (403) for a Global Library test unless the caller is a CLP editor', () => {
    expect(statusOf(() => assertMayChangeTest(tutor({ sharedGlobal: true }), { is_global: true }))).toBe(403);
    expect(statusOf(() => assertMayChangeTest(tutor({ sharedGlobal: true, clpEditor: true }), { is_global: true }))).toBe('allowed');
    expect(statusOf(() => assertMayChangeTest(tutor(), { is_global: false }))).toBe('allowed');
  });

  it('into a TB test needs the TB tests feature (403 when it is off)', () => {
    expect(statusOf(() => assertMayMakeTbTest(tutor()))).toBe(403);
    expect(statusOf(() => assertMayMakeTbTest(tutor({ tbTests: true })))).toBe('allowed');
  });

  it('moves it only to folders of its own library', () => {
    const own = compiler
      .selectFrom('folders')
      .select('id')
      .where(foldersOfLibraryOf({ is_global: false, org_id: ORG, owner_id: 'tutor-1' }))
      .compile();
    expect(own.parameters).toEqual([ORG, 'tutor-1', false]);
    const global = compiler
      .selectFrom('folders')
      .select('id')
      .where(foldersOfLibraryOf({ is_global: true, org_id: ORG, owner_id: null }))
      .compile();
    expect(global.sql).toBe('select "id" from "folders" where "is_global" = $1');
  });
});

describe('naming an organisation or a user', () => {
  it("answers 404 for another organisation's id, as for a missing one", () => {
    expect(statusOf(() => assertSameOrg(tutor(), OTHER_ORG, 'organisation'))).toBe(404);
    expect(statusOf(() => assertSameOrg(tutor(), ORG, 'organisation'))).toBe('allowed');
  });

  it('answers 404 for a user other than the caller', () => {
    expect(statusOf(() => assertSelf(tutor(), 'someone-else'))).toBe(404);
  });
});
