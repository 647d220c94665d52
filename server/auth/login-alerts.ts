import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import type { UserRecord } from '../store/user-queries';

export const LOGIN_ALERT_TITLE = '账号登录异常提醒';
const ALERT_CATEGORY = '安全提醒';

export type LoginAlert = { kind: 'sourceLocked'; ip: string | null } | { kind: 'repeatedFailures'; failures: number; sources: number };

function describe(alert: LoginAlert, minutes: number): { summary: string; content: string } {
  const advice = '如非本人操作，请在“安全中心”修改密码并查看登录记录；您本人从常用网络登录不受影响。';
  if (alert.kind === 'sourceLocked') {
    const from = alert.ip ?? '未知地址';
    return {
      summary: `来自 ${from} 的登录多次密码错误，该地址已被暂停登录 ${minutes} 分钟`,
      content: `您的账号最近有多次来自 ${from} 的登录密码错误，该地址已被暂停登录 ${minutes} 分钟。${advice}`,
    };
  }
  return {
    summary: `${minutes} 分钟内登录失败 ${alert.failures} 次（来自 ${alert.sources} 个地址），登录已需图形验证码`,
    content: `您的账号在 ${minutes} 分钟内登录失败 ${alert.failures} 次，来自 ${alert.sources} 个地址；在此期间，任何地址登录该账号都须输入图形验证码。${advice}`,
  };
}

/**
 * Tells an account's owner in 站内消息 that someone keeps failing its password: at most one
 * reminder per window, so a long attack does not bury the owner in notices.
 */
export class LoginAlerts {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  async notify(user: UserRecord, alert: LoginAlert): Promise<void> {
    const now = this.clock.now();
    if (await this.store.notices.sentToUserSince(user.id, LOGIN_ALERT_TITLE, new Date(now.getTime() - this.windowMs))) return;
    const text = describe(alert, Math.round(this.windowMs / 60_000));
    await this.store.notices.create({ tenantId: user.tenantId, userId: user.id, title: LOGIN_ALERT_TITLE, category: ALERT_CATEGORY, publishTime: now, ...text });
  }
}
