import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import { callerFrom, callerOf, effectiveFlag } from './caller';
import { orgRow, userRow } from './testing';
// @database-neutral: it opens no database (its subject is pure code over stand-ins), so it runs once (jest.config.js).

describe('the caller', () => {
  it('takes a flag from the organisation when the user has none of their own', () => {
    expect(effectiveFlag(userRow(), orgRow({ is_shared_global: true }), 'is_shared_global')).toBe(true);
  });

  it("lets a user's own flag turn off what the organisation allows (a disabled flag)", () => {
    const caller = callerFrom(userRow({ allow_sharing: false, is_tb_test_enabled: false }), orgRow({ allow_sharing: true, is_tb_test_enabled: true }));
    expect(caller).toMatchObject({ allowSharing: false, tbTests: false });
  });

  it('is a CLP editor only by the user row, never by the organisation', () => {
    expect(callerFrom(userRow(), orgRow()).clpEditor).toBe(false);
    expect(callerFrom(userRow({ is_clp_editor: true }), orgRow()).clpEditor).toBe(true);
  });

  it('carries the organisation and the user the rules compare rows with', () => {
    expect(callerFrom(userRow({ id: 'u-9' }), orgRow({ id: 'org-9' }))).toMatchObject({ orgId: 'org-9', userId: 'u-9' });
  });

  it('is nobody for a request without a tutor session (a student, or no one): 401', () => {
    const student = { auth: null } as unknown as FastifyRequest;
    let thrown: unknown;
    try {
      callerOf(student);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ statusCode: 401 });
  });
});
