/** 安全中心: a user's login history, privacy switch and password change, against the real server. */
import { describe, expect, inject } from 'vitest';
import { test } from './browser';
import { ADMIN, api, login, pathOf, submitLogin, type Envelope, type Session } from './console-app';
import { reaches, shows } from './expect-ui';
import { screenshot } from './screenshot';

async function postJson<T>(pathname: string, body: unknown, session: Session): Promise<Envelope<T>> {
  const res = await fetch(new URL(pathname, inject('baseUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json', sessionId: session.sessionId, userId: session.userId, platformId: '1' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

describe('安全中心', () => {
  test('a user sees its login history, keeps a privacy switch and changes its password', async ({ page }) => {
    // an account of its own, so changing its password disturbs no other scenario
    const admin = await login(page, ADMIN);
    const me = await api<{ tenantId: number; roleId: number }>('/car/v1/api/user/getUser.json', { session: admin });
    const who = { account: `sec${Date.now() % 1_000_000}`, password: 'Start1234' };
    const created = await postJson('/car/v1/api/system/user/add.json', { tenantId: me.obj.tenantId, roleId: me.obj.roleId, name: '安全中心测试', ...who }, admin);
    expect(created.flag, created.msg).toBe(1);
    await page.evaluate(() => localStorage.clear());
    await login(page, who);

    await page.goto('/center/security');
    const history = await shows(page.getByRole('table', { name: '登录记录' }), 'the 登录记录 table');
    await shows(history.getByText('成功'), 'the successful login in 登录记录');
    await shows(page.getByText(`账号${who.account}`).or(page.getByText(who.account, { exact: true })), 'the account in 账号信息');

    // a privacy switch is saved at once and still on after a reload
    const hidePhone = page.getByRole('switch', { name: /隐藏我的手机号/ });
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/updatePrivacy.json'));
    await hidePhone.click();
    expect(((await (await saved).json()) as Envelope<{ hidePhone: boolean }>).obj.hidePhone).toBe(true);
    await page.reload();
    await shows(page.getByRole('table', { name: '登录记录' }), 'the page after reload');
    await expect.poll(() => page.getByRole('switch', { name: /隐藏我的手机号/ }).isChecked()).toBe(true);
    await screenshot(page, 'security-centre.png', { fullPage: true });
    await page.getByRole('table', { name: '登录记录' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'security-centre-history.png', { fullPage: true });

    // password: a wrong old one and a weak new one are refused, then the change logs the user out
    const form = page.getByRole('region', { name: '修改密码' });
    await form.getByLabel(/^原密码/).fill('Wrong1234');
    await form.getByLabel(/^新密码/).fill('weak');
    await form.getByLabel(/^确认新密码/).fill('weak');
    await form.getByRole('button', { name: '修改密码' }).click();
    await shows(form.getByText('密码至少 8 位，且须同时包含字母和数字', { exact: true }), 'the password policy message');
    await form.getByLabel(/^新密码/).fill('Changed1234');
    await form.getByLabel(/^确认新密码/).fill('Changed1234');
    await form.getByRole('button', { name: '修改密码' }).click();
    await shows(form.getByText('原密码错误'), 'the message 原密码错误');
    await form.getByLabel(/^原密码/).fill(who.password);
    await form.getByRole('button', { name: '修改密码' }).click();
    await reaches(page, (p) => p === '/login', '/login after the password change');
    await shows(page.getByText('密码已修改，请重新登录'), 'the toast 密码已修改，请重新登录');
    // the sessions ended with the change: the login page is not covered by a 会话过期 dialog
    expect(await page.getByText('当前会话已过期，请重新登录').count()).toBe(0);
    await screenshot(page, 'security-centre-password-changed.png', { fullPage: true });

    const old = await submitLogin(page, who.account, who.password);
    expect(old).toMatchObject({ flag: 400, msg: '账号或密码错误' });
    await login(page, { account: who.account, password: 'Changed1234' });
    expect(pathOf(page)).toBe('/home');
  });
});
