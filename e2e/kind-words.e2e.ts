/**
 * Each kind speaks its own words, against the real server with the demo's badges, collars and
 * e-bike guards (SIM_ASSETS=1): for a person (a badge), a pet (a watch-protocol collar bound to a
 * pet here) and an e-bike (a GT06 guard that registers itself) the operator opens the info dialog
 * from the kind's monitor, 告警中心 with the alarm the device raised — its headers, its filters,
 * 历史告警 and the handling example — 里程报表 filtered to the asset, whose filters then speak the
 * kind's words, 轨迹回放 opened for it, 电子围栏 with a fence on it alone (its binding and its delete
 * question) and the kind's own area: the 考勤区域 dialog of a person, 安全区域 of a pet. None of the
 * vehicle words the kind says otherwise (read from the SDK's vocabulary) appears in them. Runs its own server.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { AssetKind } from '../sdk/asset-kinds';
import { ASSET_VOCABULARY, MIXED_ASSET_WORDS, searchLabel, vehicleWordsAvoided } from '../sdk/asset-vocabulary';
import { test } from './browser';
import { ADMIN, login, type Session } from './console-app';
import { reaches, shows } from './expect-ui';
import { Gt06Guard } from './gt06-guard';
import { startServer, type RunningServer } from './server';
import { liveReady, screenshot } from './sos-terminal';
import { WATCH_SOS, WatchBadge } from './watch-badge';

/** A demo badge (card.e2e's): its wearer is one of the demo staff. */
const BADGE = '868710040000093';
/** A watch-protocol collar, bound here to a pet of its own. */
const COLLAR = '868710059990017';
const PET = '团团';
/** A GT06 e-bike guard: unknown to the server, it registers itself as an e-bike (AUTO_REGISTER). */
const GUARD = '358710069990023';
/** The watch status word of a collar taken off (bit 20: 脱落). */
const WATCH_TAKE_OFF = '00100000';
const WORKS = { lon: 120.7195, lat: 31.3265 };
const PARK = { lon: 120.7213, lat: 31.3248 };
let server: RunningServer;
let badge: WatchBadge;
let collar: WatchBadge | undefined;
let guard: Gt06Guard;

beforeAll(async () => {
  server = await startServer({ name: 'kind-words-e2e-server', env: { AUTO_REGISTER: '1', SIM_ASSETS: '1' } });
  badge = await WatchBadge.connect(server.watchPort, BADGE);
  for (let m = 30; m >= 0; m -= 10) await badge.send(WatchBadge.location('UD', WORKS, new Date(Date.now() - m * 60_000)));
  guard = await Gt06Guard.connect(server.gt06Port, GUARD);
  for (let m = 30; m >= 0; m -= 10) guard.report(PARK, new Date(Date.now() - m * 60_000));
});
afterAll(async () => {
  badge?.close();
  collar?.close();
  guard?.close();
  await server?.stop();
});

/** Asserts that `text` holds none of the vehicle words `kind` says otherwise. */
function saysNoVehicleWord(text: string, kind: AssetKind, what: string): void {
  for (const word of vehicleWordsAvoided(kind)) expect(text, `${what} says ${word}`).not.toContain(word);
}

/** Asserts that `where` shows none of the vehicle words `kind` says otherwise. */
async function speaksOwnWords(where: Locator, kind: AssetKind, what: string): Promise<void> {
  saysNoVehicleWord(await where.innerText(), kind, what);
}

/** Opens the asset of `terminalNo` (or the first) from its kind's monitor; checks both tabs of the info dialog. Answers its terminal number. */
async function checkInfoDialog(page: Page, kind: AssetKind, monitorPath: string, terminalNo?: string): Promise<string> {
  await page.goto(monitorPath);
  await reaches(page, (p) => p === monitorPath, monitorPath);
  const words = ASSET_VOCABULARY[kind];
  if (terminalNo) {
    // a monitor that shows another view first (宠物卡片) keeps its tree under the tab 宠物列表
    const search = page.getByRole('searchbox', { name: `搜索${words.nameLabel}或终端号` });
    const listTab = page.getByRole('tab', { name: `${words.noun}列表` });
    await shows(search.or(listTab), 'the tree search or its tab', 30_000);
    if (!(await search.isVisible())) await listTab.click();
    await (await shows(search, 'the tree search')).fill(terminalNo);
  }
  const rows = page.locator('[role="row"][data-row-key]');
  const row = terminalNo ? page.locator(`[role="row"][data-row-key="${terminalNo}"]`) : rows.first();
  await shows(row, `a ${kind} in the monitor table`, 30_000);
  const no = (await row.getAttribute('data-row-key'))!;
  await row.click();
  const dialog = await shows(page.getByRole('dialog').filter({ hasText: words.infoTitle }), `the ${words.infoTitle} dialog`, 20_000);
  await shows(dialog.getByText(words.nameLabel, { exact: true }), `the ${words.nameLabel} field`);
  await speaksOwnWords(dialog, kind, `the ${kind}'s 跟踪 tab`);
  await dialog.getByRole('tab', { name: '详情' }).click();
  await shows(dialog.getByText('终端型号'), 'the 详情 tab', 20_000);
  await speaksOwnWords(dialog, kind, `the ${kind}'s 详情 tab`);
  await dialog.getByRole('button', { name: '关闭' }).click();
  return no;
}

