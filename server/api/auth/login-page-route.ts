import { publicRoute } from '../route-definition';
import { object, requiredText, text } from '../schema-helpers';

export const loginPageRoute = publicRoute<{ account?: string }>({
  method: 'GET',
  url: '/oauth/loginPage',
  aliases: ['/oauthToken/loginPage'],
  rateLimit: 'loginPage',
  summary: '登录页：AES 口令（10 分钟有效）与是否需要图形验证码',
  schema: { querystring: object({ account: text('账号', 64) }) },
  handler: ({ query, deps }) => deps.login.openPage(query.account?.trim() || undefined),
});

export const getCodeRoute = publicRoute<{ pageId: string }>({
  method: 'GET',
  url: '/oauth/getCode',
  aliases: ['/oauthToken/getCode'],
  rateLimit: 'loginPage',
  summary: '图形验证码（data URL），答案绑定到登录页',
  schema: { querystring: object({ pageId: requiredText('登录页标识', 64) }, ['pageId']) },
  handler: async ({ query, deps }) => ({ image: await deps.login.imageCode(query.pageId) }),
});
