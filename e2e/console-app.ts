/** What the scenarios know about the console and its server: the fixed contracts of DESIGN.md §4. */
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const ADMIN = { account: 'admin', password: 'Admin@123' } as const;
export const OTHER = { account: 'other', password: 'Other@123' } as const;

/** The nine sub-application titles, exactly as the spec's table. */
export const SUB_APP_TITLES = ['智能车联', '智能工牌', '系统管理', '宠物守护', '数据中心', '电动车卫士', '数据报表', '电动车租赁', '新国标'] as const;
/** What the demo role of `other` may enter (docs/api-contract.md). */
export const OTHER_TITLES = ['智能车联', '系统管理', '数据报表'] as const;

export const STORAGE_PREFIX = 'main_';

export interface Envelope<T = unknown> {
  flag: number;
  msg: string;
  obj: T;
}

export interface Session {
  sessionId: string;
  userId: string;
}

/** Calls the server directly (not through the page), optionally as a logged-in user. */
export async function api<T = unknown>(pathAndQuery: string, init: { session?: Session; method?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (init.session) Object.assign(headers, { sessionId: init.session.sessionId, userId: init.session.userId, platformId: '1' });
  const res = await fetch(new URL(pathAndQuery, inject('baseUrl')), { method: init.method ?? 'GET', headers });
  return (await res.json()) as Envelope<T>;
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The login form of DESIGN.md §4: fields labelled 账号 and 密码, button 登录. */
export function loginForm(page: Page) {
  return {
    account: page.getByLabel('账号', { exact: true }),
    password: page.getByLabel('密码', { exact: true }),
    submit: page.getByRole('button', { name: '登录', exact: true }),
  };
}

/** Opens /login and submits the form; returns the POST /oauth/v4/token answer. */
export async function submitLogin(page: Page, account: string, password: string): Promise<Envelope<Partial<Session>>> {
  await page.goto('/login');
  const form = loginForm(page);
  await form.account.fill(account);
  await form.password.fill(password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/oauth/v4/token' && r.request().method() === 'POST');
  await form.submit.click();
  return (await (await answer).json()) as Envelope<Partial<Session>>;
}

/** Logs in through the form and waits for /home; returns the session the server issued. */
export async function login(page: Page, who: { account: string; password: string } = ADMIN): Promise<Session> {
  const answer = await submitLogin(page, who.account, who.password);
  expect(answer.flag, `login of ${who.account}: ${answer.msg}`).toBe(1);
  await page.waitForURL((u) => u.pathname === '/home');
  return { sessionId: String(answer.obj.sessionId), userId: String(answer.obj.userId) };
}

/** The localStorage keys of the shell (main_ prefix). */
export function mainStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)), STORAGE_PREFIX);
}