/**
 * 告警中心 holding the `alarmName` of `terminalNo` (a `kind`): 实时告警 headed in the kind's words,
 * the searches of 实时告警 and 历史告警 in neutral ones (it holds every kind's alarms), 历史告警's rows
 * in the kind's, and the handling dialog's example the kind's.
 */
async function checkAlarmCentre(page: Page, kind: AssetKind, terminalNo: string, alarmName: string): Promise<void> {
  const words = ASSET_VOCABULARY[kind];
  await page.goto(`/car/alarm?keyword=${terminalNo}`);
  const table = page.getByRole('table', { name: '实时告警' });
  await shows(table.getByRole('row').filter({ hasText: alarmName }).filter({ hasText: terminalNo }), `the ${kind}'s ${alarmName} in 实时告警`, 30_000);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers).toEqual(expect.arrayContaining([words.nameLabel, words.groupLabel]));
  await speaksOwnWords(table, kind, `the ${kind}'s 实时告警`);
  const realtimeSearch = await shows(page.getByRole('textbox', { name: searchLabel(MIXED_ASSET_WORDS) }), 'the neutral search of 实时告警');
  saysNoVehicleWord(`${await realtimeSearch.getAttribute('placeholder')}`, kind, 'the search of 实时告警');

  await page.getByRole('checkbox', { name: '全选本页' }).click();
  await page.getByRole('button', { name: /批量处理/ }).click();
  const handle = await shows(page.getByRole('dialog', { name: '处理告警' }), 'the 处理告警 dialog');
  expect(await handle.getByRole('textbox').getAttribute('placeholder')).toBe(`例如：${words.handlingExample}`);
  await speaksOwnWords(handle, kind, `the ${kind}'s 处理告警 dialog`);
  await handle.getByRole('button', { name: '取消' }).click();

  await page.getByRole('tab', { name: '历史告警' }).click();
  const filters = await shows(page.getByRole('search', { name: '历史告警查询' }), 'the 历史告警 filters');
  await filters.getByLabel(searchLabel(MIXED_ASSET_WORDS)).fill(terminalNo);
  await filters.getByRole('button', { name: '查询' }).click();
  const history = page.getByRole('table', { name: '历史告警' });
  await shows(history.getByRole('row').filter({ hasText: alarmName }).filter({ hasText: terminalNo }), `the ${kind}'s ${alarmName} in 历史告警`, 30_000);
  await speaksOwnWords(filters, kind, 'the 历史告警 filters');
  await speaksOwnWords(history, kind, `the ${kind}'s 历史告警`);
}

/** 里程报表 of today filtered to one asset: its headers and then its filters are the kind's. */
async function checkMileageReport(page: Page, kind: AssetKind, terminalNo: string): Promise<void> {
  await page.goto('/data-report/dataReport/mileageReport');
  const search = await shows(page.getByRole('search', { name: '里程报表查询' }), 'the 里程报表 filters', 30_000);
  await search.getByRole('button', { name: '今天' }).click();
  await search.getByLabel(/\/终端号$/).fill(terminalNo);
  await search.getByRole('button', { name: '查询' }).click();
  const table = page.getByRole('table', { name: '里程报表' });
  await shows(table.locator(`[role="row"][data-row-key^="${terminalNo}-"]`), `the ${kind}'s row of today`, 30_000);
  // the asset's rows alone: the answer of the query, not the rows of every asset the page opened with
  const keys = () => table.locator('[role="row"][data-row-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''));
  await expect.poll(async () => (await keys()).every((k) => k.startsWith(`${terminalNo}-`)), { timeout: 30_000 }).toBe(true);
  const words = ASSET_VOCABULARY[kind];
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers).toEqual(expect.arrayContaining([words.nameLabel, words.groupLabel]));
  await speaksOwnWords(table, kind, `the ${kind}'s 里程报表`);
  // filtered to one kind, the filters speak it too
  await shows(search.getByLabel(searchLabel(words), { exact: true }), `the ${searchLabel(words)} filter`);
  await shows(search.getByRole('combobox', { name: words.groupLabel, exact: true }), `the ${words.groupLabel} filter`);
  await speaksOwnWords(search, kind, `the ${kind}'s 里程报表 filters`);
  await speaksOwnWords(page.getByRole('group', { name: '合计' }), kind, `the ${kind}'s 里程报表 totals`);
}

