/**
 * Below the 1366×768 design size the console is drawn zoomed out, page scale = min(w/1366, h/768, 1)
 * (spec §4), all of it alike: at 1024×600 one page of each sub-application fits with the alarm desk
 * open; what Fluent UI draws outside the page (menus, dialogs) is zoomed the same, opens where it
 * belongs and answers clicks; the map takes a press, a drag and a click on a vehicle where they
 * happen, and a chart's tooltip follows the pointer. Runs its own demo server with one simulated
 * vehicle (one mark on the monitor's map) and the simulated badges, collars and e-bikes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { reaches, shows } from './expect-ui';
import { pageRoutes, problemsOnPage, report, setDesk, trackRequests, visit, type PageRoute } from './page-fit-check';
import { RESULTS_DIR, startServer, type RunningServer } from './server';

const WINDOW = { width: 1024, height: 600 };
const SCALE = Math.min(WINDOW.width / 1366, WINDOW.height / 768);
/** Where boxes may differ by rounding, window px. */
const NEAR = 2;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ name: 'page-scale-e2e-server', env: { SIM_ASSETS: '1', SIM_DEVICES: '1' } });
});
afterAll(() => server?.stop());

async function openConsole(newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>): Promise<Page> {
  const page = await (await newContext({ baseURL: server.baseUrl, viewport: WINDOW })).newPage();
  await login(page, ADMIN);
  return page;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** The zoom it is drawn at (every ancestor's zoom multiplied). */
  zoom: number;
}

/** The box of the first element matching `selector` in window px, and its zoom. */
function boxOf(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, zoom: (el as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1 };
  });
}

function expectInWindow(box: Box, what: string): void {
  expect(box.left >= -NEAR && box.top >= -NEAR && box.right <= WINDOW.width + NEAR && box.bottom <= WINDOW.height + NEAR, `${what} ${JSON.stringify(box)} inside ${WINDOW.width}×${WINDOW.height}`).toBe(true);
}

/** Fails with every control of the dialog that is cut, covered or outside the window. */
async function expectDialogFits(page: Page, what: string): Promise<void> {
  const dialog = await boxOf(page, '[role="dialog"]');
  expect(dialog.zoom, `${what} is zoomed like the page`).toBeCloseTo(SCALE, 3);
  expectInWindow(dialog, what);
  const problems = (await problemsOnPage(page, '[role="dialog"]')).map((p) => `${p.control} → ${p.reason}`);
  expect(problems, `${what} at ${WINDOW.width}×${WINDOW.height}`).toEqual([]);
}

/** The centre, in window px, of the one vehicle mark drawn on the monitor's vehicle canvas (none yet: undefined). */
function vehicleMark(page: Page): Promise<{ x: number; y: number } | undefined> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.tl-vehicle-layer');
    const map = canvas?.closest('.leaflet-container')?.getBoundingClientRect();
    const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!canvas || !map || !pixels) return undefined;
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (let y = 0; y < canvas.height; y++) {
      for (let x = 0; x < canvas.width; x++) {
        if (pixels[(y * canvas.width + x) * 4 + 3] < 200) continue;
        sx += x;
        sy += y;
        n++;
      }
    }
    if (!n) return undefined;
    const r = canvas.getBoundingClientRect();
    const at = { x: r.left + ((sx / n + 0.5) * r.width) / canvas.width, y: r.top + ((sy / n + 0.5) * r.height) / canvas.height };
    // inside the map's box, away from its edges (the map has settled on the vehicle)
    const inside = at.x > map.left + 40 && at.x < map.right - 40 && at.y > map.top + 40 && at.y < map.bottom - 40;
    return inside ? at : undefined;
  });
}

