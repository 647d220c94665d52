import { WRONG_SMS_CODE } from '../../auth/sms-login-service';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { SecurityApi } from '../../../sdk/contracts/center';
import { maskPhone } from '../admin/contact-privacy';

/** 安全中心 › 手机绑定: a code to the new phone (60 s between sends; a phone of another account is refused). */
export const sendSmsCodeRoute = sessionRoute.of(SecurityApi.sendSmsCode, {
  rateLimit: 'sms',
  anyUser: true,
  handler: async ({ body, user, deps }) => {
    await deps.smsLogin.sendBindCode(user, body.phone);
    return null;
  },
});

/** Binds the phone to the caller once the code it received is confirmed. */
export const phoneCodeVerifyRoute = sessionRoute.of(SecurityApi.phoneCodeVerify, {
  anyUser: true,
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
