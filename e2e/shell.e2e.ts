/** The shell: login, the sub-application switcher, history tabs, logout, errors, tenants, 404. */
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, OTHER, OTHER_TITLES, SUB_APP_TITLES, api, login, loginForm, pathOf, submitLogin } from './console-app';
import { reaches, settledPath, shows } from './expect-ui';
import { currentHistoryTab, historyTabs, logout, offeredSubApps, switchSubApp } from './shell-ui';

describe('shell', () => {
  test('admin logs in, sees the nine sub-applications, switches between them and logs out', async ({ page }) => {
    await login(page, ADMIN);
    expect(pathOf(page)).toBe('/home');
    await shows(page.getByText('首页', { exact: true }), 'the home page title 首页');
    const main = page.getByRole('main');
    for (const title of SUB_APP_TITLES) await shows(main.getByText(title, { exact: true }), `the card ${title} on /home`);
    expect([...(await offeredSubApps(page))].sort()).toEqual([...SUB_APP_TITLES].sort());

    await main.getByText('智能车联', { exact: true }).first().click();
    await reaches(page, (p) => p.startsWith('/car/'), 'a page under /car/');
    const carPath = await settledPath(page);
    const carTab = (await (await shows(currentHistoryTab(page), 'the history tab of the 智能车联 page')).innerText()).trim();

    await switchSubApp(page, '系统管理');
    await reaches(page, (p) => p.startsWith('/system/'), 'a page under /system/');
    await shows(currentHistoryTab(page), 'the history tab of the 系统管理 page');

    // history is kept per sub-application: back in 智能车联 its tab is there again
    await switchSubApp(page, '智能车联');
    await reaches(page, (p) => p.startsWith('/car/'), 'back under /car/');
    expect(await settledPath(page)).toBe(carPath);
    await shows(historyTabs(page).filter({ hasText: carTab }), `the history tab ${carTab}`);

    await logout(page);
    await reaches(page, (p) => p === '/login', '/login after 退出登录');
    await shows(loginForm(page).account, 'the 账号 field after logout');
  });

  test("a visitor's /login draws the form without the console's code, which loads as 登录 is pressed", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    const form = loginForm(page);
    await shows(form.account, 'the 账号 field');
    await shows(page.getByText('天路车联网平台', { exact: true }), 'the site title on the brand panel');
    // the SMS form is there too, and refuses a wrong phone number in Chinese before asking anything
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await shows(page.getByRole('alert').filter({ hasText: '请输入正确的手机号' }), 'the message 请输入正确的手机号');
    await page.getByRole('tab', { name: '账号登录' }).click();
    // nothing of the console's kernel, router or shell before the user logs in
    expect(scripts.filter((s) => /\/(boot|shell|visitor|axios-client)-/.test(s))).toEqual([]);
    await form.account.fill(ADMIN.account);
    await form.password.fill(ADMIN.password);
    await form.submit.click();
    await reaches(page, (p) => p === '/home', '/home after 登录');
    await shows(page.getByRole('main').getByText('我的应用'), 'the home page drawn by the console in the same page');
    expect(scripts.some((s) => /\/boot-/.test(s))).toBe(true);
    expect(await page.title()).toBe('天路车联网平台');
    // out and in again through the console's own form: it asks for a key of its own, the page's is spent
    await logout(page);
    await reaches(page, (p) => p === '/login', '/login after 退出登录');
    await form.account.fill(ADMIN.account);
    await form.password.fill(ADMIN.password);
    await form.submit.click();
    await reaches(page, (p) => p === '/home', '/home after logging in again');
    await shows(page.getByRole('main').getByText('我的应用'), 'the home page after logging in again');
  });

  test('a wrong password shows 账号或密码错误 and stays on /login', async ({ page }) => {
    const answer = await submitLogin(page, ADMIN.account, 'Wrong@123');
    expect(answer.flag).toBe(400);
    await shows(page.getByText('账号或密码错误'), 'the message 账号或密码错误');
    expect(pathOf(page)).toBe('/login');
  });

  test('an expired session shows the 会话过期 dialog; 重新登录 goes to /login', async ({ page }) => {
    const session = await login(page, ADMIN);
    await shows(page.getByText('首页', { exact: true }), 'the home page');
    // the server forgets the session: every call with it now answers 4010
    expect((await api('/oauth/logout', { session })).flag).toBe(1);
    expect((await api('/car/v1/api/user/getUser.json', { session })).flag).toBe(4010);

    // the live channel ends with the session at once: the page says so without another call
    const anyDialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    const dialog = await shows(anyDialog.filter({ hasText: '会话过期' }), 'the dialog 会话过期');
    await shows(dialog.getByText('当前会话已过期，请重新登录'), 'the text 当前会话已过期，请重新登录');
    await shows(dialog.getByRole('button', { name: '关闭', exact: true }), 'the button 关闭');
    await dialog.getByRole('button', { name: '重新登录', exact: true }).click();
    await reaches(page, (p) => p === '/login', '/login after 重新登录');
  });

  test('the second tenant sees only its granted sub-applications', async ({ page }) => {
    await login(page, OTHER);
    await shows(page.getByText('首页', { exact: true }), 'the home page');
    const main = page.getByRole('main');
    for (const title of OTHER_TITLES) await shows(main.getByText(title, { exact: true }), `the card ${title} on /home`);
    expect([...(await offeredSubApps(page))].sort()).toEqual([...OTHER_TITLES].sort());
    for (const title of SUB_APP_TITLES.filter((t) => !(OTHER_TITLES as readonly string[]).includes(t))) {
      expect(await page.getByText(title, { exact: true }).count(), `${title} must not be offered to other`).toBe(0);
    }
  });

  test('the console runs under its Content-Security-Policy without a single violation', async ({ page }) => {
    const violations: string[] = [];
    const watch = (m: ConsoleMessage) => {
      if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text());
    };
    page.on('console', watch);
    // the live socket runs in a worker, which reports its own violations
    page.on('worker', (worker) => worker.on('console', watch));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)),
    );

    const home = await page.goto('/login');
    const policy = String(home?.headers()['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(policy).not.toContain("'unsafe-eval'");
    await login(page, ADMIN);
    await shows(page.getByText('首页', { exact: true }), 'the home page');
    // the monitor draws the map, the tree and opens the live channel; system management has forms and tables
    await page.getByRole('main').getByText('智能车联', { exact: true }).first().click();
    await (await shows(page.getByText('实时监控', { exact: true }), 'the menu entry 实时监控')).click();
    await reaches(page, (p) => p === '/car/monitor', '/car/monitor');
    await page.locator('.tl-basemap-province').first().waitFor({ state: 'attached', timeout: 30_000 });
    await switchSubApp(page, '系统管理');
    await reaches(page, (p) => p.startsWith('/system/'), 'a page under /system/');
    await page.waitForLoadState('networkidle');
    await page.goto('/docs');
    await shows(page.getByText('/oauth/v4/token').first(), 'the OpenAPI page');
    expect(violations).toEqual([]);
  });

  test("a logged-in user's page opened by URL starts without asking for branding, settings, sub-applications or grants", async ({ page }) => {
    const START_CALLS = /queryCustomInfo\.json|oauthToken\/getConfig|plugins\.manifest\.json|getPlatformByRoleId\.json|resource\/newList\.json/;
    await login(page, OTHER);
    // the shell the login opened has read what it needs
    await shows(page.getByRole('main').getByText(OTHER_TITLES[0], { exact: true }), `the card ${OTHER_TITLES[0]} after login`);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (START_CALLS.test(r.url())) asked.push(r.url());
    });
    await page.goto('/home');
    const main = page.getByRole('main');
    for (const title of OTHER_TITLES) await shows(main.getByText(title, { exact: true }), `the card ${title} on /home`);
    expect([...(await offeredSubApps(page))].sort()).toEqual([...OTHER_TITLES].sort());
    expect(asked).toEqual([]);
    const sessionCookie = async () => (await page.context().cookies()).find((c) => c.name === 'tl_session');
    expect(await sessionCookie()).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    // after logout the page carries no user data: the form again, and a new login asks as always
    await logout(page);
    await reaches(page, (p) => p === '/login', '/login after 退出登录');
    expect(await sessionCookie()).toBeUndefined();
    await page.goto('/home');
    await reaches(page, (p) => p === '/login', '/login for a page opened after logout');
    await shows(loginForm(page).account, 'the 账号 field');
  });

  test('an unknown path shows 页面不存在', async ({ page }) => {
    await login(page, ADMIN);
    await page.goto('/no-such-page/anywhere');
    await shows(page.getByText('页面不存在'), 'the 404 page 页面不存在');
  });
});
