import { isSecureRequest, sessionCookie } from '../../console-index';
import type { AppDeps } from '../app-deps';
import { publicRoute } from '../route-definition';
import { object, requireValue, text } from '../schema-helpers';

interface TokenBody {
  grantType?: 'password' | 'sms';
  account?: string;
  password?: string;
  pageId?: string;
  code?: string;
  phone?: string;
  smsCode?: string;
}

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

export const tokenRoute = publicRoute<unknown, TokenBody>({
  method: 'POST',
  url: '/oauth/v4/token',
  aliases: ['/oauthToken/v4/token'],
  rateLimit: 'login',
  summary: '登录（密码：AES 加密；或 grantType=sms 短信验证码），返回 sessionId',
  schema: {
    body: object({
      grantType: { type: 'string', title: '登录方式', enum: ['password', 'sms'], default: 'password' },
      account: text('账号', 64),
      password: text('密码', 1024),
      pageId: text('登录页标识', 64),
      code: text('图形验证码', 16),
      phone: text('手机号', 20),
      smsCode: text('短信验证码', 10),
    }),
  },
  handler: async ({ body, deps, request, reply }) => {
    const ip = request.ip ?? null;
    const user = body.grantType === 'sms' ? await smsGrant(body, deps, ip) : await passwordGrant(body, deps, ip);
    const sessionId = await deps.sessions.start(user.id, request.ip ?? null);
    // lets the console's start page carry this user's start data; the API still takes only the header
    reply.header('set-cookie', sessionCookie(sessionId, isSecureRequest(request)));
    return { sessionId, userId: user.id };
  },
});
