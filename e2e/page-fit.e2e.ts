/**
 * Every page of the centre and of the nine sub-applications fits the 1366×768 design size, with the
 * alarm desk closed and open: the page never scrolls sideways, and every button and link shown is
 * inside the window (or its own scroll container, once scrolled to), not cut by an ancestor, not
 * shortened to '…', and the element at its centre is itself. The pages are the routes the plugins
 * publish (read from the built plugins the manifest names); redirects and 数据大屏 (a full-screen
 * page without the layout, opened in a new window) are left out. Runs its own demo server with the
 * simulated assets so the pages have rows.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login, type Envelope, type Session } from './console-app';
import { shows } from './expect-ui';
import { navigateInApp, pageRoutes, type PageRoute } from './plugin-pages';
import { RESULTS_DIR, startServer, type RunningServer } from './server';

/** The id of the layout's page container (host/layout/main-layout-ids.ts). */
const MAIN_ID = 'tl-main-container';
const QUIET_MS = 300;
const SETTLE_TIMEOUT_MS = 8000;

interface Problem {
  control: string;
  reason: string;
}

let server: RunningServer;
let rowsAdded = false;

beforeAll(async () => {
  server = await startServer({ name: 'page-fit-e2e-server', env: { SIM_ASSETS: '1', SIM_DEVICES: '10' } });
});
afterAll(() => server?.stop());

/**
 * Rows the demo fleet does not make by itself: a renter with a contract (合同管理's 续租 … 收款) and a
 * 新国标 record (备案登记's 标签), signed up through the console's own calls.
 */
async function addRows(page: Page, session: Session): Promise<void> {
  const headers = { sessionId: session.sessionId, userId: session.userId };
  const post = async <T>(url: string, data: object): Promise<T> => {
    const answer = (await (await page.request.post(url, { headers, data })).json()) as Envelope<T>;
    expect(answer.flag, `${url}: ${answer.msg}`).toBe(1);
    return answer.obj;
  };
  const renter = await post<{ id: number }>('/car/v4/api/lease/renter/add.json', { name: '赵小租', phone: '13700001234', idNo: '11010519491231002X' });
  const bikes = (await (await page.request.get('/car/v4/api/lease/bikes.json?available=1', { headers })).json()) as Envelope<{ id: number }[]>;
  const bike = bikes.obj[0];
  if (!bike) throw new Error('the demo fleet has no e-bike to rent out');
  const start = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + (8 + 24 * 30) * 3_600_000).toISOString().slice(0, 10);
  await post('/car/v4/api/lease/contract/add.json', { vehicleId: bike.id, renterId: renter.id, startDate: start, endDate: end, monthlyRent: '299', deposit: '500', note: '' });
  await post('/car/v4/api/prevent/declare/add.json', {
    ownerName: '王伟', ownerPhone: '13800002222', brand: '雅迪', model: 'DE2', frameNo: 'FIT0001', motorNo: 'M0001', plateNo: '深圳A00001', color: '白',
    designSpeed: '30', mass: '50', motorPower: '350', pedals: true,
  });
}

/** Counts the page's requests in flight, to wait for a quiet network after a navigation. */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return () => inFlight;
}

/** Goes to `route` inside the running console and waits until its page is drawn and the network is quiet. */
async function visit(page: Page, route: PageRoute, inFlight: () => number): Promise<void> {
  await navigateInApp(page, route.path);
  await page.waitForSelector(`#${MAIN_ID}[data-route="${route.path}"] > *`, { state: 'attached', timeout: SETTLE_TIMEOUT_MS });
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS && Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (inFlight() > 0) quietSince = Date.now();
  }
  // lazily loaded parts (tables, charts) show their fallback only for a moment
  await page.waitForFunction((id) => !document.querySelector(`#${id} [role="progressbar"], #${id} .fui-Spinner`), MAIN_ID, { timeout: SETTLE_TIMEOUT_MS }).catch(() => undefined);
}

/** Opens or closes the alarm desk with the header's 告警 button. */
async function setDesk(page: Page, open: boolean): Promise<void> {
  const toggle = await shows(page.locator('header').getByRole('button', { name: /^告警栏/ }), 'the header’s 告警 button');
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click();
  const desk = page.getByRole('complementary', { name: '告警栏' });
  if (open) await shows(desk, 'the alarm desk');
  else await desk.waitFor({ state: 'hidden' });
}

/**
 * What does not fit on the page shown now. Runs in the page: each control is first scrolled into
 * view (its table or list may scroll by design), then measured against the window, every ancestor
 * that clips, its own label and the element the browser finds at its centre.
 */
