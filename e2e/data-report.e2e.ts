/**
 * 数据报表 against the real server: a terminal uploads yesterday morning over JT/T 808; the
 * operator opens 里程报表, picks 昨天, reads the vehicle's mileage, exports the report and finds
 * the finished spreadsheet in 下载中心; 车辆日在线 lists the vehicle per day; another tenant sees
 * none of it. This file starts its own server (the terminal registers itself into 天路演示).
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, OTHER, login } from './console-app';
import { shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { Jt808TestTerminal } from '../server/gateway/testing/jt808-test-terminal';
import { sendTrackDay, type TrackDay } from './track-day';
import { screenshot } from './screenshot';

const PHONE = '013900000077';
let server: RunningServer;
let day: TrackDay;
let yesterday: string;

beforeAll(async () => {
  server = await startServer({ name: 'data-report-e2e-server', env: { SIM_DEVICES: '0', JT808_AUTO_REGISTER: '1' } });
  const today = Math.floor((Date.now() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000;
  yesterday = new Date(today - 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
  day = await sendTrackDay(server.jt808Port, PHONE, today - 86_400_000 + 8 * 3600_000);
  // today, live: an SOS, then a normal report ten seconds later
  const terminal = await Jt808TestTerminal.connect(server.jt808Port, PHONE);
  try {
    await terminal.login();
    for (const [alarmFlags, ago] of [[1, 10_000], [0, 0]] as const) {
      const serial = terminal.sendLocation({ latitude: 39.909, longitude: 116.397, speedKmh: 20, statusFlags: 0b11, alarmFlags, gpsTime: new Date(Date.now() - ago) });
      expect((await terminal.ackFor(serial, 10_000)).result).toBe(0);
    }
  } finally {
    terminal.close();
  }
});
afterAll(() => server?.stop());

describe('数据报表', () => {
  test('admin reads yesterday’s mileage, exports it and downloads the file from 下载中心', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await page.goto('/data-report/dataReport/mileageReport');
    const search = await shows(page.getByRole('search', { name: '里程报表查询' }), 'the 里程报表 filters', 30_000);
    await search.getByRole('button', { name: '昨天' }).click();
    await search.getByLabel(/\/终端号$/).fill(PHONE);
    await search.getByRole('button', { name: '查询' }).click();

    const row = await shows(page.locator(`[role="row"][data-row-key="${PHONE}-${yesterday}"]`), 'the vehicle’s row of yesterday', 20_000);
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    // 2 h 20 min of reports: 40 min at 36 km/h, 20 min parked, 40 min at 36, 40 min at 72 (odometer ~96 km)
    expect(text).toContain('里程表');
    expect(text).toContain(String(day.positions));
    expect(text).toMatch(/\b9[5-7]\.\d\d\b/);
    expect(text).toContain('130 km/h');
    const totals = page.getByRole('group', { name: '合计' });
    await shows(totals.getByText('1 辆'), 'one vehicle in the totals');
    await shows(page.getByRole('img', { name: '每日里程' }), 'the bar of yesterday');
    await screenshot(page, 'data-report-mileage.png', { fullPage: true });

    await search.getByRole('button', { name: '导出' }).click();
    await shows(page.getByText('已加入下载中心'), 'the 已加入下载中心 toast');
    await shows(page.getByText('导出任务已提交，生成后可在下载中心下载'), 'the download tip');
    await screenshot(page, 'data-report-export.png', { fullPage: true });
    await page.getByRole('button', { name: '前往下载中心' }).click();
    const record = page.getByRole('row').filter({ hasText: `里程报表-${yesterday}至${yesterday}.xlsx` });
    await shows(record, 'the export record in 下载中心', 20_000);
    // written in the background: 刷新 until it is ready
    await expect.poll(async () => {
      if ((await record.getByText('可下载').count()) === 0) await page.getByRole('button', { name: '刷新' }).click();
      return record.getByText('可下载').count();
    }, { timeout: 20_000, interval: 500 }).toBe(1);
    await screenshot(page, 'data-report-download-centre.png', { fullPage: true });
    const download = page.waitForEvent('download');
    await record.getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toBe(`里程报表-${yesterday}至${yesterday}.xlsx`);
  });

  test('车辆日在线 lists the vehicle per day with the online rate; 告警明细 lists today’s SOS', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await page.goto('/data-report/dataReport/carDayOnline');
    const search = await shows(page.getByRole('search', { name: '日在线查询' }), 'the 车辆日在线 filters', 30_000);
    await search.getByLabel(/\/终端号$/).fill(PHONE);
    await search.getByRole('button', { name: '查询' }).click();
    // uploaded as blind-area (补传) reports: stored, but not online time
    const row = await shows(page.locator(`[role="row"][data-row-key="${PHONE}-${yesterday}"]`), 'the vehicle’s row of yesterday', 20_000);
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('离线');
    await shows(page.getByRole('table', { name: '每日在线率' }).getByText(yesterday), 'yesterday in the online rates');
    await screenshot(page, 'data-report-day-online.png', { fullPage: true });

    // today's live reports are online time
    const todayRow = page.locator(`[role="row"][data-row-key^="${PHONE}-"]`).last();
    expect((await todayRow.innerText()).replace(/\s+/g, ' ')).toContain('在线');

    // 告警明细: today's SOS
    await page.getByText('告警明细', { exact: true }).first().click();
    const alarms = await shows(page.getByRole('search', { name: '告警明细查询' }), 'the 告警明细 filters', 30_000);
    await alarms.getByRole('button', { name: '今天' }).click();
    await alarms.getByLabel(/\/终端号$/).fill(PHONE);
    await alarms.getByRole('button', { name: '查询' }).click();
    await shows(page.getByRole('table', { name: '告警明细' }).getByText('紧急报警'), 'today’s SOS', 20_000);
    await screenshot(page, 'data-report-alarms.png', { fullPage: true });
  });

  test('another tenant sees none of the vehicle in 里程报表', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, OTHER);
    await page.goto('/data-report/dataReport/mileageReport');
    const search = await shows(page.getByRole('search', { name: '里程报表查询' }), 'the 里程报表 filters', 30_000);
    await search.getByRole('button', { name: '昨天' }).click();
    await search.getByRole('button', { name: '查询' }).click();
    await shows(page.getByText('所选日期内没有上报记录'), 'an empty report');
    expect(await page.getByText(PHONE).count()).toBe(0);
  });
});
