import { WRONG_SMS_CODE } from '../../auth/sms-login-service';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { object, requiredText } from '../schema-helpers';
import { maskPhone } from '../system/contact-privacy';

const PHONE = { pattern: '^1[3-9]\\d{9}$' };

/** 安全中心 › 手机绑定: a code to the new phone (60 s between sends; a phone of another account is refused). */
export const sendSmsCodeRoute = sessionRoute<unknown, { phone: string }>({
  method: 'POST',
  url: '/car/v1/api/user/sendSmsCode.json',
  rateLimit: 'sms',
  summary: '发送绑定手机号的短信验证码（每个手机号、每个用户 60 秒一次，5 分钟有效）',
  anyUser: true,
  schema: { body: object({ phone: requiredText('手机号', 11, PHONE) }, ['phone']) },
  handler: async ({ body, user, deps }) => {
    await deps.smsLogin.sendBindCode(user, body.phone);
    return null;
  },
});

/** Binds the phone to the caller once the code it received is confirmed. */
export const phoneCodeVerifyRoute = sessionRoute<unknown, { phone: string; code: string }>({
  method: 'POST',
  url: '/car/v1/api/user/phoneCodeVerify.json',
  summary: '校验短信验证码并绑定手机号',
  anyUser: true,
  schema: {
    body: object({ phone: requiredText('手机号', 11, PHONE), code: requiredText('验证码', 10) }, ['phone', 'code']),
  },
  handler: async ({ body, user, deps, audit }) => {
    if (!(await deps.smsLogin.verifyBindCode(user, body.phone, body.code))) throw badInput(WRONG_SMS_CODE);
    if (await deps.store.security.phoneHolder(body.phone, user.id)) throw badInput('该手机号已被其他账号绑定');
    const before = await deps.store.security.profile(user.id);
    await deps.store.security.bindPhone(user.id, body.phone);
    // the log is read by others: a hidden phone stays masked there too
    const logged = (phone: string | null) => (phone && before?.privacy.hidePhone ? maskPhone(phone) : phone);
    await audit({
      action: '绑定手机号',
      target: `用户 ${user.account}`,
      before: { phone: logged(before?.phone ?? null), phoneVerified: before?.phoneVerified ?? false },
      after: { phone: logged(body.phone), phoneVerified: true },
    });
    return { phone: body.phone, phoneVerified: true };
  },
});