describe(`the console at ${WINDOW.width}×${WINDOW.height}`, () => {
  test('is zoomed out to fit, and one page of each sub-application fits with the alarm desk open', async ({ newContext }) => {
    const page = await openConsole(newContext);
    expect(Number(await page.evaluate(() => document.documentElement.dataset.pageScale))).toBeCloseTo(SCALE, 3);
    // the 1366-wide design fills the window exactly
    const root = await boxOf(page, '#root');
    expect([root.left, root.top, root.right, root.bottom].map(Math.round)).toEqual([0, 0, WINDOW.width, WINDOW.height]);
    expect(root.zoom).toBeCloseTo(SCALE, 3);

    const inFlight = trackRequests(page);
    const firstPages = new Map<string, PageRoute>();
    for (const route of await pageRoutes(page)) if (!firstPages.has(route.app)) firstPages.set(route.app, route);
    // the centre and the nine sub-applications
    expect(firstPages.size).toBe(10);
    const failures: string[] = [];
    for (const route of firstPages.values()) {
      await visit(page, route, inFlight);
      await setDesk(page, true);
      const lines = report(route, await problemsOnPage(page));
      failures.push(...lines);
      if (!lines.length) continue;
      mkdirSync(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS_DIR, `page-scale${route.path.replace(/\//g, '_')}.png`) });
    }
    expect(failures, `${failures.length} controls do not fit at ${WINDOW.width}×${WINDOW.height}:\n${failures.join('\n')}`).toEqual([]);
  });

  test('menus and dialogs are zoomed like the page, open where they belong and answer clicks', async ({ newContext }) => {
    const page = await openConsole(newContext);
    // 切换子系统: the menu opens right under its button
    const trigger = await shows(page.locator('header').getByRole('button', { name: /切换子系统/ }), 'the 切换子系统 button');
    await trigger.click();
    const menu = await shows(page.getByRole('menu'), 'the sub-application menu');
    // read where it rests, once its opening slide has ended
    await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const below = await trigger.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const opened = await boxOf(page, '[role="menu"]');
    expect(opened.zoom).toBeCloseTo(SCALE, 3);
    expect(opened.top, 'the menu’s top under its button').toBeGreaterThanOrEqual(below.bottom - NEAR);
    expect(opened.top - below.bottom, 'the menu’s distance from its button').toBeLessThan(8);
    expect(Math.abs(opened.left - below.left), 'the menu starts where its button does').toBeLessThan(8);
    await menu.getByRole('menuitemradio', { name: '系统管理' }).click();
    await reaches(page, (p) => p.startsWith('/system'), '系统管理');

    // a form dialog of 系统管理
    await page.goto('/system/customer');
    await (await shows(page.getByRole('button', { name: '新增下级客户' }), 'the 新增下级客户 button', 20_000)).click();
    const form = await shows(page.getByRole('dialog'), 'the 新增客户 dialog');
    await expectDialogFits(page, 'the 新增客户 dialog');
    await form.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'hidden' });

    // a dialog with a map: a circle drawn there is where it was pressed and dragged
    await page.goto('/card/attendance');
    await (await shows(page.getByRole('button', { name: '新增区域' }), 'the 新增区域 button', 20_000)).click();
    const areaDialog = await shows(page.getByRole('dialog', { name: '新增考勤区域' }), 'the work area dialog');
    const map = areaDialog.locator('[aria-label="考勤区域地图"] .leaflet-container');
    await map.waitFor({ state: 'visible', timeout: 20_000 });
    await expectDialogFits(page, 'the 新增考勤区域 dialog');
    await areaDialog.getByRole('button', { name: '在地图上画圆' }).click();
    await page.waitForSelector('[aria-label="考勤区域地图"] .leaflet-container[data-drawing="circle"]');
    const box = (await map.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const drag = 40;
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + drag, centre.y, { steps: 6 });
    // the circle being drawn (an SVG path of Leaflet, placed from the map position of the press)
    const sketch = areaDialog.locator('[aria-label="考勤区域地图"] path[stroke="#e8590c"]').first();
    await sketch.waitFor({ state: 'visible' });
    // the last moves of a drag may not reach the page before the next ones: move on along the rim
    // (a pixel up and down, as far from the centre) until the circle has followed
    let wiggle = 0;
    const radius = async () => {
      await page.mouse.move(centre.x + drag, centre.y + (wiggle++ % 2));
      return Math.round((await sketch.boundingBox())!.width / 2);
    };
    await expect.poll(radius, { message: 'the circle reaches where the mouse was dragged' }).toBeGreaterThanOrEqual(drag - NEAR);
    const drawn = (await sketch.boundingBox())!;
    expect(Math.abs(drawn.x + drawn.width / 2 - centre.x), 'the circle’s centre is where the mouse was pressed (x)').toBeLessThan(NEAR);
    expect(Math.abs(drawn.y + drawn.height / 2 - centre.y), 'the circle’s centre is where the mouse was pressed (y)').toBeLessThan(NEAR);
    expect(Math.abs(drawn.width / 2 - drag), 'the circle’s radius is the drag').toBeLessThan(NEAR);
    await page.mouse.up();
    await expect.poll(() => areaDialog.getByRole('textbox', { name: /半径/ }).inputValue(), { timeout: 10_000 }).toMatch(/^[1-9]\d*$/);
    await areaDialog.getByRole('button', { name: '取消' }).click();
    await areaDialog.waitFor({ state: 'hidden' });
  });

  test('a vehicle on the map is chosen by a click on its mark, and a chart’s tooltip follows the pointer', async ({ newContext }) => {
    const page = await openConsole(newContext);
    await page.goto('/car/monitor');
    const mapSection = page.getByRole('region', { name: '地图' });
    const playback = mapSection.getByRole('button', { name: '轨迹回放' });
    // the pointer off the map (a vehicle under it gets its label drawn)
    await page.mouse.move(0, 0);
    const map = (await (await shows(mapSection, 'the map')).boundingBox())!;
    let mark: { x: number; y: number } | undefined;
    // the mark is drawn, and inside the map where the zoomed-out page shows it
    const markOnMap = async () => {
      mark = await vehicleMark(page);
      return mark !== undefined && mark.x >= map.x && mark.x <= map.x + map.width && mark.y >= map.y && mark.y <= map.y + map.height;
    };
    await expect.poll(markOnMap, { timeout: 30_000, message: 'the vehicle’s mark inside the map' }).toBe(true);
    expect(await playback.isVisible(), 'no vehicle chosen yet').toBe(false);
    // a click on the mark chooses the vehicle: its 轨迹回放 shows. The vehicle moves with each report,
    // so a click that landed where it was a moment ago is made again where it is now.
    const chosen = async () => {
      if (!(await markOnMap())) return false;
      await page.mouse.click(mark!.x, mark!.y);
      return playback.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false);
    };
    await expect.poll(chosen, { timeout: 30_000, interval: 0, message: 'the chosen vehicle’s 轨迹回放 button' }).toBe(true);

    await page.goto('/dataCenter/dashboard');
    const chart = await shows(page.locator('[role="img"][aria-label="近30天里程"][data-ready="true"]'), 'the 近30天里程 chart', 20_000);
    // ECharts puts its tooltip 20 design px beside the pointer (15 window px here); read wrongly, tens of px away.
    // The pointer rests on the chart as a hand does, moving a little: a chart drawn again (the page
    // narrowed by the alarm desk opening) hides its tooltip until the pointer next moves.
    const distance = async () => {
      const box = (await chart.boundingBox())!;
      const pointer = { x: box.x + box.width * 0.8, y: box.y + box.height * 0.5 };
      await page.mouse.move(pointer.x - 4, pointer.y);
      await page.mouse.move(pointer.x, pointer.y, { steps: 4 });
      return chart.evaluate((el, p) => {
        const tip = Array.from(el.querySelectorAll('div')).find((d) => d.innerText.includes('里程') && d.checkVisibility());
        if (!tip) return Infinity;
        const r = tip.getBoundingClientRect();
        return Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
      }, pointer);
    };
    await expect.poll(distance, { timeout: 10_000, message: 'the chart’s tooltip beside the pointer' }).toBeLessThan(24);
  });
});
