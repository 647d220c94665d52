/**
 * Time to usable of every page: the centre and the nine sub-applications (the routes the built
 * plugins publish, 数据大屏 included) and the login form, at 1366×768 in headless Chromium against
 * the demo server with the simulated assets, read against a bare React + Fluent UI page (a
 * FluentProvider, a labelled Input and a Button) built by vite and loaded the same way in the same run.
 *
 * A page is usable from the first moment, of a stretch lasting QUIET_MS, when all of these hold:
 *  - its container `#tl-main-container[data-route="<path>"]` (a full-screen page: `#root`) has content;
 *  - nothing in it is loading: no `[role=progressbar]`, Fluent Spinner or `[aria-busy=true]` (an
 *    ECharts box is busy until its chart is drawn);
 *  - every table in it shows rows or its empty-state message;
 *  - no request of the page is in flight (its first data has arrived, its lazy parts are loaded);
 *    waiting for the stretch keeps a chain of requests from reading as done between two links.
 * The login form and the floor are usable when the 账号 field is visible and enabled (and the
 * network quiet in the same way).
 *
 * Measuring starts once the demo fleet has connected (no terminal came online for 5 s) and the
 * server is quiet, so the first pages do not share the machine with the fleet's logins.
 *
 * Cold: a fresh browser context (empty cache, the stored session of a logged-in user), the page
 * opened by URL. Warm: in that same context, in-app navigation to 首页 and back to the page (its
 * code cached and loaded, its data fetched again); for the login form and the floor, a second
 * visit in the same context. Each figure is the median of BENCH_RUNS runs; a run of the floor goes
 * before each run of a page, and the page is read against the median of those floor runs (the load
 * of a shared machine changes while the benchmark runs).
 * Goal: every page ≤ 2× the floor, the login form ≤ 1.5× the floor, cold and warm.
 *
 *   npx tsx bench/page-usable.bench.ts      (BENCH_RUNS=3; BENCH_PAGES=pet,/home only paths containing one of these)
 */
import { loadavg } from 'node:os';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/chromium';
import { ADMIN, login } from '../e2e/console-app';
import { navigateInApp, pageRoutes, type PageRoute } from '../e2e/plugin-pages';
import { startServer } from '../e2e/server';
import { median } from './js-transfer';
import { containerOf, notUsable, QUIET_MS } from './page-usable-probe';
import { buildAndServeFloor } from './react-floor';
import { serverSettled, watchFleetLogins } from './server-settled';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const PAGE_GOAL = 2;
const LOGIN_GOAL = 1.5;
const VIEWPORT = { width: 1366, height: 768 };
const POLL_MS = 15;
const TIMEOUT_MS = 30_000;

