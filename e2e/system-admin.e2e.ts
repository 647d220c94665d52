/**
 * 系统管理 as a tenant administrator: admin creates a role with 实时监控 but without 指令下发, then a
 * sub-user with that role and one vehicle group; logged in as that user, 实时监控 shows only that
 * group's vehicles, and neither 指令下发 nor 下发指令 is offered. Runs its own server with a simulated
 * fleet (the shared e2e server has no vehicles).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { logout, switchSubApp } from './shell-ui';
import { screenshot } from './screenshot';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'system-admin-e2e-server', env: { SIM_DEVICES: '12', SIM_INTERVAL_SECONDS: '3' } });
});
afterAll(() => server?.stop());

const GROUP = '华北区域';
const ROLE = '区域监控员';
const SUB_USER = { account: 'huabei', password: 'Huabei2026' };

interface GroupNode {
  id: number;
  name: string;
  counts: { all: number };
  children: GroupNode[];
}

async function apiAs<T>(session: { sessionId: string; userId: string }, pathAndQuery: string): Promise<T> {
  const res = await fetch(new URL(pathAndQuery, server.baseUrl), { headers: { sessionId: session.sessionId, userId: session.userId } });
  return ((await res.json()) as { obj: T }).obj;
}

/** The terminals of the group (subgroups included) as the admin sees them. */
async function groupTerminals(session: { sessionId: string; userId: string }, name: string): Promise<string[]> {
  const find = (nodes: GroupNode[]): GroupNode | undefined => nodes.map((n) => (n.name === name ? n : find(n.children))).find(Boolean);
  const group = find(await apiAs<GroupNode[]>(session, '/car/v4/api/monitor/tree.json'));
  if (!group) throw new Error(`no group ${name} in the admin's tree`);
  const list = await apiAs<{ list: { terminalNo: string }[] }>(session, `/car/v4/api/monitor/list.json?groupId=${group.id}&pageSize=1000`);
  expect(list.list.length).toBe(group.counts.all);
  return list.list.map((i) => i.terminalNo).sort();
}

/** Opens a 系统管理 page through the switcher and the side menu. */
async function openSystemPage(page: Page, title: string, pathName: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/system/')) {
    await switchSubApp(page, '系统管理');
    await reaches(page, (p) => p.startsWith('/system/'), 'a page under /system/');
  }
  await (await shows(page.getByRole('navigation').getByText(title, { exact: true }), `the menu entry ${title}`)).click();
  await reaches(page, (p) => p === pathName, pathName);
}

const shownCount = async (page: Page) => Number(/显示\s*(\d+)\s*辆/.exec(await page.getByTestId('monitor-count').innerText())?.[1] ?? NaN);

