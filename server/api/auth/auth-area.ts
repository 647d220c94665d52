import type { ApiArea } from '../route-registry';
import { getConfigRoute } from './get-config-route';
import { getCodeRoute, loginPageRoute } from './login-page-route';
import { logoutRoute } from './logout-route';
import { sendLoginSmsRoute } from './sms-route';
import { tokenRoute } from './token-route';

export const authArea: ApiArea = {
  name: 'auth',
  routes: [getConfigRoute, loginPageRoute, getCodeRoute, tokenRoute, sendLoginSmsRoute, logoutRoute],
};
