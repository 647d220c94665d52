/**
 * The example plugin 冷链监控 (examples/cold-chain) as its author ships it: the folder copied out of the
 * repository, the packed SDK installed, its own tests and build run there, dist/ dropped into a running
 * platform's PLUGINS_DIR. A refrigerated truck of the demo tenant then reports its cold box over JT/T 808
 * (item 0xE1): each episode above the limit is one 温度超限 in 告警中心, 实时监控 and the vehicle dialog
 * show the temperature, and the readings go into 下载中心. The other tenant gets none of it, and a second
 * plugin whose server part throws while it runs is stopped without taking 冷链监控 or the platform along.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { AlarmApi } from '../sdk/contracts/alarm';
import type { Alarm } from '../sdk/services/alarm-service';
import type { MonitorItem } from '../server/api/monitor/monitor-item';
import { Jt808TestTerminal } from '../server/gateway/testing/jt808-test-terminal';
import { ApiClient, type Injector } from '../server/testing/api-client';
import { waitExportDone } from '../server/testing/export-records';
import { pollUntil } from '../server/testing/poll-until';
import { buildOutside, sh } from '../tools/plugins/outside-build';
import { test } from './browser';
import { ADMIN, OTHER, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { screenshot } from './screenshot';
import { REPO_ROOT, startServer, type RunningServer } from './server';
import { offeredSubApps, switchSubApp } from './shell-ui';

const TITLE = '冷链监控';
const API = '/plugins/cold-chain/api';
/** A terminal the gateway registers into 天路演示 (AUTO_REGISTER) as the vehicle of the plate it sends. */
const DEMO_PHONE = '013877700001';
const DEMO_TERMINAL = '13877700001';
const PLATE = '粤B12345';
/** A vehicle of the other tenant (the demo fleet's 苏E80001). */
const OTHER_PHONE = '013900000001';
const TICKER_TITLE = '计时插件';
/** Two episodes above the default 8 ℃: 9.5…9.0, then 12.5…11.0. */
const READINGS = [4, 9.5, 10.2, 9, 5, 6, 12.5, 11];
const LOCATED = 0b11;

/** The API over HTTP, as the test clients call a server of another process. */
function overHttp(baseUrl: string): Injector {
  return {
    async inject({ method, url, query, payload, headers }) {
      const target = new URL(url, baseUrl);
      for (const [k, v] of Object.entries(query ?? {})) target.searchParams.set(k, v);
      const json = payload !== undefined && typeof payload !== 'string';
      const res = await fetch(target, {
        method,
        headers: { ...headers, ...(json && { 'content-type': 'application/json' }) },
        ...(payload !== undefined && { body: json ? JSON.stringify(payload) : payload }),
      });
      const text = await res.text();
      return { json: <T,>() => JSON.parse(text) as T };
    },
  };
}

/** The item 0xE1 of a temperature: signed 16-bit tenths of a degree, the plugin's default encoding. */
const e1 = (celsius: number) => ({ id: 0xe1, hex: (Math.round(celsius * 10) & 0xffff).toString(16).padStart(4, '0') });

/**
 * A server part whose job starts a timer that throws a moment later, where nothing catches it: the
 * platform stops that part and carries on.
 */
const TICKER_SERVER = `
export default {
  kind: 'tianlu-server-module',
  name: 'ticker',
  jobs: [{ name: 'tick', start() { const t = setTimeout(() => { throw new Error('计时任务出错'); }, 300); return { close: () => clearTimeout(t) }; } }],
  routes: [{ name: 'ticker', routes: [{ method: 'GET', url: '/plugins/ticker/api/ping.json', handler: async () => ({ ok: true }) }] }],
};
`;

let server: RunningServer;
let pluginsDir: string;
let outside: string;
let testOutput: string;
let admin: ApiClient;
let other: ApiClient;
let demoTerminal: Jt808TestTerminal;
let otherTerminal: Jt808TestTerminal;
/** The report times of READINGS, a minute apart, ending a minute ago. */
let times: Date[];