describe('系统管理: a sub-user limited by role and vehicle group', () => {
  test('admin creates the role and the user; the user sees only the group and cannot send commands', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const adminSession = await login(page, ADMIN);
    const expected = await groupTerminals(adminSession, GROUP);
    expect(expected.length).toBeGreaterThan(0);

    // 角色管理 → 新增角色: 智能车联 with 概览 and 实时监控, no 指令下发
    await openSystemPage(page, '角色管理', '/system/role');
    await (await shows(page.getByRole('button', { name: '新增角色' }), 'the 新增角色 button')).click();
    const roleDialog = await shows(page.getByRole('dialog', { name: '新增角色' }), 'the role dialog');
    await roleDialog.getByLabel('角色名称').fill(ROLE);
    await (await shows(roleDialog.getByRole('checkbox', { name: '实时监控' }), 'the 实时监控 check box')).check();
    await roleDialog.getByRole('checkbox', { name: '概览' }).first().check();
    expect(await roleDialog.getByRole('checkbox', { name: '子系统：智能车联' }).isChecked()).toBe(true);
    expect(await roleDialog.getByRole('checkbox', { name: '指令下发' }).isChecked()).toBe(false);
    await screenshot(page, 'system-admin-role-dialog.png');
    await roleDialog.getByRole('button', { name: '保存' }).click();
    await roleDialog.waitFor({ state: 'hidden' });
    await shows(page.getByRole('table', { name: '角色列表' }).getByText(ROLE, { exact: true }), `the role ${ROLE} in the list`);

    // 用户管理 → 新增用户 with that role and the group
    await openSystemPage(page, '用户管理', '/system/user');
    await (await shows(page.getByRole('button', { name: '新增用户' }), 'the 新增用户 button')).click();
    const userDialog = await shows(page.getByRole('dialog', { name: '新增用户' }), 'the user dialog');
    await userDialog.getByLabel('账号').fill(SUB_USER.account);
    await userDialog.getByLabel('密码').fill(SUB_USER.password);
    await userDialog.getByLabel('姓名').fill('华北监控');
    await expect.poll(() => userDialog.locator('option', { hasText: ROLE }).count(), { timeout: 15_000 }).toBe(1);
    await userDialog.getByLabel('角色').selectOption({ label: ROLE });
    await (await shows(userDialog.getByRole('checkbox', { name: GROUP }), `the group ${GROUP}`)).check();
    await screenshot(page, 'system-admin-user-dialog.png');
    await userDialog.getByRole('button', { name: '保存' }).click();
    await userDialog.waitFor({ state: 'hidden' });
    const row = await shows(page.getByRole('row').filter({ hasText: SUB_USER.account }), 'the new user in the list');
    expect(await row.innerText()).toContain(GROUP);
    await screenshot(page, 'system-admin-user-list.png');

    // 操作日志 tells who did it; 客户管理 shows the hierarchy
    await openSystemPage(page, '操作日志', '/system/log');
    await shows(page.getByRole('row').filter({ hasText: `用户 ${SUB_USER.account}` }).filter({ hasText: '新增用户' }), 'the 新增用户 entry in 操作日志');
    await shows(page.getByRole('row').filter({ hasText: `角色 ${ROLE}` }).filter({ hasText: '新增角色' }), 'the 新增角色 entry in 操作日志');
    await screenshot(page, 'system-admin-log.png');
    await openSystemPage(page, '客户管理', '/system/customer');
    await shows(page.getByRole('treeitem').filter({ hasText: '演示物流公司' }), 'the demo customer below 天路演示');
    await screenshot(page, 'system-admin-customers.png');

    // the sub-user
    await logout(page);
    await reaches(page, (p) => p === '/login', '/login after 退出登录');
    await login(page, SUB_USER);
    await switchSubApp(page, '智能车联');
    await reaches(page, (p) => p.startsWith('/car/'), 'a page under /car/');
    const nav = page.getByRole('navigation');
    await (await shows(nav.getByText('实时监控', { exact: true }), 'the menu entry 实时监控')).click();
    await reaches(page, (p) => p === '/car/monitor', '/car/monitor');
    await shows(page.locator('[role="tree"] [data-terminal]'), 'vehicles in the asset tree', 30_000);
    await expect.poll(() => shownCount(page), { timeout: 30_000 }).toBe(expected.length);
    const shownTerminals = await page.locator('[role="tree"] [data-terminal]').evaluateAll((els) => els.map((e) => e.getAttribute('data-terminal') ?? ''));
    expect(shownTerminals.sort()).toEqual(expected);
    const treeText = await page.getByRole('tree').first().innerText();
    for (const elsewhere of ['华东区域', '华南区域', '西部区域']) expect(treeText).not.toContain(elsewhere);
    expect(await nav.getByText('指令下发', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '下发指令' }).count()).toBe(0);
    await screenshot(page, 'system-admin-sub-user-monitor.png');

    // and the server agrees: the command list is refused
    const session = await page.evaluate(() => ({ sessionId: JSON.parse(localStorage.getItem('main_sessionId') ?? '""'), user: JSON.parse(localStorage.getItem('main_USER') ?? '{}') }));
    const commands = await fetch(new URL('/car/v1/api/command/list.json', server.baseUrl), { headers: { sessionId: session.sessionId, userId: String(session.user.userId) } });
    expect(((await commands.json()) as { flag: number }).flag).toBe(403);
  });
});
