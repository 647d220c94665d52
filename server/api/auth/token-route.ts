import { isSecureRequest, sessionCookie } from '../../console-index';
import type { AppDeps } from '../app-deps';
import { AuthApi, type TokenBody } from '../../../sdk/contracts/kernel';
import { publicRoute } from '../route-definition';
import { requireValue } from '../schema-helpers';

async function passwordGrant(body: TokenBody, deps: AppDeps, ip: string | null) {
  return deps.login.login({
    account: requireValue(body.account, '账号'),
    password: requireValue(body.password, '密码'),
    pageId: requireValue(body.pageId, '登录页标识'),
    code: body.code?.trim() || undefined,
    ip,
  });
}

async function smsGrant(body: TokenBody, deps: AppDeps, ip: string | null) {
  return deps.smsLogin.login(requireValue(body.phone, '手机号'), requireValue(body.smsCode, '短信验证码'), ip);
}

export const tokenRoute = publicRoute.of(AuthApi.token, {
  aliases: ['/oauthToken/v4/token'],
  rateLimit: 'login',
  handler: async ({ body, deps, request, reply }) => {
    const ip = request.ip ?? null;
    const user = body.grantType === 'sms' ? await smsGrant(body, deps, ip) : await passwordGrant(body, deps, ip);
    const sessionId = await deps.sessions.start(user.id, request.ip ?? null);
    // lets the console's start page carry this user's start data; the API still takes only the header
    reply.header('set-cookie', sessionCookie(sessionId, isSecureRequest(request)));
    return { sessionId, userId: user.id };
  },
});
