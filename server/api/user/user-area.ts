import type { ApiArea } from '../route-registry';
import { getUserRoute } from './get-user-route';
import { updateUserPasswordRoute } from './password-route';
import { phoneCodeVerifyRoute, sendSmsCodeRoute } from './phone-routes';
import { loginHistoryRoute, unbindWxRelationRoute, updatePrivacyRoute } from './privacy-routes';

/** The caller's own account: profile and 安全中心. */
export const userArea: ApiArea = {
  name: 'user',
  routes: [getUserRoute, updateUserPasswordRoute, sendSmsCodeRoute, phoneCodeVerifyRoute, updatePrivacyRoute, unbindWxRelationRoute, loginHistoryRoute],
};
