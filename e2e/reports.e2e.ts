/**
 * 数据报表 from tracks against the real server: a JT/T 808 terminal uploads yesterday morning
 * (40 min driving, 20 min parked with ACC off, 80 min driving with two minutes at 130 km/h, the
 * fuel falling from 70 L); the operator opens 行程报表, 停车报表, 超速报表, 里程汇总, 油耗报表 and
 * 离线报表, reads the vehicle in each, and exports 行程报表 through 下载中心. This file starts its
 * own server (the terminal registers itself into 天路演示).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { shows } from './expect-ui';
import { RESULTS_DIR, startServer, type RunningServer } from './server';
import { sendTrackDay } from './track-day';

const PHONE = '013900000078';
let server: RunningServer;
let yesterday: string;

beforeAll(async () => {
  server = await startServer({ name: 'reports-e2e-server', env: { SIM_DEVICES: '0', JT808_AUTO_REGISTER: '1' } });
  const today = Math.floor((Date.now() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000;
  yesterday = new Date(today - 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
  await sendTrackDay(server.jt808Port, PHONE, today - 86_400_000 + 8 * 3600_000);
});
afterAll(() => server?.stop());

function screenshot(page: Page, name: string) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return page.screenshot({ path: path.join(RESULTS_DIR, name), fullPage: true });
}

/** Opens a report, picks 昨天 (when it has days), narrows it to the terminal and queries; answers the filter row. */
async function query(page: Page, url: string, title: string, opts: { yesterday?: boolean } = {}) {
  await page.goto(url);
  const search = await shows(page.getByRole('search', { name: `${title}查询` }), `the ${title} filters`, 30_000);
  if (opts.yesterday !== false) await search.getByRole('button', { name: '昨天' }).click();
  await search.getByLabel(/\/终端号$/).fill(PHONE);
  await search.getByRole('button', { name: '查询' }).click();
  return search;
}

const rowText = async (page: Page, table: string) =>
  (await shows(page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: PHONE }).first(), `a row of ${table}`, 30_000).then((r) => r.innerText())).replace(/\s+/g, ' ');

describe('数据报表 from tracks', () => {
  test('行程报表 splits the morning at the stop and exports to 下载中心', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    const search = await query(page, '/data-report/dataReport/tripReport', '行程报表');
    const totals = page.getByRole('group', { name: '合计' });
    await shows(totals.getByText('2 次'), 'two trips in the totals', 30_000);
    const first = await rowText(page, '行程报表');
    expect(first).toContain(`${yesterday} 08:00:00`);
    expect(first).toContain('36 km/h');
    await shows(page.getByRole('img', { name: '每日行程里程' }), 'the bar of yesterday');
    await screenshot(page, 'reports-trips.png');

    await search.getByRole('button', { name: '导出' }).click();
    await shows(page.getByText('已加入下载中心'), 'the 已加入下载中心 toast');
    await page.getByRole('button', { name: '前往下载中心' }).click();
    const record = page.getByRole('row').filter({ hasText: `行程报表-${yesterday}至${yesterday}.xlsx` });
    await shows(record, 'the export record in 下载中心', 20_000);
    await expect.poll(async () => {
      if ((await record.getByText('可下载').count()) === 0) await page.getByRole('button', { name: '刷新' }).click();
      return record.getByText('可下载').count();
    }, { timeout: 30_000, interval: 500 }).toBe(1);
    const download = page.waitForEvent('download');
    await record.getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toBe(`行程报表-${yesterday}至${yesterday}.xlsx`);
  });

  test('停车报表, 超速报表, 里程汇总, 油耗报表 and 离线报表 each show the vehicle', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);

    await query(page, '/data-report/dataReport/stopReport', '停车报表');
    const stop = await rowText(page, '停车报表');
    expect(stop).toContain('20分');
    expect(stop).toContain('关');
    await screenshot(page, 'reports-stops.png');

    await query(page, '/data-report/dataReport/overspeedReport', '超速报表');
    const overspeed = await rowText(page, '超速报表');
    expect(overspeed).toContain('130 km/h');
    expect(overspeed).toContain('100 km/h');
    await screenshot(page, 'reports-overspeed.png');

    await query(page, '/data-report/dataReport/mileageSummary', '里程汇总', { yesterday: false });
    const summary = await shows(page.getByRole('table', { name: '里程汇总' }).getByRole('row').filter({ hasText: yesterday.slice(0, 7) }).first(), 'the month of yesterday', 30_000);
    expect((await summary.innerText()).replace(/\s+/g, ' ')).toMatch(/\b9[5-7]\.\d\d\b/);
    await screenshot(page, 'reports-mileage-summary.png');

    await query(page, '/data-report/dataReport/fuelReport', '油耗报表');
    const fuel = await rowText(page, '油耗报表');
    expect(fuel).toContain('70 L');
    expect(fuel).toContain('38.4 L');
    await screenshot(page, 'reports-fuel.png');

    // the last report, yesterday 10:19:55 China time, is at least 13 h 40 min old whenever this runs: silent over 12 hours
    const offlineSearch = await query(page, '/data-report/dataReport/offlineReport', '离线报表', { yesterday: false });
    await offlineSearch.getByLabel('离线超过(小时)').fill('12');
    await offlineSearch.getByRole('button', { name: '查询' }).click();
    await shows(page.getByRole('group', { name: '合计' }).getByText('12 小时'), 'the threshold in the totals', 30_000);
    const offline = await rowText(page, '离线报表');
    expect(offline).toContain(`${yesterday} 10:19:55`);
    await screenshot(page, 'reports-offline.png');
  });
});
