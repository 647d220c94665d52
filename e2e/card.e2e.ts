/**
 * 智能工牌 as an operator uses it: a watch-protocol badge (e2e/watch-badge.ts, frames from the
 * protocol document) reports from the works; the operator finds its wearer in 人员监控, sees the SOS tip when
 * the badge raises SOS and processes it in 告警中心, sets up a work area and a shift for the person in
 * 考勤管理 (searching the person to bind), looks at 节假日 and records a 请假, reads 考勤报表 with its summary and exports the month, which 下载中心 shows ready; then reads the badge's heart rate in
 * 健康 and 健康报表 and replays the day with the stay at the work area marked. Runs its own server; the
 * badge registers itself (AUTO_REGISTER=1) as a person of 天路演示.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { coveredMapControls, setDesk } from './map-controls';
import { liveReady, screenshot } from './sos-terminal';
import { WATCH_SOS, WatchBadge } from './watch-badge';

const BADGE = '868710040000093';
const WORKS = { lon: 120.7195, lat: 31.3265 };
let server: RunningServer;
let badge: WatchBadge;

const location = (word: 'UD' | 'AL', at: Date, status?: string) => WatchBadge.location(word, WORKS, at, status);
const send = (content: string, reply?: string) => badge.send(content, reply);

beforeAll(async () => {
  server = await startServer({ name: 'card-e2e-server', env: { AUTO_REGISTER: '1', SIM_ASSETS: '1' } });
  badge = await WatchBadge.connect(server.watchPort, BADGE);
  // at the works over the last hour: a position every ten minutes
  for (let m = 60; m >= 0; m -= 10) await send(location('UD', new Date(Date.now() - m * 60_000)));
});
afterAll(async () => {
  badge?.close();
  await server?.stop();
});

describe('智能工牌', () => {
  test('finds a person, handles the badge’s SOS, sets up a shift and exports the month’s attendance', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const ready = liveReady(page);
    await login(page, ADMIN);
    await ready;

    await page.goto('/card/monitor');
    await reaches(page, (p) => p === '/card/monitor', '人员监控');
    // the tree groups people by 部门 (the demo's staff, SIM_ASSETS), not by the vehicle groups they sit in
    const tree = page.locator('[role="tree"]');
    const departments = tree.locator('[role="treeitem"][aria-level="1"]');
    await shows(departments.filter({ hasText: '生产部' }), 'the demo staff’s 部门 at the top of the tree', 30_000);
    await expect.poll(() => tree.getByText('工业园员工').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('searchbox', { name: '搜索姓名或终端号' }).fill(BADGE);
    const wearer = await shows(page.locator(`[role="tree"] [data-terminal="${BADGE}"]`), 'the badge’s wearer in the tree', 30_000);
    // a badge that registered itself has no 部门 yet: the search leaves only 未填写部门
    await shows(departments.filter({ hasText: '未填写部门' }), 'the wearer under 未填写部门');
    await expect.poll(() => departments.count(), { timeout: 10_000 }).toBe(1);
    await wearer.click();
    // selecting the person opens their dialog; the card over the map stays once it is closed
    const personDialog = await shows(page.getByRole('dialog'), 'the person’s dialog', 20_000);
    // 智能工牌 lends a person's dialog its 健康 tab (vehicleTabs): the badge's readings of today
    await (await shows(personDialog.getByRole('tab', { name: '健康' }), 'the contributed 健康 tab')).click();
    await shows(personDialog.getByText(/今天（\d{4}-\d{2}-\d{2}）/), 'today’s health readings in the tab', 20_000);
    await screenshot(page, 'card-person-health-tab.png');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    const card = await shows(page.getByLabel(`${BADGE}的信息`), 'the person card over the map', 20_000);
    await shows(card.getByText('心率'), 'the last readings on the card');
    await screenshot(page, 'card-monitor.png');
    // the card leaves every control on the map clear, with the alarm desk closed and open (at 1366×768)
    const map = page.getByRole('region', { name: '地图' });
    await shows(map.locator('.leaflet-control-zoom-in'), 'the map’s zoom buttons');
    const deskWasOpen = (await page.locator('header').getByRole('button', { name: /^告警栏/ }).getAttribute('aria-expanded')) === 'true';
    for (const open of [false, true]) {
      await setDesk(page, open);
      await expect.poll(() => coveredMapControls(map, card), { timeout: 5_000 }).toEqual([]);
    }
    await setDesk(page, deskWasOpen);

    await send(location('AL', new Date(), WATCH_SOS), 'AL');
    const tip = await shows(page.getByRole('alert').filter({ hasText: '紧急报警' }), 'the SOS tip', 30_000).catch(async (e: unknown) => {
      await screenshot(page, 'card-sos-missing.png');
      throw e;
    });
    await screenshot(page, 'card-sos-tip.png');
    await tip.getByRole('button', { name: '查看' }).click();
    await reaches(page, (p) => p === '/car/alarm', '告警中心');
    const table = page.getByRole('table', { name: '实时告警' });
    const row = await shows(table.getByRole('row').filter({ hasText: '紧急报警' }).filter({ hasText: BADGE }), 'the SOS in 实时告警', 20_000);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /批量处理/ }).click();
    const handle = await shows(page.getByRole('dialog'), 'the 处理告警 dialog');
    await handle.getByRole('textbox').fill('已联系本人，误触');
    await handle.getByRole('button', { name: '确定' }).click();
    await shows(page.getByText('已处理 1 条告警'), 'the 已处理 toast');

    await page.goto('/card/attendance');
    await reaches(page, (p) => p === '/card/attendance', '考勤管理');
    await (await shows(page.getByRole('button', { name: '新增区域' }), 'the 新增区域 button', 30_000)).click();
    const areaDialog = await shows(page.getByRole('dialog', { name: '新增考勤区域' }), 'the work area dialog');
    await areaDialog.getByRole('textbox', { name: /区域名称/ }).fill('苏州工厂');
    // a circle drawn on the map fills the centre and the radius
    const areaMap = areaDialog.locator('[aria-label="考勤区域地图"] .leaflet-container');
    await areaMap.waitFor({ state: 'visible', timeout: 20_000 });
    await areaDialog.getByRole('button', { name: '在地图上画圆' }).click();
    const box = (await areaMap.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => areaDialog.getByRole('textbox', { name: /半径/ }).inputValue(), { timeout: 10_000 }).toMatch(/^[1-9]\d*$/);
    await expect.poll(() => areaDialog.getByRole('textbox', { name: /圆心经度/ }).inputValue()).toMatch(/^\d+\.\d+$/);
    await expect.poll(() => areaDialog.getByRole('textbox', { name: /圆心纬度/ }).inputValue()).toMatch(/^\d+\.\d+$/);
    await screenshot(page, 'card-work-area-map.png');
    // typed values win over the drawing
    await areaDialog.getByRole('textbox', { name: /圆心经度/ }).fill(String(WORKS.lon));
    await areaDialog.getByRole('textbox', { name: /圆心纬度/ }).fill(String(WORKS.lat));
    await areaDialog.getByRole('textbox', { name: /半径/ }).fill('5');
    await areaDialog.getByRole('button', { name: '保存' }).click();
    await shows(areaDialog.getByText('半径必须在 10 到 5000 米之间'), 'the server’s refusal of a 5 m area');
    await areaDialog.getByRole('textbox', { name: /半径/ }).fill('300');
    await areaDialog.getByRole('button', { name: '保存' }).click();
    await shows(page.getByRole('table', { name: '考勤区域' }).getByRole('row').filter({ hasText: '苏州工厂' }), 'the area in the list');

    await page.getByRole('button', { name: '新增班次' }).click();
    const shiftDialog = await shows(page.getByRole('dialog', { name: '新增班次' }), 'the shift dialog');
    await shiftDialog.getByRole('textbox', { name: /班次名称/ }).fill('全天班');
    // the demo's own 天路演示工业园 comes first: the new area is chosen
    await shiftDialog.getByRole('combobox', { name: /考勤区域/ }).selectOption({ label: '苏州工厂' });
    await shiftDialog.getByLabel('上班时间').fill('00:00');
    await shiftDialog.getByLabel('下班时间').fill('23:59');
    for (const d of ['周六', '周日']) await shiftDialog.getByRole('checkbox', { name: d }).check();
    // people are found by search, not picked from one long list
    await expect.poll(() => shiftDialog.getByRole('group', { name: '绑定人员' }).getByRole('checkbox').count()).toBe(0);
    await shiftDialog.getByRole('textbox', { name: '搜索人员' }).fill(BADGE.slice(-6));
    await (await shows(shiftDialog.getByRole('checkbox', { name: BADGE }), 'the person to bind')).check();
    await screenshot(page, 'card-shift-dialog.png');
    await shiftDialog.getByRole('button', { name: '保存' }).click();
    await shows(page.getByRole('table', { name: '班次' }).getByRole('row').filter({ hasText: '全天班' }), 'the shift in the list');
    await screenshot(page, 'card-attendance.png');

    // the area edited opens on itself and the person its shift binds, marked at the works
    await page.getByRole('table', { name: '考勤区域' }).getByRole('row').filter({ hasText: '苏州工厂' }).getByRole('button', { name: '编辑' }).click();
    const editDialog = await shows(page.getByRole('dialog', { name: '编辑考勤区域' }), 'the work area dialog of 苏州工厂');
    await shows(editDialog.getByText(/^地图显示绑定人员 1 人/), 'the bound person the map opens on', 30_000);
    const editMap = editDialog.getByRole('region', { name: '考勤区域地图' });
    expect(await editMap.getAttribute('data-marked')).toBe(BADGE);
    await editMap.locator('.leaflet-container').waitFor({ state: 'visible', timeout: 20_000 });
    await screenshot(page, 'card-work-area-edit.png');
    await editDialog.getByRole('button', { name: '取消' }).click();

    // 节假日: the State Council's 2026 schedule is there; a year not in the data says so
    await page.getByRole('button', { name: '节假日' }).click();
    const holidays = await shows(page.getByRole('dialog', { name: '节假日' }), 'the holiday dialog');
    await holidays.getByRole('combobox', { name: '年份' }).selectOption('2026');
    await shows(holidays.getByRole('table', { name: '节假日' }).getByRole('row').filter({ hasText: '2026-01-04' }).filter({ hasText: '调休上班' }), 'the 元旦 make-up Sunday');
    await holidays.getByRole('combobox', { name: '年份' }).selectOption('2027');
    await shows(holidays.getByText('2027 年的国务院节假日安排尚未收录'), 'the notice that 2027 is not in the data');
    await screenshot(page, 'card-holidays.png');
    await holidays.getByRole('button', { name: '关闭' }).click();

    // 请假与补卡: a leave for tomorrow, refused in Chinese until it has a reason
    const tomorrow = new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10);
    await page.getByRole('button', { name: '请假与补卡' }).click();
    const records = await shows(page.getByRole('dialog', { name: '请假与补卡' }), 'the leave and punch dialog');
    await records.getByRole('button', { name: '登记' }).click();
    await shows(records.getByText('请选择人员'), 'the refusal without a person');
    await records.getByRole('combobox', { name: '人员' }).click();
    await records.getByRole('combobox', { name: '人员' }).pressSequentially(BADGE.slice(-6));
    await (await shows(page.getByRole('option', { name: new RegExp(BADGE) }), 'the person among the options')).click();
    await records.getByLabel('开始日期').fill(tomorrow);
    await records.getByLabel('结束日期').fill(tomorrow);
    await records.getByRole('button', { name: '登记' }).click();
    await shows(records.getByText('事由不能为空'), 'the server’s refusal without a reason');
    await records.getByRole('textbox', { name: '事由' }).fill('家中有事');
    await records.getByRole('button', { name: '登记' }).click();
    await shows(records.getByRole('table', { name: '请假记录' }).getByRole('row').filter({ hasText: '家中有事' }), 'the leave in the list');
    await screenshot(page, 'card-leave.png');
    await records.getByRole('button', { name: '关闭' }).click();

    await page.goto('/card/attendance-report');
    await reaches(page, (p) => p === '/card/attendance-report', '考勤报表');
    // the demo's staff on 白班 and 夜班 fill the first page: find the badge's wearer by name
    await (await shows(page.getByRole('textbox', { name: '姓名 / 工号 / 部门' }), 'the 考勤报表 search', 30_000)).fill(BADGE);
    await page.getByRole('button', { name: '查询' }).click();
    const today = await shows(page.getByRole('table', { name: '考勤日报' }).getByRole('row').filter({ hasText: BADGE }), 'the person in today’s report', 30_000);
    expect(await today.innerText()).toContain('全天班');
    await shows(page.getByRole('group', { name: '考勤汇总' }).getByText('应到'), 'the summary above the report');
    await page.getByRole('tab', { name: '月报' }).click();
    const month = await shows(page.getByRole('table', { name: '考勤月报' }).getByRole('row').filter({ hasText: BADGE }), 'the person in the month', 20_000);
    expect(await month.innerText()).toContain('苏州工厂');
    await screenshot(page, 'card-attendance-report.png');

    await page.getByRole('button', { name: '导出' }).click();
    await shows(page.getByText('已加入下载中心'), 'the 已加入下载中心 toast');
    await page.getByRole('button', { name: '前往下载中心' }).click();
    const monthName = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const record = page.getByRole('row').filter({ hasText: `考勤月报-${monthName}.xlsx` });
    await shows(record, 'the export in 下载中心', 20_000);
    await expect.poll(async () => {
      if ((await record.getByText('可下载').count()) === 0) await page.getByRole('button', { name: '刷新' }).click();
      return record.getByText('可下载').count();
    }, { timeout: 20_000, interval: 500 }).toBe(1);
    await screenshot(page, 'card-download-centre.png');

    // a heart rate above 健康设置's 120, stored with the next position, drawn against the limit
    await send('heart,135');
    await send(location('UD', new Date()));
    await page.goto('/card/health');
    await reaches(page, (p) => p === '/card/health', '健康');
    await page.getByRole('combobox', { name: '人员' }).selectOption({ label: BADGE });
    const heart = await shows(page.getByRole('img', { name: '心率' }), 'the heart-rate chart', 30_000);
    await expect.poll(async () => Number(await page.locator('[data-points]').filter({ has: heart }).getAttribute('data-points')), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'card-health.png');
    await page.goto('/card/health-report');
    // the demo's staff fill the first page: find the badge's wearer by name
    await (await shows(page.getByRole('textbox', { name: '姓名 / 工号 / 部门' }), 'the 健康报表 search', 30_000)).fill(BADGE);
    await page.getByRole('button', { name: '查询' }).click();
    const line = await shows(page.getByRole('table', { name: '健康报表' }).getByRole('row').filter({ hasText: BADGE }), 'the person in 健康报表', 30_000);
    expect(await line.innerText()).toContain('135');
    await screenshot(page, 'card-health-report.png');

    await page.goto('/card/track');
    await reaches(page, (p) => p === '/card/track', '轨迹回放');
    await page.getByRole('combobox', { name: '人员' }).selectOption({ label: BADGE });
    await shows(page.getByRole('table', { name: '区域停留' }).getByRole('row').filter({ hasText: '苏州工厂' }), 'the stay at the work area', 30_000);
    await screenshot(page, 'card-track.png');
  });
});
