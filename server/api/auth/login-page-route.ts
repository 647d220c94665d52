import { AuthApi } from '../../../sdk/contracts/kernel';
import { publicRoute } from '../route-definition';

export const loginPageRoute = publicRoute.of(AuthApi.loginPage, {
  aliases: ['/oauthToken/loginPage'],
  rateLimit: 'loginPage',
  handler: ({ query, deps }) => deps.login.openPage(query.account?.trim() || undefined),
});

export const getCodeRoute = publicRoute.of(AuthApi.imageCode, {
  aliases: ['/oauthToken/getCode'],
  rateLimit: 'loginPage',
  handler: async ({ query, deps }) => ({ image: await deps.login.imageCode(query.pageId) }),
});
