/**
 * 骑行记录 of 电动车卫士 against the real server: a guard uploads yesterday's rides (two, split by a
 * 20-minute stop), the operator picks the e-bike and 昨天, reads each ride's distance and duration
 * with the totals, and replays a ride on the map. Runs its own server.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { sendTrackDay } from './track-day';
import { screenshot } from './screenshot';

const PHONE = '013900000088';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'trip-log-e2e-server', env: { SIM_DEVICES: '0', JT808_AUTO_REGISTER: '1' } });
  const today = Math.floor((Date.now() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000;
  await sendTrackDay(server.jt808Port, PHONE, today - 86_400_000 + 8 * 3600_000);
});
afterAll(() => server?.stop());

describe('骑行记录', () => {
  test('lists yesterday’s two rides of an e-bike with their totals and replays one', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const session = await login(page, ADMIN);
    const headers = { sessionId: session.sessionId, userId: session.userId };
    // the guard registered itself as a vehicle: 系统管理 makes it the e-bike it is
    const listed = await (await page.request.get('/car/v1/api/system/vehicle/list.json?pageSize=50', { headers })).json();
    const asset = listed.obj.list.find((v: { terminalNo: string | null }) => v.terminalNo === PHONE);
    const updated = await (await page.request.post('/car/v1/api/system/vehicle/update.json', { headers, data: { id: asset.id, plateNo: '粤B·D88888', assetKind: 'ebike', plateColor: 0 } })).json();
    expect(updated.flag, updated.msg).toBe(1);

    await page.goto('/elec-car/rides');
    const picker = page.getByRole('combobox', { name: '电动车' });
    await shows(picker, 'the e-bike picker');
    await expect.poll(() => picker.locator('option').allInnerTexts(), { timeout: 15_000 }).toEqual(['粤B·D88888']);
    await page.getByRole('combobox', { name: '时间' }).selectOption('yesterday');
    const table = page.getByRole('table', { name: '骑行记录' });
    await shows(table.getByRole('row').nth(2), 'two rides');
    expect(await table.getByRole('row').count()).toBe(3); // the header and two rides
    const totals = await shows(page.getByLabel('骑行合计'), 'the totals');
    expect(await totals.innerText()).toContain('骑行 2 次');
    const first = await table.getByRole('row').nth(1).innerText();
    expect(first).toContain('40 分');
    expect(first).toMatch(/2[34]\.\d\d km/);

    await table.getByRole('row').nth(2).getByRole('button', { name: '回放' }).click();
    const bar = page.getByRole('group', { name: '轨迹播放' });
    await shows(bar.getByRole('button', { name: '暂停' }), 'the ride playing');
    await screenshot(page, 'trip-log-rides.png');
  });
});