/** 轨迹回放 opened for the asset from its kind's monitor: its form and its totals say the kind's words. */
async function checkPlayback(page: Page, kind: AssetKind, terminalNo: string): Promise<void> {
  const words = ASSET_VOCABULARY[kind];
  await page.goto(`/car/playback?urlType=blank&terminalNo=${terminalNo}`);
  const form = await shows(page.getByRole('form', { name: '轨迹查询' }), 'the 轨迹查询 form', 30_000);
  await shows(form.getByText(words.noun, { exact: true }), `the ${words.noun} field`, 20_000);
  const totals = page.getByTestId('playback-totals');
  await shows(totals.getByText(`${words.moving}时长`, { exact: true }), `the ${words.moving}时长 figure`, 30_000);
  await speaksOwnWords(page.getByTestId('playback-page'), kind, `the ${kind}'s 轨迹回放`);
}

/**
 * 电子围栏 with a fence on `terminalNo` alone (made through the API): its binding says the kind's
 * noun and group word (人员 1 · 部门 0), and so does the question before deleting it; the editor's
 * lists of what may be bound are in the words of every kind listed (a tenant of several kinds: 资产, 分组).
 */
async function checkFence(page: Page, session: Session, kind: AssetKind, terminalNo: string): Promise<void> {
  const words = ASSET_VOCABULARY[kind];
  const headers = { sessionId: session.sessionId, userId: session.userId };
  const list = await (await page.request.get('/car/v4/api/monitor/list.json', { headers, params: { keyword: terminalNo, current: 1, pageSize: 5, status: 'all' } })).json();
  const asset = (list.obj.list as { terminalNo: string; vehicleId: number; lon: number; lat: number }[]).find((i) => i.terminalNo === terminalNo)!;
  const name = `${words.noun}围栏`;
  const saved = await (await page.request.post('/car/v4/api/fence/save.json', {
    headers, data: { name, shape: 'circle', center: [asset.lon, asset.lat], radius: 300, trigger: 'both', vehicleIds: [asset.vehicleId], groupIds: [] },
  })).json();
  expect(saved.flag, saved.msg).toBe(1);

  await page.goto('/car/fence');
  const item = page.getByRole('listitem', { name: `围栏 ${name}` });
  await shows(item.getByText(`${words.noun} 1 · ${words.groupLabel} 0`, { exact: true }), `the fence's binding in the ${kind}'s words`, 30_000);
  await speaksOwnWords(item, kind, `the ${kind}'s fence`);
  await screenshot(page, `kind-words-${kind}-fence.png`);
  await item.getByRole('button', { name: '删除' }).click();
  const question = await shows(page.getByRole('alertdialog', { name: '删除围栏' }), 'the 删除围栏 question');
  await shows(question.getByText(`删除后绑定的${words.noun}不再产生该围栏的告警`, { exact: false }), `the question in the ${kind}'s words`);
  await speaksOwnWords(question, kind, `the ${kind}'s 删除围栏 question`);
  await question.getByRole('button', { name: '取消' }).click();

  await item.getByRole('button', { name: '编辑' }).click();
  const editor = await shows(page.getByRole('form', { name: '编辑围栏' }), 'the fence editor');
  // the demo tenant holds vehicles, people, pets and e-bikes: what may be bound is said in the words of several kinds
  await shows(editor.getByRole('group', { name: `绑定${MIXED_ASSET_WORDS.groupLabel}` }), `the 绑定${MIXED_ASSET_WORDS.groupLabel} list`);
  await shows(editor.getByText(`绑定${MIXED_ASSET_WORDS.noun}（已选 1 ${MIXED_ASSET_WORDS.unit}）`, { exact: true }), `the 绑定${MIXED_ASSET_WORDS.noun} list`);
  await shows(editor.getByRole('textbox', { name: `搜索${MIXED_ASSET_WORDS.noun}` }), 'the search of what may be bound');
  await screenshot(page, `kind-words-${kind}-fence-editor.png`);
  await editor.getByRole('button', { name: '取消' }).click();
}

/** 考勤区域 of 智能工牌: the 新增考勤区域 dialog, its map opened on the people, speaks of people. */
async function checkWorkAreaDialog(page: Page): Promise<void> {
  await page.goto('/card/attendance');
  await (await shows(page.getByRole('button', { name: '新增区域' }), 'the 新增区域 button', 30_000)).click();
  const dialog = await shows(page.getByRole('dialog', { name: '新增考勤区域' }), 'the work area dialog');
  await shows(dialog.getByText(/^地图显示人员 \d+ 人/), 'the people the map opens on', 30_000);
  await speaksOwnWords(dialog, 'person', 'the 新增考勤区域 dialog');
  await screenshot(page, 'kind-words-work-area.png');
  await dialog.getByRole('button', { name: '取消' }).click();
}