let failures = 0;
const bench = (name: string, value: number, unit: string) => console.log(`BENCH ${name} ${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`);
const check = (ok: boolean, line: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${line}`);
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The 账号 field is there and enabled: the login form, or the floor. */
const FORM_READY = `(() => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === '账号');
  const field = label && (label.control ?? document.getElementById(label.htmlFor));
  return field && field.checkVisibility() && !field.disabled ? '' : 'no form';
})()`;

/** Counts the page's requests in flight (websockets are not requests). */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/** Milliseconds from `t0` to the first moment of a QUIET_MS stretch in which `probe` says '' and no request is in flight. */
async function untilUsable(page: Page, probe: string, inFlight: () => number, t0: number, what: string): Promise<number> {
  let since: number | undefined;
  let reason = '';
  for (;;) {
    reason = await page.evaluate<string>(probe).catch(() => 'navigating');
    const now = performance.now();
    if (!reason && inFlight() === 0) {
      since ??= now;
      if (now - since >= QUIET_MS) return since - t0;
    } else since = undefined;
    if (now - t0 > TIMEOUT_MS) throw new Error(`${what} not usable after ${TIMEOUT_MS} ms (${reason || `${inFlight()} requests in flight`}; at ${page.url()})`);
    await sleep(POLL_MS);
  }
}

interface Pair {
  cold: number;
  warm: number;
}

/** Cold by URL in a fresh context, then warm: the second visit (`warm` given) or in-app via 首页. */
async function measure(browser: Browser, options: BrowserContextOptions, url: string, probe: string, what: string, warmInApp?: { path: string; home: string }): Promise<Pair> {
  const context: BrowserContext = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', ...options });
  try {
    const page = await context.newPage();
    const inFlight = trackRequests(page);
    let t0 = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    const cold = await untilUsable(page, probe, inFlight, t0, `${what} (cold)`);
    if (!warmInApp) {
      t0 = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      return { cold, warm: await untilUsable(page, probe, inFlight, t0, `${what} (warm)`) };
    }
    await navigateInApp(page, '/home');
    await untilUsable(page, warmInApp.home, inFlight, performance.now(), '首页');
    t0 = performance.now();
    await navigateInApp(page, warmInApp.path);
    return { cold, warm: await untilUsable(page, probe, inFlight, t0, `${what} (warm)`) };
  } finally {
    await context.close();
  }
}

interface Reading {
  pair: Pair | Error;
  /** The floor measured in turn with it (one floor run before each of its runs). */
  floor: Pair;
}

const medianPair = (pairs: readonly Pair[]): Pair => ({ cold: median(pairs.map((p) => p.cold)), warm: median(pairs.map((p) => p.warm)) });

/**
 * RUNS runs of `measureOnce`, each right after a run of the floor: on a machine whose load changes
 * during the benchmark, a page is read against the floor of the same minutes, not of the start.
 */
async function runs(measureFloor: () => Promise<Pair>, measureOnce: () => Promise<Pair>): Promise<Reading> {
  const pairs: Pair[] = [];
  const floors: Pair[] = [];
  let error: Error | undefined;
  for (let i = 0; i < RUNS; i++) {
    floors.push(await measureFloor());
    if (error) continue;
    try {
      pairs.push(await measureOnce());
    } catch (e) {
      error = e instanceof Error ? e : new Error(String(e));
    }
  }
  return { pair: error ?? medianPair(pairs), floor: medianPair(floors) };
}

const ms = (v: number) => `${Math.round(v)} ms`;

async function main() {
  const loadBefore = load();
  const floorSite = await buildAndServeFloor('fluent');
  const server = await startServer({ name: 'page-usable-bench-server', env: { SIM_ASSETS: '1', SIM_DEVICES: '10' } });
  const browser = await launchBrowser();
  try {
    // a logged-in user's storage, and the pages the plugins publish
    const setup = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, locale: 'zh-CN' });
    const setupPage = await setup.newPage();
    const fleet = watchFleetLogins(setupPage);
    await login(setupPage, ADMIN);
    const storageState = await setup.storageState();
    const routes = (await pageRoutes(setupPage, server.baseUrl, { fullScreen: true })).filter((r) => !ONLY || ONLY.some((o) => r.path.includes(o)));
    console.log(`demo fleet connected: the last terminal came online ${Math.round(await fleet.connected())} ms after the console's login`);
    await setup.close();
    console.log(`server settled ${Math.round(await serverSettled(server.baseUrl))} ms after start-up`);
    console.log(`${routes.length} pages of ${new Set(routes.map((r) => r.app)).size} sub-applications; ${RUNS} runs each; load average before ${loadBefore}`);

    const measureFloor = () => measure(browser, {}, floorSite.url, FORM_READY, 'floor');
    const loginPage = await runs(measureFloor, () => measure(browser, {}, `${server.baseUrl}/login`, FORM_READY, '/login'));
    const home = notUsable('#tl-main-container[data-route="/home"]');
    const results: { route: PageRoute; reading: Reading }[] = [];
    for (const route of routes) {
      const warmInApp = route.showLayout ? { path: route.path, home } : undefined;
      const reading = await runs(measureFloor, () => measure(browser, { storageState }, `${server.baseUrl}${route.path}`, notUsable(containerOf(route)), route.path, warmInApp));
      results.push({ route, reading });
      const { pair, floor } = reading;
      console.log(`  ${route.app} ${route.title} ${route.path}: ${pair instanceof Error ? pair.message : `cold ${ms(pair.cold)}, warm ${ms(pair.warm)}`} (floor cold ${ms(floor.cold)}, warm ${ms(floor.warm)}; load ${load()})`);
    }

    const floor = medianPair([loginPage, ...results.map((r) => r.reading)].map((r) => r.floor));
    console.log(`\nload average ${load()} (before ${loadBefore}); floor (React + Fluent UI page), median of its runs: cold ${ms(floor.cold)}, warm ${ms(floor.warm)}`);
    bench('reference.fluent-floor.cold', floor.cold, 'ms');
    bench('reference.fluent-floor.warm', floor.warm, 'ms');
    const judge = (label: string, { pair, floor: near }: Reading, goal: number, key: string) => {
      if (pair instanceof Error) return check(false, `${label}: ${pair.message}`);
      const [c, w] = [pair.cold / near.cold, pair.warm / near.warm];
      bench(`${key}.cold`, pair.cold, 'ms');
      bench(`${key}.warm`, pair.warm, 'ms');
      bench(`${key}.cold-over-floor`, c, 'x');
      bench(`${key}.warm-over-floor`, w, 'x');
      check(c <= goal && w <= goal, `${label}: cold ${ms(pair.cold)} ${c.toFixed(2)}x, warm ${ms(pair.warm)} ${w.toFixed(2)}x (goal ≤ ${goal}x the floor of its runs: cold ${ms(near.cold)}, warm ${ms(near.warm)})`);
    };
    judge('登录 /login', loginPage, LOGIN_GOAL, 'console.login');
    for (const { route, reading } of results) judge(`${route.app} ${route.title} ${route.path}`, reading, PAGE_GOAL, `console.page${route.path.replace(/\//g, '.')}`);
  } finally {
    await browser.close();
    await server.stop();
    await floorSite.close();
  }
  console.log(`(${RUNS} runs per page, times are medians; headless Chromium; reproduce: npx tsx bench/page-usable.bench.ts)`);
  process.exitCode = failures ? 1 : 0;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
