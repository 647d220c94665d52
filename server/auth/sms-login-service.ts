import { randomInt } from 'node:crypto';
import { refuseInput } from '../domain-error';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import type { UserRecord } from '../store/user-queries';
import { codeFields, type TextMessages } from '../notify/text-messages';

const CODE_MINUTES = 5;
const CODE_TTL_MS = CODE_MINUTES * 60_000;
const SEND_INTERVAL_MS = 60_000;
/** Wrong guesses before a code is burnt (a 6-digit code must not be brute-forced in 5 minutes). */
const MAX_ATTEMPTS = 5;

export const WRONG_SMS_CODE = '验证码错误或已过期';
/** A provider did not take the text: the user is told, never a silent success. */
export const SMS_NOT_SENT = '短信发送失败，请稍后重试';

/** Code key of a phone-binding code: a user's code for a phone is not a login code. */
const bindKey = (userId: number, phone: string) => `bind:${userId}:${phone}`;

/**
 * SMS codes: 6 digits, valid 5 minutes, burnt after 5 wrong guesses. Login codes, and the codes
 * that bind a phone to an account (安全中心); at most one send per phone per minute whatever the
 * purpose, and one binding code per user per minute. They go out at once through the SMS channel
 * of the user's tenant (else the platform's, else SMS_PROVIDER), on record in 推送记录.
 */
export class SmsLoginService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly texts: TextMessages,
  ) {}

  /** SMS login is on when every user's code has somewhere to go: SMS_PROVIDER, or the platform's SMS channel. */
  async enabled(): Promise<boolean> {
    return this.texts.available('login-code');
  }

  /** Refuses a send within a minute of the latest send to these keys. */
  private async rateLimit(keys: { exact?: string; like?: string }[], now: Date): Promise<void> {
    const last = await this.store.login.lastSmsSentAt(keys);
    if (last && now.getTime() - last.getTime() < SEND_INTERVAL_MS) throw refuseInput('发送过于频繁，请稍后再试');
  }

  async send(phone: string): Promise<void> {
    if (!(await this.enabled())) throw refuseInput('短信登录未开启');
    const now = this.clock.now();
    await this.rateLimit([{ exact: phone }, { like: `bind:%:${phone}` }], now);
    const user = await this.store.users.findByPhone(phone);
    // Unknown phones get the same answer, so the endpoint does not reveal who has an account.
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.store.login.saveSmsCode({ phone, code, sentAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
    if (user && !user.disabled) {
      await this.text(user.tenantId, phone, 'login-code', code, `【天路】您的登录验证码为 ${code}，${CODE_MINUTES} 分钟内有效，请勿泄露。`);
    }
  }

  /** Sends a code; a provider that did not take it is the user's error message. */
  private async text(tenantId: number, phone: string, purpose: 'login-code' | 'bind-code', code: string, text: string): Promise<void> {
    const outcome = await this.texts.send({ tenantId, phone, purpose, text, fields: codeFields(code, CODE_MINUTES), secret: code });
    if (!outcome.sent) throw refuseInput(SMS_NOT_SENT);
  }

  async login(phone: string, smsCode: string, ip: string | null = null): Promise<UserRecord> {
    if (!(await this.enabled())) throw refuseInput('短信登录未开启');
    const user = await this.store.users.findByPhone(phone);
    const attempt = (result: 'success' | 'failure') =>
      this.store.login.recordAttempt({
        userId: user?.id ?? null, tenantId: user?.tenantId ?? null, account: user?.account ?? phone, ip, result, method: 'sms', at: this.clock.now(),
      });
    if (!(await this.checkCode(phone, smsCode)) || !user || user.disabled) {
      await attempt('failure');
      throw refuseInput(WRONG_SMS_CODE);
    }
    await attempt('success');
    return user;
  }

  /** Sends a code that binds `phone` to the user (安全中心 › 手机绑定). */
  async sendBindCode(user: UserRecord, phone: string): Promise<void> {
    if (!(await this.texts.available('bind-code', user.tenantId))) throw refuseInput('短信服务未开启');
    if (await this.store.security.phoneHolder(phone, user.id)) throw refuseInput('该手机号已被其他账号绑定');
    const profile = await this.store.security.profile(user.id);
    if (profile?.phone === phone && profile.phoneVerified) throw refuseInput('该手机号已绑定当前账号');
    const now = this.clock.now();
    await this.rateLimit([{ exact: phone }, { like: `bind:%:${phone}` }, { like: `bind:${user.id}:%` }], now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.store.login.saveSmsCode({ phone: bindKey(user.id, phone), code, sentAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
    await this.text(user.tenantId, phone, 'bind-code', code, `【天路】您正在绑定手机号，验证码为 ${code}，${CODE_MINUTES} 分钟内有效，请勿泄露。`);
  }

  /** True when the code sent to `phone` for this user matches; it is spent then. */
  async verifyBindCode(user: UserRecord, phone: string, smsCode: string): Promise<boolean> {
    return this.checkCode(bindKey(user.id, phone), smsCode);
  }

  /** Checks a code: counts a wrong guess, spends a right one. */
  private async checkCode(key: string, smsCode: string): Promise<boolean> {
    const now = this.clock.now();
    const sms = await this.store.login.findSmsCode(key);
    if (!sms || sms.expiresAt.getTime() <= now.getTime() || sms.attempts >= MAX_ATTEMPTS) return false;
    if (sms.code !== smsCode.trim()) {
      await this.store.login.countSmsAttempt(key);
      return false;
    }
    await this.store.login.spendSmsCode(key, now);
    return true;
  }
}
