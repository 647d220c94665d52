import { randomBytes } from 'node:crypto';
import { ApiError, badInput, Flag } from '../api/envelope';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import type { UserRecord } from '../store/user-queries';
import { createImageCode, imageCodeMatches } from './image-code';
import { decryptPassword, newPageKey } from './password-cipher';
import { verifyAgainstDummy, verifyPassword } from './password-hasher';

const PAGE_TTL_MS = 10 * 60_000;
/** Failures older than this no longer count towards the image code. */
const FAILURE_WINDOW_MS = 30 * 60_000;
export const CODE_AFTER_FAILURES = 3;
/** This many failures of one account name within LOCK_WINDOW_MS lock it (known account or not). */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_WINDOW_MS = 15 * 60_000;

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
 * Password login with a per-page AES key, the image code that follows repeated failures and the
 * lock after many failures. Answers never tell whether an account exists: an unknown account is
 * counted, coded and locked exactly like a known one. Every attempt goes to the login history.
 */
export class LoginService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

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

  /** Whether the account name is locked: too many failures in the last LOCK_WINDOW_MS. */
  async isLocked(account: string): Promise<boolean> {
    const since = new Date(this.clock.now().getTime() - LOCK_WINDOW_MS);
    return (await this.store.login.countFailuresSince(account, since)) >= LOCK_AFTER_FAILURES;
  }

  /** Counts a failed password check of the account (login, or the old password when changing it). */
  async countFailure(account: string): Promise<void> {
    await this.store.login.recordFailure(account, this.clock.now());
  }

  /** The user on success; otherwise throws flag 400 with `{needCode}` (and `locked: true` while locked). */
  async login(input: PasswordLoginInput): Promise<UserRecord> {
    const page = await this.requirePage(input.pageId);
    const user = await this.store.users.findByAccount(input.account);
    const attempt = (result: 'success' | 'failure' | 'locked') =>
      this.store.login.recordAttempt({
        userId: user?.id ?? null, tenantId: user?.tenantId ?? null, account: input.account, ip: input.ip ?? null, result, method: 'password', at: this.clock.now(),
      });
    if (await this.isLocked(input.account)) {
      await attempt('locked');
      throw badInput(ACCOUNT_LOCKED, { needCode: true, locked: true });
    }
    const needCode = await this.needsCode(input.account);
    if (needCode) {
      const matches = imageCodeMatches(page.codeAnswer, input.code);
      // An image code answers one attempt only, right or wrong.
      if (page.codeAnswer !== null) await this.store.login.setCodeAnswer(page.pageId, null);
      if (!input.code || !matches) {
        await attempt('failure');
        throw badInput(input.code ? '图形验证码错误' : '请输入图形验证码', { needCode: true });
      }
    }
    const password = decryptPassword(input.password, page.key);
    const valid =
      user && password !== undefined && !user.disabled ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password ?? '');
    if (!valid || !user) {
      await this.countFailure(input.account);
      await attempt('failure');
      throw badInput(WRONG_CREDENTIALS, { needCode: await this.needsCode(input.account) });
    }
    await this.store.login.clearFailures(input.account);
    await this.store.login.deletePage(page.pageId);
    await attempt('success');
    return user;
  }

  private async requirePage(pageId: string) {
    const page = await this.store.login.findPage(pageId, this.clock.now());
    if (!page) throw new ApiError(Flag.BAD_INPUT, '登录页已过期，请刷新后重试', { needCode: false, pageExpired: true });
    return page;
  }
}
