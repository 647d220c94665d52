import { publicRoute } from '../route-definition';
import { object, requiredText } from '../schema-helpers';

const PHONE = '^1[3-9]\\d{9}$';

export const sendLoginSmsRoute = publicRoute<{ phone: string }>({
  method: 'GET',
  url: '/oauth/sendLoginSms',
  rateLimit: 'sms',
  summary: '发送短信登录验证码（每个手机号 60 秒一次，5 分钟有效）',
  schema: { querystring: object({ phone: requiredText('手机号', 11, { pattern: PHONE }) }, ['phone']) },
  handler: async ({ query, deps }) => {
    await deps.smsLogin.send(query.phone);
    return null;
  },
});