/** 安全区域 of 宠物守护 for `pet`: its side and its map (with the legend) speak of pets. */
async function checkSafeZones(page: Page, pet: string): Promise<void> {
  await page.goto('/pet/zones');
  const side = await shows(page.getByRole('complementary', { name: '安全区域' }), 'the 安全区域 side', 30_000);
  await side.getByRole('textbox', { name: '搜索宠物' }).fill(pet);
  const picked = side.getByRole('combobox', { name: '宠物' });
  await expect.poll(() => picked.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''), { timeout: 30_000 }).toBe(pet);
  const map = page.getByRole('region', { name: '安全区域地图' });
  await shows(map.locator('.tl-map-legend'), 'the map legend', 30_000);
  await speaksOwnWords(side, 'pet', 'the 安全区域 side');
  await speaksOwnWords(map, 'pet', 'the 安全区域 map');
  await screenshot(page, 'kind-words-pet-zones.png');
}

describe('each kind speaks its own words', () => {
  test('a person: 人员信息, 告警中心 headed 姓名 and 部门 with its handling example, 里程报表, 轨迹回放, 电子围栏, 考勤区域', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const ready = liveReady(page);
    const session = await login(page, ADMIN);
    await ready;
    await checkInfoDialog(page, 'person', '/card/monitor', BADGE);

    await badge.send(WatchBadge.location('AL', WORKS, new Date(), WATCH_SOS), 'AL');
    await checkAlarmCentre(page, 'person', BADGE, '紧急报警');
    await checkMileageReport(page, 'person', BADGE);
    await checkPlayback(page, 'person', BADGE);
    await checkFence(page, session, 'person', BADGE);
    await checkWorkAreaDialog(page);
  });

  test('a pet: 宠物信息, 告警中心 with its collar taken off, 里程报表, 轨迹回放, 电子围栏, 安全区域', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const ready = liveReady(page);
    const session = await login(page, ADMIN);
    await ready;
    const headers = { sessionId: session.sessionId, userId: session.userId };
    const post = async (url: string, data: object) => {
      const res = await (await page.request.post(url, { headers, data })).json();
      expect(res.flag, `${url}: ${res.msg}`).toBe(1);
      return res.obj;
    };
    // 系统管理: the collar, the pet and their binding; then the collar links and reports the last half hour
    const terminal = await post('/car/v1/api/system/terminal/add.json', { terminalNo: COLLAR, edition: 'watch', model: 'TL-P2 项圈' });
    const pet = await post('/car/v1/api/system/vehicle/add.json', { plateNo: PET, assetKind: 'pet', plateColor: 0, profile: { species: '狗', breed: '柯基' } });
    await post('/car/v1/api/system/vehicle/bind.json', { vehicleId: pet.id, terminalId: terminal.id });
    collar = await WatchBadge.connect(server.watchPort, COLLAR);
    for (let m = 30; m >= 0; m -= 10) await collar.send(WatchBadge.location('UD', PARK, new Date(Date.now() - m * 60_000)));

    await checkInfoDialog(page, 'pet', '/pet/monitor', COLLAR);
    await collar.send(WatchBadge.location('AL', PARK, new Date(), WATCH_TAKE_OFF), 'AL');
    await checkAlarmCentre(page, 'pet', COLLAR, '脱落报警');
    await checkMileageReport(page, 'pet', COLLAR);
    await checkPlayback(page, 'pet', COLLAR);
    await checkFence(page, session, 'pet', COLLAR);
    await checkSafeZones(page, PET);
  });

  test('an e-bike: 电动车信息, its menu 电动车监控, 告警中心 with its guard’s low battery, 里程报表, 轨迹回放, 电子围栏', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const ready = liveReady(page);
    const session = await login(page, ADMIN);
    await ready;
    await checkInfoDialog(page, 'ebike', '/elec-car/monitor', GUARD);
    // 电动车卫士's menu names its monitor 电动车监控
    await shows(page.getByText('电动车监控', { exact: true }).first(), 'the menu entry 电动车监控');
    guard.report(PARK, new Date(), ['lowBattery'], 15);
    await checkAlarmCentre(page, 'ebike', GUARD, '低电报警');
    await checkMileageReport(page, 'ebike', GUARD);
    await checkPlayback(page, 'ebike', GUARD);
    await checkFence(page, session, 'ebike', GUARD);
  });
});