function problemsOnPage(page: Page): Promise<Problem[]> {
  return page.evaluate((mainId) => {
    const problems: Problem[] = [];
    const SLACK = 1;
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > innerWidth) problems.push({ control: '页面', reason: `页面横向滚动（内容宽 ${scroller.scrollWidth}px，窗口 ${innerWidth}px）` });
    const main = document.getElementById(mainId);
    if (main && main.scrollWidth > main.clientWidth + SLACK) problems.push({ control: '页面', reason: `页面区域横向滚动（内容宽 ${main.scrollWidth}px，可见 ${main.clientWidth}px）` });

    const describe = (el: Element): string => {
      const name = (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('title') || el.tagName.toLowerCase()).trim().replace(/\s+/g, ' ').slice(0, 30);
      const region = el.closest('[role="table"][aria-label], [role="complementary"][aria-label], [role="dialog"][aria-label], [role="toolbar"][aria-label]');
      return region ? `${region.getAttribute('aria-label')} › ${name}` : name;
    };
    const describeBox = (el: Element): string => {
      const label = el.getAttribute('aria-label') || el.getAttribute('role') || el.id;
      return label ? `${el.tagName.toLowerCase()}「${label}」` : `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0] ?? ''}`;
    };

    const controls = Array.from(document.querySelectorAll('button, a[href], [role="button"]'));
    for (const el of controls) {
      if (!el.isConnected || el.closest('[aria-hidden="true"]')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const first = el.getBoundingClientRect();
      if (first.width === 0 || first.height === 0) continue;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const what = describe(el);
      const reasons: string[] = [];
      if (r.left < -SLACK || r.top < -SLACK || r.right > innerWidth + SLACK || r.bottom > innerHeight + SLACK) reasons.push('超出窗口');
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.position === 'fixed') break;
        const clipsX = cs.overflowX !== 'visible';
        const clipsY = cs.overflowY !== 'visible';
        if (!clipsX && !clipsY) continue;
        const box = a.getBoundingClientRect();
        const left = box.left + a.clientLeft;
        const top = box.top + a.clientTop;
        const cutX = clipsX && (r.left < left - SLACK || r.right > left + a.clientWidth + SLACK);
        const cutY = clipsY && (r.top < top - SLACK || r.bottom > top + a.clientHeight + SLACK);
        if (cutX || cutY) {
          reasons.push(`被 ${describeBox(a)} 裁切`);
          break;
        }
      }
      const cut = [el, ...Array.from(el.querySelectorAll('*'))].find((n) => n.scrollWidth > n.clientWidth + SLACK && n.clientWidth > 0 && getComputedStyle(n).overflowX !== 'visible');
      if (cut) reasons.push('文字被截断为…');
      if (!reasons.length) {
        const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
        const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        if (top && top !== el && !el.contains(top)) reasons.push(`被 ${describeBox(top)} 遮挡`);
      }
      for (const reason of reasons) problems.push({ control: what, reason });
    }
    return problems;
  }, MAIN_ID);
}

/** "page → control → reason" lines, identical controls of a page (rows of a table) counted once. */
function report(route: PageRoute, problems: Problem[]): string[] {
  const counts = new Map<string, number>();
  for (const p of problems) {
    const line = `${route.app} ${route.title} (${route.path}) → ${p.control} → ${p.reason}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, n]) => (n > 1 ? `${line} ×${n}` : line));
}

async function checkEveryPage(page: Page, deskOpen: boolean): Promise<void> {
  const inFlight = trackRequests(page);
  const session = await login(page, ADMIN);
  if (!rowsAdded) {
    await addRows(page, session);
    rowsAdded = true;
  }
  // a page without the layout (数据大屏) opens full screen in a window of its own
  const routes = await pageRoutes(page, server.baseUrl);
  // the centre and the nine sub-applications, each with its pages
  expect(new Set(routes.map((r) => r.app)).size).toBe(10);
  const failures: string[] = [];
  const state = deskOpen ? 'desk-open' : 'desk-closed';
  for (const route of routes) {
    await visit(page, route, inFlight);
    // an urgent alarm opens the desk by itself: put it back as this run wants it
    await setDesk(page, deskOpen);
    const lines = report(route, await problemsOnPage(page));
    failures.push(...lines);
    // a picture of each page that does not fit (of every page with PAGE_FIT_SCREENSHOTS=1)
    if (!lines.length && !process.env.PAGE_FIT_SCREENSHOTS) continue;
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, `page-fit-${state}${route.path.replace(/\//g, '_')}.png`) });
  }
  expect(failures, `${failures.length} controls do not fit at 1366×768 (${state}):\n${failures.join('\n')}`).toEqual([]);
}

describe('every page at 1366×768', () => {
  test('fits with the alarm desk closed', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await checkEveryPage(page, false);
  }, 240_000);

  test('fits with the alarm desk open', async ({ newContext }) => {
    const page = await (await newContext({ baseURL: server.baseUrl })).newPage();
    await checkEveryPage(page, true);
  }, 240_000);
});
