import { AppError } from '../http/errors';
import { assertMayShare, inScope, libraryScope, mayReadGlobal } from './library';
import { compiler, ORG, OTHER_ORG, tutor } from './testing';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, code: error.code } : error;
  }
  return undefined;
};

describe('the library scope', () => {
  it("is the caller's own My Library, read or written", () => {
    expect(libraryScope(tutor(), false, 'write')).toEqual({ orgId: ORG, userId: 'tutor-1', isGlobal: false });
  });

  it('hides the Global Library (404) from a tutor without shared-global access', () => {
    expect(refusal(() => libraryScope(tutor(), true, 'read'))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(mayReadGlobal(tutor())).toBe(false);
  });

  it('lets a tutor with shared-global access read the Global Library, not write it (403)', () => {
    const reader = tutor({ sharedGlobal: true });
    expect(libraryScope(reader, true, 'read').isGlobal).toBe(true);
    expect(refusal(() => libraryScope(reader, true, 'write'))).toEqual({ status: 403, code: 'GLOBAL_READ_ONLY' });
  });

  it('lets a CLP editor write the Global Library', () => {
    expect(libraryScope(tutor({ sharedGlobal: true, clpEditor: true }), true, 'write').isGlobal).toBe(true);
  });

  it('refuses sharing (403) when the flag is off, allows it when on', () => {
    expect(refusal(() => assertMayShare(tutor()))).toEqual({ status: 403, code: 'SHARING_DISABLED' });
    expect(refusal(() => assertMayShare(tutor({ allowSharing: true })))).toBeUndefined();
  });
});

describe('rows in a scope', () => {
  /** The query reading the ids of a table's rows in the scope. */
  const idsIn = (table: 'tests' | 'folders', scope: Parameters<typeof inScope>[0]) => compiler.selectFrom(table).select('id').where(inScope(scope)).compile();

  it("are the owner's own in their organisation, never the Global Library's", () => {
    const query = idsIn('tests', { orgId: ORG, userId: 'tutor-1', isGlobal: false });
    expect(query.sql).toBe('select "id" from "tests" where ("org_id" = $1 and "owner_id" = $2 and "is_global" = $3)');
    expect(query.parameters).toEqual([ORG, 'tutor-1', false]);
  });

  it("of another organisation's tutor name that organisation: an attacker's scope never reaches ours", () => {
    expect(idsIn('folders', { orgId: OTHER_ORG, userId: 'tutor-1', isGlobal: false }).parameters).toEqual([OTHER_ORG, 'tutor-1', false]);
  });

  it('of the Global Library are the global rows, whoever reads them', () => {
    const query = idsIn('tests', { orgId: ORG, userId: 'tutor-1', isGlobal: true });
    expect(query.sql).toBe('select "id" from "tests" where "is_global" = $1');
    expect(query.parameters).toEqual([true]);
  });
});
