import type { FastifyRequest } from 'fastify';
import type { DefaultTestSettings } from '../../../shared/domain/testSettings';
import { authOf } from '../../http/context';
import { effectiveFlag } from '../accounts/presenter';
import type { EditorCaller } from './repository';

/** The signed-in tutor as the editor's rules see them: every module's routes take it from here, never from another's routes. */
export function callerOf(request: FastifyRequest): EditorCaller {
  const { user, org } = authOf(request);
  return {
    orgId: org.id,
    userId: user.id,
    sharedGlobal: effectiveFlag(user, org, 'is_shared_global'),
    clpEditor: user.is_clp_editor,
    allowGpscType: effectiveFlag(user, org, 'allow_gpsc_type'),
    tbTests: effectiveFlag(user, org, 'is_tb_test_enabled'),
    defaultSettings: user.default_settings as Partial<DefaultTestSettings> | null,
  };
}
