import { randomInt } from 'node:crypto';
import { badInput } from '../api/envelope';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import type { UserRecord } from '../store/user-queries';
import type { SmsProvider } from './sms-provider';

const CODE_TTL_MS = 5 * 60_000;
const SEND_INTERVAL_MS = 60_000;
/** Wrong guesses before a code is burnt (a 6-digit code must not be brute-forced in 5 minutes). */
const MAX_ATTEMPTS = 5;

export const WRONG_SMS_CODE = '验证码错误或已过期';

/** SMS login: a 6-digit code, valid 5 minutes, at most one send per phone per minute. */
export class SmsLoginService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly provider: SmsProvider | undefined,
  ) {}

  get enabled(): boolean {
    return this.provider !== undefined;
  }

  async send(phone: string): Promise<void> {
    if (!this.provider) throw badInput('短信登录未开启');
    const now = this.clock.now();
    const previous = await this.store.login.findSmsCode(phone);
    if (previous && now.getTime() - previous.sentAt.getTime() < SEND_INTERVAL_MS) throw badInput('发送过于频繁，请稍后再试');
    const user = await this.store.users.findByPhone(phone);
    // Unknown phones get the same answer, so the endpoint does not reveal who has an account.
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.store.login.saveSmsCode({ phone, code, sentAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
    if (user && !user.disabled) await this.provider.send(phone, `【天路】您的登录验证码为 ${code}，5 分钟内有效，请勿泄露。`);
  }

  async login(phone: string, smsCode: string): Promise<UserRecord> {
    if (!this.provider) throw badInput('短信登录未开启');
    const now = this.clock.now();
    const sms = await this.store.login.findSmsCode(phone);
    if (!sms || sms.expiresAt.getTime() <= now.getTime() || sms.attempts >= MAX_ATTEMPTS) throw badInput(WRONG_SMS_CODE);
    if (sms.code !== smsCode.trim()) {
      await this.store.login.countSmsAttempt(phone);
      throw badInput(WRONG_SMS_CODE);
    }
    const user = await this.store.users.findByPhone(phone);
    await this.store.login.spendSmsCode(phone, now);
    if (!user || user.disabled) throw badInput(WRONG_SMS_CODE);
    return user;
  }
}
