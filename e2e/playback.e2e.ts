/**
 * 智能车联 → 轨迹回放 against the real server: a terminal uploads a morning of positions over
 * JT/T 808, the operator opens its replay in a tab of its own (urlType=blank), presses 播放 and
 * watches the vehicle move on the map while the speed chart's cursor follows.
 * This file starts its own server: the terminal registers itself (JT808_AUTO_REGISTER=1) into 天路演示.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, OTHER, login } from './console-app';
import { shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { sendTrackDay, type TrackDay } from './track-day';
import { screenshot } from './screenshot';

const PHONE = '013900000088';
let server: RunningServer;
let day: TrackDay;

const iso = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

beforeAll(async () => {
  server = await startServer({ name: 'playback-e2e-server', env: { SIM_DEVICES: '0', JT808_AUTO_REGISTER: '1' } });
  // yesterday from 08:00 China time
  const today = Math.floor((Date.now() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000;
  day = await sendTrackDay(server.jt808Port, PHONE, today - 86_400_000 + 8 * 3600_000);
});
afterAll(() => server?.stop());

const playbackUrl = () =>
  `/car/playback?urlType=blank&terminalNo=${PHONE}&start=${encodeURIComponent(iso(day.start - 1800_000))}&end=${encodeURIComponent(iso(day.end + 1800_000))}`;

/** The vehicle's position on the map canvas and the time of the chart's cursor line. */
async function cursor(page: Page): Promise<{ x: number; y: number; chart: number }> {
  const canvas = page.locator('canvas.tl-track-cursor');
  const chart = page.getByTestId('speed-chart');
  return {
    x: Number(await canvas.getAttribute('data-x')),
    y: Number(await canvas.getAttribute('data-y')),
    chart: Number(await chart.getAttribute('data-cursor')),
  };
}


/** Resolves after `n` frames of the page are painted. */
function frames(page: Page, n: number): Promise<void> {
  return page.evaluate((count) => new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  }), n);
}
describe('轨迹回放', () => {
  test('admin replays the morning: the vehicle moves on the map and the chart cursor follows', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, ADMIN);
    await page.goto(playbackUrl());
    await shows(page.getByTestId('playback-page'), 'the playback page');
    // a tab of its own: no navigation or header around it
    expect(await page.locator('#tl-main-container').count()).toBe(0);

    const totals = page.getByTestId('playback-totals');
    await shows(totals.getByText('1 次'), 'one stop in the totals', 30_000);
    await shows(totals.getByText(String(day.positions), { exact: true }), `${day.positions} positions in the totals`);
    await shows(page.getByRole('list', { name: '停留点' }).getByText(/停留 20分/), 'the 20-minute stop in the list');
    await expect.poll(() => page.locator('canvas.tl-track-cursor').getAttribute('data-x'), { timeout: 15_000 }).not.toBeNull();
    await expect.poll(() => page.getByTestId('speed-chart').getAttribute('data-cursor'), { timeout: 30_000 }).toBe(String(day.start));
    await screenshot(page, 'playback-loaded.png');
    const before = await cursor(page);

    await page.getByRole('radio', { name: '16×' }).click();
    await page.getByRole('button', { name: '播放', exact: true }).click();
    await shows(page.getByRole('button', { name: '暂停', exact: true }), 'the 暂停 button while playing');
    await expect.poll(async () => (await cursor(page)).chart, { timeout: 10_000 }).toBeGreaterThan(before.chart + 60_000);
    await expect.poll(async () => {
      const now = await cursor(page);
      return Math.hypot(now.x - before.x, now.y - before.y);
    }, { message: 'the vehicle moved on the map', timeout: 10_000 }).toBeGreaterThan(5);
    const playing = await cursor(page);
    // 16× is 16 minutes of track per second: both views show the same moment
    expect(playing.chart - day.start).toBeGreaterThan(60_000);
    await screenshot(page, 'playback-playing.png');
    await page.getByRole('button', { name: '暂停', exact: true }).click();
    await shows(page.getByRole('button', { name: '播放', exact: true }), 'the 播放 button once paused');
    await frames(page, 2); // a frame already drawing when the click landed
    const paused = await cursor(page);
    // the replay moves the vehicle once a frame: thirty frames later it has not moved
    await frames(page, 30);
    expect((await cursor(page)).x).toBe(paused.x);

    // a stop in the list moves the replay there; the chart cursor follows
    await page.getByRole('list', { name: '停留点' }).getByRole('listitem').first().click();
    await expect.poll(async () => (await cursor(page)).chart, { timeout: 5000 }).toBe(day.stopStart);

    // the table: every position, the rows in view with their addresses
    const table = page.getByRole('table', { name: '轨迹点' });
    await shows(table.locator('[data-col="address"]').getByText(/北京/), 'an address in the point table', 20_000);
    await shows(page.getByText(`共 ${day.positions} 条`), 'the point count under the table');
    await screenshot(page, 'playback-stop.png');
  });

  test('the vehicle dialog and 实时监控 open the replay of the vehicle in a new tab', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await login(page, ADMIN);
    await page.goto('/car/monitor');
    const row = page.locator(`[role="row"][data-row-key="${PHONE}"]`);
    await (await shows(row, 'the terminal in the table', 30_000)).click();
    const dialog = await shows(page.getByRole('dialog').filter({ hasText: '车辆信息' }), 'the vehicle dialog');

    const expectPlaybackTab = async (click: () => Promise<void>) => {
      const opened = context.waitForEvent('page');
      await click();
      const tab = await opened;
      await tab.waitForLoadState();
      const url = new URL(tab.url());
      expect(url.pathname).toBe('/car/playback');
      expect(url.searchParams.get('urlType')).toBe('blank');
      expect(url.searchParams.get('terminalNo')).toBe(PHONE);
      await shows(tab.getByTestId('playback-page'), 'the playback page in the new tab');
      await tab.close();
    };
    await expectPlaybackTab(() => dialog.getByRole('button', { name: '轨迹回放' }).click());
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expectPlaybackTab(() => page.getByTestId('monitor-count').getByRole('button', { name: '轨迹回放' }).click());
  });

  test('another tenant cannot replay the demo tenant’s vehicle', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, OTHER);
    await page.goto(playbackUrl());
    await shows(page.getByText('终端不存在'), 'the 终端不存在 message', 20_000);
    expect(await page.getByTestId('playback-totals').getByText('1 次').count()).toBe(0);
  });
});
