/**
 * 电动车卫士 as an operator uses it, against the simulated e-bike guards (SIM_ASSETS): picks an
 * online e-bike in 电动车监控, sends it 设防 and sees 成功, then reads its battery curve. Runs its own
 * server.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { coveredMapControls, setDesk } from './map-controls';
import { startServer, type RunningServer } from './server';
import { screenshot } from './screenshot';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'elec-guard-e2e-server', env: { SIM_DEVICES: '0', SIM_ASSETS: '1' } });
});
afterAll(() => server?.stop());

interface Item {
  terminalNo: string;
  plateNo: string | null;
  online: boolean;
  externalVoltage?: number;
}

describe('电动车卫士', () => {
  test('arms an online e-bike from 电动车监控 with 成功 and reads its battery curve', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const session = await login(page, ADMIN);
    const headers = { sessionId: session.sessionId, userId: session.userId };
    // a guard that is connected (its battery voltage comes with its status, sent again after the command)
    let bike: Item | undefined;
    await expect
      .poll(async () => {
        const res = await (await page.request.get('/car/v4/api/monitor/list.json?assetKind=ebike&pageSize=50', { headers })).json();
        bike = (res.obj.list as Item[]).find((i) => i.online);
        return bike !== undefined;
      }, { timeout: 60_000, interval: 1000 })
      .toBe(true);

    await page.goto('/elec-car/monitor');
    await reaches(page, (p) => p === '/elec-car/monitor', '电动车监控');
    const search = await shows(page.locator('input[type="search"]'), 'the tree search', 30_000);
    // at 1366×768 with the alarm desk open the whole monitor fits: the map keeps its width, the
    // table ends inside the window and the page itself does not scroll
    for (const open of [false, true]) {
      await setDesk(page, open);
      const map = page.getByRole('region', { name: '地图' });
      await shows(map.locator('.leaflet-control-zoom-in'), 'the map’s zoom buttons', 20_000);
      await expect.poll(async () => (await map.boundingBox())?.width ?? 0, { timeout: 5_000 }).toBeGreaterThanOrEqual(open ? 450 : 800);
      const table = (await page.getByRole('table', { name: '电动车实时状态' }).boundingBox())!;
      expect(table.y + table.height).toBeLessThanOrEqual(768);
      expect(await page.getByRole('main').evaluate((m) => m.scrollHeight - m.clientHeight)).toBeLessThanOrEqual(1);
      await expect.poll(() => coveredMapControls(map), { timeout: 5_000 }).toEqual([]);
    }
    await screenshot(page, 'elec-guard-monitor-desk-open.png');
    await search.fill(bike!.terminalNo);
    await expect.poll(async () => /显示\s*(\d+)/.exec(await page.getByTestId('monitor-count').innerText())?.[1], { timeout: 15_000 }).toBe('1');
    await page.getByTestId('monitor-count').getByRole('button', { name: '下发指令' }).click();
    const dialog = await shows(page.getByRole('dialog').filter({ hasText: '指令类型' }), 'the command dialog');
    await shows(dialog.locator(`tr[data-terminal="${bike!.terminalNo}"]`).getByText('可下发'), 'the guard can take the command', 15_000);
    await dialog.getByRole('radio', { name: '设防撤防' }).check();
    await dialog.getByRole('radio', { name: '设防', exact: true }).check();
    await dialog.getByRole('button', { name: '下发', exact: true }).click();
    await shows(dialog.locator(`tr[data-terminal="${bike!.terminalNo}"]`).getByText('成功', { exact: true }), '成功 for the guard', 30_000);
    await screenshot(page, 'elec-guard-armed.png');
    await dialog.getByRole('button', { name: '关闭' }).click();

    await page.getByRole('main').getByRole('button', { name: '电池曲线' }).click();
    await reaches(page, (p) => p === '/elec-car/battery', '电池曲线');
    await page.getByRole('combobox', { name: '电动车' }).selectOption(bike!.terminalNo);
    const summary = await shows(page.getByLabel('电池概况'), 'the battery summary');
    await expect.poll(() => summary.innerText(), { timeout: 15_000 }).toMatch(/电量 \d+%/);
    await shows(page.getByRole('img', { name: '电池曲线' }).locator('canvas'), 'the battery chart');
    await screenshot(page, 'elec-guard-battery.png');
  });
});
