import { subscriptionFlags } from '@shared/domain/subscription';
import type { AuthUser } from '@shared/api/types';
import type { ServerConfig } from '../../config';
import type { Organization, User } from '../../db/schema';
import { effectiveFlag } from '../../access';

const DEFAULT_REGION = { dateTimeStamp: 'DD MMM YYYY' };

/** The Auth user of spec section 3, as `POST /auth/login` and `GET /auth/user` answer it. */
export function presentUser(user: User, org: Organization, config: ServerConfig, now = new Date()): AuthUser {
  const flags = subscriptionFlags(new Date(org.subscription_ends_at), now);
  const previewBase = `${config.publicUrl}/t/preview`;
  return {
    _id: user.id,
    userId: user.id,
    name: user.name,
    email: user.email,
    contact: { countryCode: user.country_code ?? '', mobile: user.mobile ?? '' },
    role: user.role,
    allowSharing: effectiveFlag(user, org, 'allow_sharing'),
    organization: { id: org.id, code: org.code, name: org.name },
    allowGpscType: effectiveFlag(user, org, 'allow_gpsc_type'),
    whitelabelId: org.whitelabel_id,
    isFirstLogin: user.is_first_login,
    isSharedGlobal: effectiveFlag(user, org, 'is_shared_global'),
    isTbTestEnabled: effectiveFlag(user, org, 'is_tb_test_enabled'),
    isBilingualEnabled: effectiveFlag(user, org, 'is_bilingual_enabled'),
    enableViduParser: effectiveFlag(user, org, 'enable_vidu_parser'),
    isCLPEditor: user.is_clp_editor,
    cmsTestPreviewUrl: previewBase,
    tbTestPreviewUrl: `${previewBase}?type=TB_TEST`,
    cmsPreviewUrl: previewBase,
    tbPreviewUrl: `${previewBase}?type=TB_TEST`,
    buildType: 'web',
    region: { ...DEFAULT_REGION, ...org.region, ...(user.region ?? {}) },
    orgLocation: org.org_location,
    subscriptionEndsAt: new Date(org.subscription_ends_at).toISOString(),
    ...flags,
  };
}
