import { DEFAULT_PRIVACY, type SecurityProfile } from '../../store/security-queries';
import type { UserRecord } from '../../store/user-queries';
import { KernelApi } from '../../../sdk/contracts/kernel';
import { sessionRoute } from '../route-definition';

/** The user as the console sees it (sdk `User`). */
export function publicUser(user: UserRecord, security?: SecurityProfile) {
  return {
    userId: user.id,
    account: user.account,
    name: user.name,
    tenantId: user.tenantId,
    tenantName: user.tenantName,
    roleId: user.roleId,
    ...(user.phone ? { phone: user.phone } : {}),
    ...(user.chatLogo ? { chatLogo: user.chatLogo } : {}),
    phoneVerified: security?.phoneVerified ?? false,
    privacy: security?.privacy ?? { ...DEFAULT_PRIVACY },
    wxBound: security?.wxBound ?? false,
  };
}

export const getUserRoute = sessionRoute.of(KernelApi.user, {
  anyUser: true,
  handler: async ({ user, deps }) => publicUser(user, await deps.store.security.profile(user.id)),
});