async function installTicker(): Promise<void> {
  const dir = path.join(pluginsDir, 'ticker');
  await mkdir(path.join(dir, 'server'), { recursive: true });
  await writeFile(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      platformId: 94, systemId: 'ticker', name: 'ticker', productionEntry: '/child/ticker/index.js', developmentEntry: '/child/ticker/index.js',
      title: TICKER_TITLE, icon: 'Timer', path: '/ticker/', created: '2026-11-27', iconfont: 'icon-ticker', enabled: true,
      serverEntry: 'server/index.js', menus: [{ id: 9401, title: '首页', path: '/ticker/home' }],
    }),
  );
  await writeFile(path.join(dir, 'index.js'), 'export default {};\n');
  await writeFile(path.join(dir, 'server', 'index.js'), TICKER_SERVER);
}

type ManifestRecord = { systemId: string; serverError?: string };
const installed = async () => (await (await fetch(`${server.baseUrl}/plugins.manifest.json`)).json()) as ManifestRecord[];

async function report(terminal: Jt808TestTerminal, celsius: number, gpsTime: Date): Promise<void> {
  const serial = terminal.sendLocation({ latitude: 31.23, longitude: 121.47, speedKmh: 40, statusFlags: LOCATED, gpsTime, items: [e1(celsius)] });
  expect((await terminal.ackFor(serial, 10_000)).result).toBe(0);
}

interface VehicleRow {
  terminalNo: string;
  name: string;
  latest: { celsius: number; time: string } | null;
  min: number;
  max: number;
  custom: boolean;
  state: string;
}

const ourVehicle = async () => (await admin.get<{ list: VehicleRow[] }>(`${API}/vehicles.json`)).obj.list.find((v) => v.terminalNo === DEMO_TERMINAL);

async function overTempAlarms(client: ApiClient): Promise<Alarm[]> {
  const end = new Date(Date.now() + 60_000).toISOString();
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const page = await client.get<{ list: Alarm[] }>(AlarmApi.history.path, { current: 1, pageSize: 100, start, end });
  expect(page.flag, page.msg).toBe(1);
  return page.obj.list.filter((a) => a.alarmType === 'cold-chain.overTemp').sort((a, b) => a.startTime.localeCompare(b.startTime));
}

beforeAll(async () => {
  [pluginsDir, outside] = await Promise.all([mkdtemp(path.join(tmpdir(), 'tianlu-e2e-plugins-')), mkdtemp(path.join(tmpdir(), 'tianlu-cold-chain-'))]);
  await installTicker();
  const starting = startServer({ name: 'e2e-cold-chain-server', env: { PLUGINS_DIR: pluginsDir, AUTO_REGISTER: '1', JT808_AUTO_REGISTER: '1' } });
  // built as an outsider builds it: a copy outside the repository, the packed SDK, the registry's packages
  const tarball = inject('sdkTarball');
  // its server part's tests here (on the SDK's harness); its page tests and its types against the package
  // run in npm run example:install, and the author scenario (create-plugin) type-checks a plugin
  const { folder } = await buildOutside(path.join(REPO_ROOT, 'examples', 'cold-chain'), tarball, { into: outside, test: false });
  testOutput = await sh('npm', ['test', '--', '--project', 'server'], folder);
  server = await starting;
  await cp(path.join(folder, 'dist'), path.join(pluginsDir, 'cold-chain'), { recursive: true });
  // the platform reads PLUGINS_DIR again when the console asks for the manifest: the part loads then
  await pollUntil(installed, (list) => list.some((r) => r.systemId === 'cold-chain'), 'cold-chain to be installed');

  admin = new ApiClient(overHttp(server.baseUrl));
  other = new ApiClient(overHttp(server.baseUrl));
  for (const [client, who] of [[admin, ADMIN], [other, OTHER]] as const) expect((await client.login(who.account, who.password)).flag).toBe(1);
  demoTerminal = await Jt808TestTerminal.connect(server.jt808Port, DEMO_PHONE);
  await demoTerminal.login();
  otherTerminal = await Jt808TestTerminal.connect(server.jt808Port, OTHER_PHONE);
  await otherTerminal.login();
  const last = Math.floor(Date.now() / 1000) * 1000 - 60_000;
  times = READINGS.map((_, i) => new Date(last - (READINGS.length - 1 - i) * 60_000));
}, 900_000);

