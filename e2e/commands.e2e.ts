/**
 * 智能车联 → 指令下发 against the real server: an operator filters the monitor to one connected
 * vehicle (a simulated JT/T 808 terminal), sends it 位置查询 from the command dialog and sees 成功
 * arrive live, then finds the command on the history page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { screenshot } from './screenshot';

let server: RunningServer;
const TERMINAL = '013800000002';

beforeAll(async () => {
  server = await startServer({ name: 'commands-e2e-server', env: { SIM_DEVICES: '3', SIM_INTERVAL_SECONDS: '5' } });
});
afterAll(() => server?.stop());

async function openCarPage(page: Page, menu: string, pathname: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/car/')) {
    await page.getByRole('main').getByText('智能车联', { exact: true }).first().click();
    await reaches(page, (p) => p.startsWith('/car/'), 'a page under /car/');
  }
  await (await shows(page.getByText(menu, { exact: true }).first(), `the menu entry ${menu}`)).click();
  await reaches(page, (p) => p === pathname, pathname);
}

describe('指令下发', () => {
  test('admin sends 位置查询 to a connected vehicle from the monitor and sees 成功', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await openCarPage(page, '实时监控', '/car/monitor');

    // only the one vehicle is ticked and shown, and its terminal is connected
    await shows(page.locator(`[role="tree"] [data-terminal="${TERMINAL}"]`), 'the vehicle in the tree', 30_000);
    await page.getByLabel('搜索车牌号或终端号').fill(TERMINAL);
    await expect.poll(async () => /显示\s*(\d+)\s*辆/.exec(await page.getByTestId('monitor-count').innerText())?.[1], { timeout: 15_000 }).toBe('1');
    await expect.poll(async () => /在线\s*(\d+)/.exec(await page.getByTestId('monitor-count').innerText())?.[1], { timeout: 30_000 }).toBe('1');

    await page.getByTestId('monitor-count').getByRole('button', { name: '下发指令' }).click();
    const dialog = await shows(page.getByRole('dialog').filter({ hasText: '指令类型' }), 'the command dialog');
    const row = dialog.locator(`tr[data-terminal="${TERMINAL}"]`);
    await shows(row.getByText('可下发'), 'the terminal can take the command', 15_000);
    await shows(dialog.getByText('共 1 个终端，可立即下发 1 个'), 'the check summary');
    expect(await dialog.getByRole('radio', { name: '位置查询' }).isChecked()).toBe(true);
    await screenshot(page, 'commands-dialog.png');

    await dialog.getByRole('button', { name: '下发', exact: true }).click();
    await shows(row.getByText('成功', { exact: true }), '成功 for the terminal', 30_000);
    // the 0x0201 answer's position is shown with the result
    await shows(row.getByText(/\d+\.\d{5}, \d+\.\d{5}/), 'the answered position');
    await shows(dialog.getByRole('button', { name: '已下发' }), 'the sent state');
    await shows(dialog.getByText('成功 1', { exact: true }), 'the batch summary');
    await screenshot(page, 'commands-dialog-success.png');
    await dialog.getByRole('button', { name: '关闭' }).click();

    // the history page lists it
    await openCarPage(page, '指令下发', '/car/command');
    const history = page.locator('[role="row"]', { hasText: TERMINAL }).filter({ hasText: '位置查询' }).first();
    await shows(history, 'the command in the history', 15_000);
    await shows(history.getByText('成功', { exact: true }), '成功 in the history');
    await screenshot(page, 'commands-history.png');
  });

  test('admin sends 智能车联’s contributed 调度信息 from its own form and sees 成功', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await openCarPage(page, '实时监控', '/car/monitor');
    await shows(page.locator(`[role="tree"] [data-terminal="${TERMINAL}"]`), 'the vehicle in the tree', 30_000);
    await page.getByLabel('搜索车牌号或终端号').fill(TERMINAL);
    await expect.poll(async () => /在线\s*(\d+)/.exec(await page.getByTestId('monitor-count').innerText())?.[1], { timeout: 30_000 }).toBe('1');

    await page.getByTestId('monitor-count').getByRole('button', { name: '下发指令' }).click();
    const dialog = await shows(page.getByRole('dialog').filter({ hasText: '指令类型' }), 'the command dialog');
    await (await shows(dialog.getByRole('radio', { name: '调度信息' }), 'the contributed type')).click();
    const row = dialog.locator(`tr[data-terminal="${TERMINAL}"]`);
    await shows(row.getByText('可下发'), 'the terminal can take it', 15_000);
    // its form, from the parameters 智能车联 declares; bad input is refused before anything is sent
    await dialog.getByRole('textbox', { name: '调度内容' }).fill('去北门装货');
    await dialog.getByRole('spinbutton', { name: '到达时限（分钟）' }).fill('0');
    await dialog.getByRole('button', { name: '下发', exact: true }).click();
    await shows(dialog.getByText('到达时限不能小于 1分钟'), 'the Chinese refusal');
    await dialog.getByRole('spinbutton', { name: '到达时限（分钟）' }).fill('30');
    await screenshot(page, 'commands-dialog-contributed.png');

    await dialog.getByRole('button', { name: '下发', exact: true }).click();
    await shows(row.getByText('成功', { exact: true }), '成功 for the terminal', 30_000);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await openCarPage(page, '指令下发', '/car/command');
    const history = page.locator('[role="row"]', { hasText: TERMINAL }).filter({ hasText: '调度信息' }).first();
    await shows(history.getByText('去北门装货，30'), '调度信息 and its parameters in the history', 15_000);
  });
});
