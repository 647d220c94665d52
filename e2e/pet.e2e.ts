/**
 * 宠物守护 against the real server: a watch-protocol collar (driven here over TCP) bound to a pet
 * walks yesterday; the operator opens 宠物定位, sees the pet's card, rings its collar and reads
 * 成功 when the collar answers, adds a 安全区域 around it (a zone without a proper radius is
 * refused in Chinese), opens 宠物档案, and replays yesterday's walk in 遛狗记录. Runs its own server.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { shows } from './expect-ui';
import { coveredMapControls, setDesk } from './map-controls';
import { WatchTestDevice } from '../server/testing/watch-test-device';
import { startServer, type RunningServer } from './server';
import { screenshot } from './screenshot';

const IMEI = '868710059990001';
const PET = '豆包';
const HOME = { lon: 116.4074, lat: 39.9042 };
const METRES = 1 / 111_194.93;
let server: RunningServer;

/** An AL location (answered after the commit) at `d`, `metresNorth` of home, at `speed` km/h. */
function located(d: Date, metresNorth: number, speed: number): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${p(d.getUTCDate())}${p(d.getUTCMonth() + 1)}${p(d.getUTCFullYear() - 2000)}`;
  const time = `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  const lat = HOME.lat + metresNorth * METRES;
  return `AL,${date},${time},A,${lat.toFixed(6)},N,${HOME.lon.toFixed(6)},E,${speed.toFixed(2)},0,40.0,8,80,66,1200,0,00000000,0,0,460,0,0`;
}

/** A collar speaking the watch protocol; a server busy with a page answers within 30 s. */
let collar: WatchTestDevice;
const ANSWER_MS = 30_000;

beforeAll(async () => {
  server = await startServer({ name: 'pet-e2e-server', env: { SIM_DEVICES: '0', SIM_ASSETS: '0' } });
});
afterAll(async () => {
  collar?.close();
  await server?.stop();
});

