/**
 * 告警 and 电子围栏 against the real server: a JT/T 808 terminal presses SOS, the logged-in console
 * pops the alarm tip over /ws, 告警中心 lists the alarm and 处理 with a note moves it to the
 * processed history; then an operator draws a circle and a polygon fence on the map and binds them.
 * This file starts its own server: the terminal registers itself (JT808_AUTO_REGISTER=1) into 天路演示.
 */
import { describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { liveReady, serverWithSosTerminal, SOS } from './sos-terminal';
import { screenshot, settled } from './screenshot';
import { coveredMapControls, setDesk } from './map-controls';

const rig = serverWithSosTerminal('alarms-e2e-server', '013900000077');
const report = rig.report;

describe('告警', () => {
  test('an SOS pops the alarm tip; 告警中心 lists it and 处理 with a note moves it to the processed history', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: rig.server.baseUrl })).newPage();
    const ready = liveReady(page);
    await login(page, ADMIN);
    await ready;

    await report(SOS);
    const tip = await shows(page.getByRole('alert').filter({ hasText: '紧急报警' }), 'the alarm tip with 紧急报警', 20_000);
    await screenshot(page, 'alarm-tip.png');
    await tip.getByRole('button', { name: '查看' }).click();
    await reaches(page, (p) => p === '/car/alarm', '告警中心');

    const table = page.getByRole('table', { name: '实时告警' });
    const row = await shows(table.getByRole('row').filter({ hasText: '紧急报警' }), 'the SOS in 实时告警', 15_000);
    await shows(page.getByTestId('alarm-counts').getByRole('button', { name: /紧急报警 1/ }), 'the 紧急报警 count');
    await screenshot(page, 'alarm-center-realtime.png');

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /批量处理/ }).click();
    const dialog = await shows(page.getByRole('dialog'), 'the 处理告警 dialog');
    await dialog.getByRole('textbox').fill('已电话联系司机，确认安全');
    await dialog.getByRole('button', { name: '确定' }).click();
    await shows(page.getByText('已处理 1 条告警'), 'the 已处理 toast');
    await expect.poll(() => table.getByRole('row').filter({ hasText: '紧急报警' }).count(), { timeout: 10_000 }).toBe(0);
    // the processed alarm leaves the tip too
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '紧急报警' }).count(), { timeout: 10_000 }).toBe(0);

    await page.getByRole('tab', { name: '历史告警' }).click();
    const history = page.getByRole('table', { name: '历史告警' });
    const done = await shows(history.getByRole('row').filter({ hasText: '紧急报警' }), 'the SOS in 历史告警', 15_000);
    await shows(done.getByText('已处理'), 'its 已处理 state');
    await shows(done.getByText('已电话联系司机，确认安全'), 'the note');
    await screenshot(page, 'alarm-center-history.png');
  });
});

