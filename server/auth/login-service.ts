import { randomBytes } from 'node:crypto';
import { refuseInput } from '../domain-error';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import type { UserRecord } from '../store/user-queries';
import { createImageCode, imageCodeMatches } from './image-code';
import { LoginAlerts } from './login-alerts';
import { decryptPassword, newPageKey } from './password-cipher';
import { verifyAgainstDummy, verifyPassword } from './password-hasher';

const PAGE_TTL_MS = 10 * 60_000;
/** Failures older than this no longer count towards the image code. */
const FAILURE_WINDOW_MS = 30 * 60_000;
/** This many failures of an account from any addresses make every login of it answer an image code. */
export const CODE_AFTER_FAILURES = 3;
/**
 * This many failures of one account name from one address within LOCK_WINDOW_MS lock that address
 * out of it (known account or not); the owner elsewhere still logs in, with the image code.
 */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_WINDOW_MS = 15 * 60_000;
/** This many failures of a known account from any addresses within LOCK_WINDOW_MS tell its owner (站内消息). */
export const ALERT_AFTER_FAILURES = 10;

export const WRONG_CREDENTIALS = '账号或密码错误';
export const ACCOUNT_LOCKED = '登录失败次数过多，请 15 分钟后再试';

export interface PasswordLoginInput {
  account: string;
  password: string;
  pageId: string;
  code?: string;
  /** The caller's address, for the login history. */
  ip?: string | null;
}

/**
 * Password login with a per-page AES key, the image code every address must answer once an
 * account failed a few times, and the lock of an address that failed an account many times (so a
 * stranger cannot lock the owner out). The owner is told of repeated failures. Answers never tell
 * whether an account exists: an unknown account is counted, coded and locked exactly like a known
 * one. Every attempt goes to the login history (安全中心 › 登录记录).
 */
export class LoginService {
  private readonly alerts: LoginAlerts;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.alerts = new LoginAlerts(store, clock, LOCK_WINDOW_MS);
  }

  async needsCode(account: string | undefined): Promise<boolean> {
    if (!account) return false;
    const since = new Date(this.clock.now().getTime() - FAILURE_WINDOW_MS);
    return (await this.store.login.countFailuresSince(account, since)) >= CODE_AFTER_FAILURES;
  }

  async openPage(account?: string): Promise<{ pageId: string; key: string; needCode: boolean }> {
    const now = this.clock.now();
    const page = { pageId: randomBytes(16).toString('hex'), key: newPageKey(), codeAnswer: null, expiresAt: new Date(now.getTime() + PAGE_TTL_MS) };
    await this.store.login.createPage(page, now);
    return { pageId: page.pageId, key: page.key, needCode: await this.needsCode(account) };
  }

  /** A new image code for the page; the previous one stops working. */
  async imageCode(pageId: string): Promise<string> {
    await this.requirePage(pageId);
    const code = createImageCode();
    await this.store.login.setCodeAnswer(pageId, code.answer);
    return code.dataUrl;
  }

  /** Whether the account name is locked for this address: too many failures from it in the last LOCK_WINDOW_MS. */
  async isLocked(account: string, ip: string | null): Promise<boolean> {
    const since = new Date(this.clock.now().getTime() - LOCK_WINDOW_MS);
    return (await this.store.login.countFailuresSince(account, since, { ip })) >= LOCK_AFTER_FAILURES;
  }

  /**
   * Counts a failed password check of the account from an address (login, or the old password
   * when changing it); tells a known account's owner when the address got locked or the account
   * keeps failing from several.
   */
  async countFailure(account: string, ip: string | null, user?: UserRecord): Promise<void> {
    const now = this.clock.now();
    await this.store.login.recordFailure(account, ip, now);
    if (!user) return;
    const since = new Date(now.getTime() - LOCK_WINDOW_MS);
    if ((await this.store.login.countFailuresSince(account, since, { ip })) >= LOCK_AFTER_FAILURES) {
      await this.alerts.notify(user, { kind: 'sourceLocked', ip });
      return;
    }
    const failures = await this.store.login.countFailuresSince(account, since);
    if (failures >= ALERT_AFTER_FAILURES) {
      await this.alerts.notify(user, { kind: 'repeatedFailures', failures, sources: await this.store.login.countFailureSourcesSince(account, since) });
    }
  }

  /** The user on success; otherwise throws a bad-input DomainError (flag 400) with `{needCode}` (and `locked: true` while locked). */
  async login(input: PasswordLoginInput): Promise<UserRecord> {
    const page = await this.requirePage(input.pageId);
    const user = await this.store.users.findByAccount(input.account);
    const attempt = (result: 'success' | 'failure' | 'locked') =>
      this.store.login.recordAttempt({
        userId: user?.id ?? null, tenantId: user?.tenantId ?? null, account: input.account, ip: input.ip ?? null, result, method: 'password', at: this.clock.now(),
      });
    const ip = input.ip ?? null;
    if (await this.isLocked(input.account, ip)) {
      await attempt('locked');
      throw refuseInput(ACCOUNT_LOCKED, { needCode: true, locked: true });
    }
    const needCode = await this.needsCode(input.account);
    if (needCode) {
      const matches = imageCodeMatches(page.codeAnswer, input.code);
      // An image code answers one attempt only, right or wrong.
      if (page.codeAnswer !== null) await this.store.login.setCodeAnswer(page.pageId, null);
      if (!input.code || !matches) {
        await attempt('failure');
        throw refuseInput(input.code ? '图形验证码错误' : '请输入图形验证码', { needCode: true });
      }
    }
    const password = decryptPassword(input.password, page.key);
    const valid =
      user && password !== undefined && !user.disabled ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password ?? '');
    if (!valid || !user) {
      await this.countFailure(input.account, ip, user);
      await attempt('failure');
      throw refuseInput(WRONG_CREDENTIALS, { needCode: await this.needsCode(input.account) });
    }
    // only this address's failures: a success here does not lift another address's lock
    await this.store.login.clearFailures(input.account, ip);
    await this.store.login.deletePage(page.pageId);
    await attempt('success');
    return user;
  }

  private async requirePage(pageId: string) {
    const page = await this.store.login.findPage(pageId, this.clock.now());
    if (!page) throw refuseInput('登录页已过期，请刷新后重试', { needCode: false, pageExpired: true });
    return page;
  }
}