describe('宠物守护', () => {
  test('an operator rings a pet’s collar (成功), guards it with a 安全区域 and replays its walk', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const session = await login(page, ADMIN);
    const headers = { sessionId: session.sessionId, userId: session.userId };
    const post = async (url: string, data: object) => {
      const res = await (await page.request.post(url, { headers, data })).json();
      expect(res.flag, `${url}: ${res.msg}`).toBe(1);
      return res.obj;
    };
    // 系统管理: the collar, the pet and their binding
    const terminal = await post('/car/v1/api/system/terminal/add.json', { terminalNo: IMEI, edition: 'watch', model: 'TL-P2 项圈' });
    const pet = await post('/car/v1/api/system/vehicle/add.json', { plateNo: PET, assetKind: 'pet', plateColor: 0, profile: { species: '狗', breed: '柯基' } });
    await post('/car/v1/api/system/vehicle/bind.json', { vehicleId: pet.id, terminalId: terminal.id });

    // the collar links and uploads yesterday morning's walk: 30 min north at 5 km/h, then a rest
    collar = await WatchTestDevice.open(server.watchPort, IMEI);
    collar.send('LK,1200,0,66');
    await collar.next('LK', ANSWER_MS);
    const todayChina = Math.floor((Date.now() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000;
    const start = todayChina - 86_400_000 + 8 * 3600_000;
    let metres = 0;
    for (let i = 0; i < 180; i++, metres += 13.9) {
      collar.send(located(new Date(start + i * 10_000), metres, 5));
      await collar.next('AL', ANSWER_MS);
    }
    for (let i = 180; i < 200; i++) {
      collar.send(located(new Date(start + i * 10_000), metres, 0));
      await collar.next('AL', ANSWER_MS);
    }
    // and where it is now
    collar.send(located(new Date(Math.floor(Date.now() / 1000) * 1000 - 2000), 0, 0));
    await collar.next('AL', ANSWER_MS);

    // 宠物定位: the pet's card; 响铃 reaches the collar as FIND and its answer shows as 成功, in Chinese with its own words
    await page.goto('/pet/monitor');
    const card = await shows(page.getByRole('article', { name: `宠物 ${PET}` }), 'the pet’s card', 30_000);
    // at 1366×768 with the alarm desk open the map keeps a useful width beside the cards, and the
    // cards' pages and the table end inside the window, the page itself not scrolling
    await setDesk(page, true);
    const map = page.getByRole('region', { name: '地图' });
    await shows(map.locator('.leaflet-control-zoom-in'), 'the map’s zoom buttons', 20_000);
    await expect.poll(async () => (await map.boundingBox())?.width ?? 0, { timeout: 5_000 }).toBeGreaterThanOrEqual(450);
    const bottom = async (what: string) => {
      const box = await (await shows(page.getByRole('main').locator(what), what)).boundingBox();
      return box!.y + box!.height;
    };
    expect(await bottom('[role="tabpanel"][aria-label="宠物卡片"] button:has-text("下一页")')).toBeLessThanOrEqual(768);
    expect(await bottom('[role="table"][aria-label="宠物实时状态"]')).toBeLessThanOrEqual(768);
    expect(await page.getByRole('main').evaluate((m) => m.scrollHeight - m.clientHeight)).toBeLessThanOrEqual(1);
    await expect.poll(() => coveredMapControls(map), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'pet-monitor-desk-open.png');
    await setDesk(page, false);
    await shows(card.getByText('电量 66%'), 'the battery on the card', 30_000);
    await card.getByRole('button', { name: '响铃' }).click();
    expect(await collar.next('FIND', ANSWER_MS)).toBe(`[3G*${IMEI}*0004*FIND]`);
    collar.send('FIND');
    const rang = await shows(card.getByRole('status').filter({ hasText: '响铃：成功（设备正在响铃）' }), '响铃：成功 with the collar’s answer on the card', 30_000);
    expect(await rang.getAttribute('title')).toBe('设备原文：FIND');
    // a click on the card selects the pet on the map and in the table, and opens its 宠物信息 over them
    await card.getByText(PET, { exact: true }).click();
    const info = await shows(page.getByRole('dialog').filter({ hasText: `宠物信息 ${PET}` }), 'the pet’s 宠物信息');
    await screenshot(page, 'pet-monitor.png');
    await info.getByRole('button', { name: '关闭' }).click();
    await shows(page.getByRole('table', { name: '宠物实时状态' }).locator('[aria-selected="true"]').filter({ hasText: IMEI }), 'the pet selected in the table');

    // 安全区域: a radius out of range is refused in Chinese; a zone around the pet is saved
    await page.goto('/pet/zones');
    const zonePet = await shows(page.getByRole('combobox', { name: '宠物' }), 'the pet picker', 30_000);
    await expect.poll(() => zonePet.locator('option').allInnerTexts(), { timeout: 30_000 }).toEqual([PET]);
    await page.getByRole('textbox', { name: '区域名称' }).fill('家');
    await page.getByRole('spinbutton', { name: '半径（米）' }).fill('5');
    await shows(page.getByRole('button', { name: '用宠物当前位置' }).and(page.locator(':enabled')), 'the pet’s position', 30_000);
    await page.getByRole('button', { name: '用宠物当前位置' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await shows(page.getByRole('alert').filter({ hasText: '半径必须在 20 到 5000 米之间' }), 'the Chinese refusal');
    await page.getByRole('spinbutton', { name: '半径（米）' }).fill('300');
    await page.getByRole('button', { name: '保存' }).click();
    await shows(page.getByText('已保存安全区域 家'), 'the zone saved');
    await shows(page.getByText('家 · 半径 300 米'), 'the zone listed');
    // the map is on the pet, marked, and its zone
    expect(await page.getByRole('region', { name: '安全区域地图' }).getAttribute('data-marked')).toBe(IMEI);
    await screenshot(page, 'pet-zones.png');

    // 宠物档案
    await page.goto('/pet/profiles');
    await shows(page.getByRole('article', { name: `档案 ${PET}` }).getByText('狗 · 柯基'), 'the pet’s profile', 30_000);
    await screenshot(page, 'pet-profiles.png');

    // 遛狗记录: yesterday's walk, replayed
    await page.goto('/pet/walks');
    const picker = page.getByRole('combobox', { name: '宠物' });
    await shows(picker, 'the pet picker', 30_000);
    await expect.poll(() => picker.locator('option').allInnerTexts(), { timeout: 30_000 }).toEqual([PET]);
    await page.getByRole('combobox', { name: '时间' }).selectOption('yesterday');
    const table = page.getByRole('table', { name: '遛狗记录' });
    await shows(table.getByRole('row').nth(1), 'the walk', 30_000);
    expect(await table.getByRole('row').count()).toBe(2); // the header and one walk
    expect(await (await shows(page.getByLabel('遛狗合计'), 'the totals')).innerText()).toContain('遛狗 1 次');
    await table.getByRole('row').nth(1).getByRole('button', { name: '回放' }).click();
    await shows(page.getByRole('group', { name: '轨迹播放' }).getByRole('button', { name: '暂停' }), 'the walk playing', 30_000);
    await screenshot(page, 'pet-walks.png');
  });
});