describe('电子围栏', () => {
  test('draws a circle and a polygon on the map, binds the vehicle, saves and deletes', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: rig.server.baseUrl })).newPage();
    await login(page, ADMIN);
    await page.goto('/car/fence');
    await shows(page.getByText(/电子围栏（\d+）/), 'the fence list');
    const map = page.locator('[aria-label="围栏地图"] .leaflet-container');
    await map.waitFor({ state: 'visible' });
    // from China down to a city, where a fence is a few kilometres
    for (let i = 0; i < 5; i++) {
      await page.locator('.leaflet-control-zoom-in').click();
      await settled(page);
    }
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // a circle: press at the centre, drag to the rim
    await page.getByRole('button', { name: '新增围栏' }).click();
    await page.getByLabel('围栏名称').fill('北京仓库');
    await shows(page.getByTestId('draw-hint'), 'the drawing hint');
    await page.mouse.move(cx - 150, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 90, cy, { steps: 6 });
    await page.mouse.up();
    await shows(page.getByTestId('drawn').getByText(/已绘制圆形，半径 \d+ 米/), 'the drawn circle');
    await page.getByRole('radio', { name: '进入' }).check();
    const vehicles = page.getByRole('group', { name: '绑定车辆' });
    await vehicles.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: '保存' }).click();
    await shows(page.getByRole('listitem', { name: '围栏 北京仓库' }), 'the saved circle in the list');
    await shows(page.getByRole('listitem', { name: '围栏 北京仓库' }).getByText('车辆 1 · 车组 0'), 'its binding');

    // a polygon: click the vertices, double-click to finish
    await page.getByRole('button', { name: '新增围栏' }).click();
    await page.getByLabel('围栏名称').fill('上海园区');
    await page.getByRole('radio', { name: '多边形' }).check();
    await page.mouse.click(cx + 60, cy - 60);
    await page.mouse.click(cx + 160, cy - 40);
    await page.mouse.click(cx + 140, cy + 70);
    await page.mouse.dblclick(cx + 70, cy + 60);
    await shows(page.getByTestId('drawn').getByText('已绘制多边形，4 个顶点'), 'the drawn polygon');
    await page.getByRole('group', { name: '绑定车组' }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: '保存' }).click();
    await shows(page.getByRole('listitem', { name: '围栏 上海园区' }), 'the saved polygon in the list');
    await expect.poll(() => page.locator('[aria-label="围栏地图"] path.leaflet-interactive').count()).toBe(2);
    await screenshot(page, 'fences.png');

    // both are what the server keeps
    const fences = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('main_USER') ?? '{}') as { userId: number };
      const res = await fetch('/car/v4/api/fence/list.json', { headers: { sessionId: JSON.parse(localStorage.getItem('main_sessionId') ?? '""'), userId: String(user.userId) } });
      return ((await res.json()) as { obj: { name: string; shape: string; radius?: number; points?: unknown[]; trigger: string; vehicleIds: number[] }[] }).obj;
    });
    expect(fences.map((f) => [f.name, f.shape, f.trigger])).toEqual([
      ['北京仓库', 'circle', 'enter'],
      ['上海园区', 'polygon', 'both'],
    ]);
    expect(fences[0]!.radius).toBeGreaterThan(10);
    expect(fences[0]!.vehicleIds).toHaveLength(1);
    expect(fences[1]!.points).toHaveLength(4);

    // delete
    const item = page.getByRole('listitem', { name: '围栏 上海园区' });
    await item.getByRole('button', { name: '删除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
    await expect.poll(() => page.getByRole('listitem', { name: '围栏 上海园区' }).count()).toBe(0);
  });

  test('editing a fence far from the terminal: binding it brings both into view, and the panel counts what has no position', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: rig.server.baseUrl })).newPage();
    await login(page, ADMIN);
    await setDesk(page, true);
    // a fence in Shanghai, binding nothing yet; the terminal reports from Beijing (about 1,000 km away)
    const saved = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('main_USER') ?? '{}') as { userId: number };
      const headers = { 'content-type': 'application/json', sessionId: JSON.parse(localStorage.getItem('main_sessionId') ?? '""'), userId: String(user.userId) };
      const body = { name: '上海码头', shape: 'circle', center: [121.5, 31.23], radius: 800, trigger: 'both', vehicleIds: [], groupIds: [] };
      return (await (await fetch('/car/v4/api/fence/save.json', { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { flag: number; msg?: string };
    });
    expect(saved.flag, saved.msg).toBe(1);
    await page.goto('/car/fence');
    const fence = await shows(page.getByRole('listitem', { name: '围栏 上海码头' }), 'the fence in the list', 20_000);
    await fence.getByRole('button', { name: '编辑' }).click();
    const editor = await shows(page.getByRole('form', { name: '编辑围栏' }), 'the fence editor');
    const map = page.getByRole('region', { name: '围栏地图' });
    const view = async () => ((await map.getAttribute('data-view')) ?? '').split(',').map(Number);
    const inView = (b: number[], lon: number, lat: number) => b.length === 4 && b[0]! <= lon && lon <= b[2]! && b[1]! <= lat && lat <= b[3]!;
    // the editor opens on the fence
    await expect.poll(async () => inView(await view(), 121.5, 31.23), { timeout: 10_000 }).toBe(true);
    expect(inView(await view(), 116.397, 39.909)).toBe(false);

    await editor.getByRole('group', { name: '绑定车辆' }).getByRole('checkbox', { name: /013900000077/ }).check();
    // the terminal checked: the view fits it and the fence together
    await expect.poll(async () => inView(await view(), 116.397, 39.909), { timeout: 10_000 }).toBe(true);
    expect(inView(await view(), 121.5, 31.23)).toBe(true);
    expect(await editor.getByRole('status').count()).toBe(0);
    expect(await coveredMapControls(map)).toEqual([]);
    await screenshot(page, 'fence-editor-bound.png');
    await editor.getByRole('button', { name: '取消' }).click();
  });
});
