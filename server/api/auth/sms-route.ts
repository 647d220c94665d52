import { AuthApi } from '../../../sdk/contracts/kernel';
import { publicRoute } from '../route-definition';

export const sendLoginSmsRoute = publicRoute.of(AuthApi.sendLoginSms, {
  rateLimit: 'sms',
  handler: async ({ query, deps }) => {
    await deps.smsLogin.send(query.phone);
    return null;
  },
});
