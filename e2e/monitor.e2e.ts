/**
 * 智能车联 → 实时监控 against the real server with simulated terminals: the demo fleet in the tree
 * and on the map, a vehicle moving in the table, its dialog, and a second tenant that sees none of it.
 * The shared e2e server runs without simulated vehicles (SIM_DEVICES=0), so this file starts its own.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, OTHER, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { screenshot } from './screenshot';
import { liveReady } from './sos-terminal';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'monitor-e2e-server', env: { SIM_DEVICES: '12', SIM_INTERVAL_SECONDS: '2' } });
});
afterAll(() => server?.stop());

/** Opens 智能车联 → 实时监控 through the menus, as an operator would. */
async function openMonitor(page: Page): Promise<void> {
  await page.getByRole('main').getByText('智能车联', { exact: true }).first().click();
  await reaches(page, (p) => p.startsWith('/car/'), 'a page under /car/');
  await (await shows(page.getByText('实时监控', { exact: true }), 'the menu entry 实时监控')).click();
  await reaches(page, (p) => p === '/car/monitor', '/car/monitor');
}

const shownCount = async (page: Page) => Number(/显示\s*(\d+)\s*辆/.exec(await page.getByTestId('monitor-count').innerText())?.[1] ?? NaN);

describe('实时监控', () => {
  test('admin sees the demo fleet in the tree and on the map, watches one move and opens its dialog', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    const lists: string[] = [];
    page.on('request', (r) => void (r.url().includes('/monitor/list.json') && lists.push(r.url())));
    await login(page, ADMIN);
    await openMonitor(page);

    // tree and map
    await shows(page.locator('[role="tree"] [data-terminal]'), 'vehicles in the asset tree', 30_000);
    await page.locator('.tl-vehicle-layer').waitFor({ state: 'attached' });
    await expect.poll(() => shownCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    // the offline basemap: China's 34 provincial divisions, named
    await expect.poll(() => page.locator('.tl-basemap-province').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(34);
    // its canvas and the vehicles' span the view and a quarter of it beyond each edge, no more (a canvas's first drawing allocates all of it)
    const spans = await page.locator('.leaflet-container').first().evaluate((map) =>
      [...map.querySelectorAll('canvas')].map((c) => Math.max(c.offsetWidth / map.clientWidth, c.offsetHeight / map.clientHeight)),
    );
    expect(spans.length).toBeGreaterThanOrEqual(2);
    for (const span of spans) expect(span).toBeLessThanOrEqual(1.51);

    // one moving vehicle's report time changes in the table
    const moving = page.locator('[role="row"]', { has: page.locator('[data-state="moving"]') }).first();
    await shows(moving, 'a moving vehicle in the table', 30_000);
    const terminalNo = await moving.getAttribute('data-row-key');
    const row = page.locator(`[role="row"][data-row-key="${terminalNo}"]`);
    const before = await row.locator('[data-col="time"]').innerText();
    await expect.poll(() => row.locator('[data-col="time"]').innerText(), { timeout: 15_000 }).not.toBe(before);
    // 智能车联's 油量, a column contributed through monitorColumns: the simulated terminals report their fuel
    await expect.poll(() => row.locator('[data-col="car.fuel"]').innerText(), { timeout: 15_000 }).toMatch(/^\d+\.\d L$/);
    await screenshot(page, 'monitor-admin.png');
    // the positions are the live channel's snapshot and pushes: no list.json beside them
    expect(lists).toEqual([]);

    // click it: the host's vehicle dialog
    await row.click();
    const dialog = await shows(page.getByRole('dialog').filter({ hasText: '车辆信息' }), 'the vehicle dialog');
    await shows(dialog.getByRole('tab', { name: '跟踪', selected: true }), 'the 跟踪 tab');
    await shows(dialog.getByText('定位时间'), 'the follow fields');
    await shows(dialog.getByText('油量', { exact: true }), 'the contributed 油量 line of the card');
    await screenshot(page, 'monitor-dialog.png');
    await dialog.getByRole('tab', { name: '详情' }).click();
    await shows(dialog.getByText(String(terminalNo), { exact: true }), 'the terminal number on 详情');

    // left and opened again: the map draws on the canvases it had (kept, not allocated anew), the fleet on them
    const canvases = await page.locator('main .leaflet-container canvas').evaluateAll((els) => {
      (window as unknown as { mapCanvases: Element[] }).mapCanvases = els;
      return els.length;
    });
    await page.keyboard.press('Escape');
    await page.getByTitle('首页', { exact: true }).click();
    await reaches(page, (p) => p === '/home', '/home');
    await openMonitor(page);
    await page.locator('.tl-vehicle-layer').waitFor({ state: 'attached' });
    await expect.poll(() => shownCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const again = await page.evaluate(() => (window as unknown as { mapCanvases: Element[] }).mapCanvases.filter((c) => c.closest('.leaflet-container')).length);
    expect(again).toBe(canvases);
    // the offline basemap kept from the first visit draws its provinces again
    await expect.poll(() => page.locator('.tl-basemap-province').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(34);
    await screenshot(page, 'monitor-again.png');
  });

  test("other sees none of the demo tenant's plates", async ({ newContext }) => {
    const adminPage = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(adminPage, ADMIN);
    await openMonitor(adminPage);
    await shows(adminPage.locator('[role="tree"] [data-terminal]'), 'the demo fleet', 30_000);
    // the tree re-renders as pushes arrive: read its terminals once a render has them
    let demoTerminals: (string | null)[] = [];
    await expect
      .poll(async () => (demoTerminals = await adminPage.locator('[role="tree"] [data-terminal]').evaluateAll((els) => els.map((e) => e.getAttribute('data-terminal')))).length, { timeout: 30_000 })
      .toBeGreaterThan(0);

    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, OTHER);
    const snapshot = liveReady(page, { snapshot: true });
    await openMonitor(page);
    await page.locator('.tl-vehicle-layer').waitFor({ state: 'attached' });
    // everything in the tenant's scope comes with the live channel's snapshot
    await snapshot;
    await page.waitForLoadState('networkidle');
    for (const t of demoTerminals) expect(await page.locator(`[data-terminal="${t}"], [data-row-key="${t}"]`).count()).toBe(0);
    const text = await page.locator('body').innerText();
    for (const t of demoTerminals) expect(text).not.toContain(String(t));
    await screenshot(page, 'monitor-other.png');
  });
});