afterAll(async () => {
  demoTerminal?.close();
  otherTerminal?.close();
  await server?.stop();
  for (const dir of [pluginsDir, outside]) if (dir) await rm(dir, { recursive: true, force: true });
});

/** Opens 智能车联 → 实时监控. */
async function openMonitor(page: Page): Promise<void> {
  await switchSubApp(page, '智能车联');
  await reaches(page, (p) => p.startsWith('/car/'), 'a page under /car/');
  await (await shows(page.getByText('实时监控', { exact: true }), 'the menu entry 实时监控')).click();
  await reaches(page, (p) => p === '/car/monitor', '/car/monitor');
}

describe('冷链监控, built outside the repository and installed into a running platform', () => {
  test('passes its server part’s tests and builds the console entry and the server part into the folder PLUGINS_DIR takes', async () => {
    expect(testOutput).toMatch(/Tests\s+\d+ passed/);
    expect(testOutput).not.toMatch(/failed/);
    const dir = path.join(pluginsDir, 'cold-chain');
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['index.js', 'manifest.json', 'server']));
    expect(await readdir(path.join(dir, 'server'))).toContain('index.js');
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as { serverEntry?: string; systemId: string };
    expect(manifest).toMatchObject({ systemId: 'cold-chain', serverEntry: 'server/index.js' });
    expect((await installed()).find((r) => r.systemId === 'cold-chain')?.serverError).toBeUndefined();
  });

  test('raises one 温度超限 per episode above the limit, as 告警中心 reads them', async () => {
    for (const [i, celsius] of READINGS.entries()) await report(demoTerminal, celsius, times[i]!);
    const vehicle = await pollUntil(ourVehicle, (v) => v?.latest?.time === times.at(-1)!.toISOString(), 'the part to store the last reading');
    expect(vehicle).toMatchObject({ name: PLATE, latest: { celsius: 11 }, min: 2, max: 8, custom: false, state: 'over' });

    const alarms = await pollUntil(() => overTempAlarms(admin), (list) => list.length >= 2, 'two 温度超限');
    expect(alarms.map((a) => ({ name: a.alarmName, level: a.level, plate: a.plateNo, celsius: a.detail.celsius, ended: a.endTime !== null }))).toEqual([
      { name: '温度超限', level: 'urgent', plate: PLATE, celsius: 9.5, ended: true },
      { name: '温度超限', level: 'urgent', plate: PLATE, celsius: 12.5, ended: false },
    ]);
    const readings = await admin.get<{ list: { time: string; celsius: number }[]; min: number; max: number }>(`${API}/readings.json`, {
      terminalNo: DEMO_TERMINAL, start: times[0]!.toISOString(), end: times.at(-1)!.toISOString(),
    });
    expect(readings.obj).toEqual({ list: READINGS.map((celsius, i) => ({ time: times[i]!.toISOString(), celsius })), min: 2, max: 8 });
  });

  test('shows the temperature in 实时监控’s 温度 column and the vehicle dialog’s 温度 tab', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await openMonitor(page);
    const row = page.locator('[role="row"]', { hasText: PLATE }).first();
    await shows(row, `the row of ${PLATE}`, 30_000);
    const cell = row.locator('[data-col="cold-chain.t1"]');
    await expect.poll(() => cell.innerText(), { timeout: 15_000 }).toBe('11.0℃');
    // beside the platform's own columns: the operator scrolls the table to it
    await cell.scrollIntoViewIfNeeded();
    const box = await cell.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 1366 && box.y + box.height <= 768, `the 温度 cell within the window: ${JSON.stringify(box)}`).toBe(true);
    await shows(page.getByRole('columnheader', { name: '温度' }), 'the column header 温度');
    await screenshot(page, 'cold-chain-monitor.png');

    await row.click();
    const dialog = await shows(page.getByRole('dialog').filter({ hasText: '车辆信息' }), 'the vehicle dialog');
    await (await shows(dialog.getByRole('tab', { name: '温度' }), 'the 温度 tab')).click();
    const latest = await shows(dialog.getByLabel('最新温度'), 'the latest temperature on the 温度 tab');
    await expect.poll(() => latest.innerText(), { timeout: 15_000 }).toMatch(/^11\.0\s*℃$/);
    await screenshot(page, 'cold-chain-vehicle-tab.png');
  });

  test('exports the readings into 下载中心', async () => {
    const started = await admin.postJson<{ id: number; fileName: string }>(`${API}/export.json`, {
      terminalNo: DEMO_TERMINAL, start: times[0]!.toISOString(), end: times.at(-1)!.toISOString(),
    });
    expect(started.flag, started.msg).toBe(1);
    expect(started.obj.fileName).toMatch(/^冷链监控-温度记录-\d{8}\.xlsx$/);
    const record = await waitExportDone(admin, started.obj.id);
    expect(record).toMatchObject({ status: 1, fileName: started.obj.fileName });

    const res = await fetch(new URL(`/car/v1/accelerate/export/download.json?id=${started.obj.id}`, server.baseUrl), {
      headers: { sessionId: admin.sessionId!, userId: String(admin.userId) },
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['车牌', '终端号', '时间', '温度(℃)', '下限', '上限', '状态']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[6]])).toEqual(READINGS.map((c) => [PLATE, DEMO_TERMINAL, c, c > 8 ? '超限' : '正常']));
  });

  test('the other tenant has none of it: not offered, its API refused, its own hot terminal raises nothing', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, OTHER);
    expect(await offeredSubApps(page)).not.toContain(TITLE);
    expect((await other.get(`${API}/vehicles.json`)).flag).toBe(403);
    expect((await other.postJson(`${API}/export.json`, { start: times[0]!.toISOString(), end: times.at(-1)!.toISOString() })).flag).toBe(403);

    const now = Math.floor(Date.now() / 1000) * 1000;
    for (const i of [3, 2, 1]) await report(otherTerminal, 15, new Date(now - i * 10_000));
    // the demo terminal reports after them: once the part has stored this, it had every batch before it
    await report(demoTerminal, 10.5, new Date(now));
    await pollUntil(ourVehicle, (v) => v?.latest?.celsius === 10.5, 'the part to store the demo reading after the other tenant’s');
    const theirs = await other.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { keyword: OTHER_PHONE });
    expect(theirs.obj.list[0]?.readings).toEqual({ 'item.e1': '0096' });
    expect(await overTempAlarms(other)).toEqual([]);
    // and the demo tenant's episode is still the one open alarm
    expect((await overTempAlarms(admin)).map((a) => a.endTime === null)).toEqual([false, true]);
  });

  test('a plugin whose server part throws while it runs is stopped, and 冷链监控 and the platform keep working', async ({ newContext }) => {
    const failed = await pollUntil(installed, (list) => Boolean(list.find((r) => r.systemId === 'ticker')?.serverError), 'the ticker part to be stopped');
    expect(failed.find((r) => r.systemId === 'ticker')?.serverError).toContain('插件 ticker 的服务端运行出错，已停止：计时任务出错');
    expect(failed.find((r) => r.systemId === 'cold-chain')?.serverError).toBeUndefined();

    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await switchSubApp(page, TICKER_TITLE);
    await shows(page.getByText('插件加载失败', { exact: true }), 'the notice 插件加载失败');

    // 冷链监控 goes on: the reading back inside ends the open episode, and its page lists the vehicle
    await report(demoTerminal, 5, new Date(Math.floor(Date.now() / 1000) * 1000));
    await pollUntil(ourVehicle, (v) => v?.state === 'normal', 'the reading back inside the limits');
    const alarms = await pollUntil(() => overTempAlarms(admin), (list) => list.every((a) => a.endTime !== null), 'the second episode to end');
    expect(alarms).toHaveLength(2);
    await switchSubApp(page, TITLE);
    await reaches(page, (p) => p.startsWith('/cold-chain/'), 'a page of 冷链监控');
    await shows(page.getByRole('main').getByText(PLATE).first(), `${PLATE} on 温度总览`);
    await screenshot(page, 'cold-chain-overview.png');
  });
});
