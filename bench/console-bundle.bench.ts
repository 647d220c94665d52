/**
 * Console bundle: the gzip JS the browser downloads for /login and /home (cold, fresh context),
 * the time until the login form is usable, and no map/chart/spreadsheet library on those pages.
 * Read against a bare React 19 page built and loaded the same way in the same run. Beside the
 * sizes (raw, and gzip -9 of each body so the figure does not depend on the server), the bytes
 * the server actually sends: what the browser received, and what a client accepting `br, gzip`
 * and one accepting only `gzip` get.
 *
 *   npx tsx bench/console-bundle.bench.ts      (BENCH_RUNS=5 cold loads per page)
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/chromium';
import { startServer } from '../e2e/server';
import { heavyLibraries, kB, median, recordJs, sentBytes, type JsTransfer } from './js-transfer';
import { buildAndServeFloor } from './react-floor';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOGIN_GOAL_BYTES = 220_000;
const VIEWPORT = { width: 1366, height: 768 };

let failures = 0;
const bench = (name: string, value: number, unit: string) => console.log(`BENCH ${name} ${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`);
const check = (ok: boolean, line: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${line}`);
};

/** Resolves when the 账号 field is visible and enabled. */
async function loginFormUsable(page: Page): Promise<void> {
  const field = page.getByLabel('账号', { exact: true }).first();
  await field.waitFor({ state: 'visible', timeout: 60_000 });
  while (!(await field.isEnabled())) await page.waitForTimeout(5);
}

interface Load {
  js: JsTransfer;
  ms: number;
}

/** One cold load of `url` in a fresh context: its JS and the time until `ready` resolves. */
async function coldLoad(browser: Browser, url: string, ready: (page: Page) => Promise<void>, options: BrowserContextOptions = {}): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', ...options });
  try {
    const page = await context.newPage();
    const rec = recordJs(page);
    const t0 = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await ready(page);
    const ms = performance.now() - t0;
    await page.waitForLoadState('networkidle'); // lazy chunks the page pulls in after it is usable
    return { js: await rec.finish(), ms };
  } finally {
    await context.close();
  }
}

async function coldLoads(browser: Browser, url: string, ready: (page: Page) => Promise<void>, options?: BrowserContextOptions): Promise<Load[]> {
  const loads: Load[] = [];
  for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, url, ready, options));
  return loads;
}

/** Logs in through the form once and returns the browser storage of a logged-in user. */
async function loggedInState(browser: Browser, baseUrl: string): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await loginFormUsable(page);
    await page.getByLabel('账号', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Admin@123');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/home', { timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

interface Sending {
  /** Body bytes the browser received, and the encodings it got. */
  browser: number;
  browserEncodings: string;
  br: Awaited<ReturnType<typeof sentBytes>>;
  gzip: Awaited<ReturnType<typeof sentBytes>>;
}

async function sending(js: JsTransfer): Promise<Sending> {
  return {
    browser: js.files.reduce((n, f) => n + f.transfer, 0),
    browserEncodings: [...new Set(js.files.map((f) => f.encoding ?? 'identity'))].join(', '),
    br: await sentBytes(js.files, 'br, gzip'),
    gzip: await sentBytes(js.files, 'gzip'),
  };
}

function describe(label: string, loads: Load[], sent: Sending) {
  const js = loads[0].js;
  const spread = loads.map((l) => l.js.gzip);
  if (Math.max(...spread) !== Math.min(...spread)) console.log(`note: ${label} JS differed between cold loads: ${spread.join(', ')} bytes gzip`);
  console.log(`${label}: ${js.files.length} JS files, ${kB(js.raw)} raw, ${kB(js.gzip)} gzip -9`);
  console.log(
    `  server sent: browser ${kB(sent.browser)} (${sent.browserEncodings}); Accept-Encoding br, gzip: ${kB(sent.br.bytes)} (${sent.br.encodings.join(', ')}); gzip only: ${kB(sent.gzip.bytes)} (${sent.gzip.encodings.join(', ')})`,
  );
  for (const f of [...js.files].sort((a, b) => b.gzip - a.gzip).slice(0, 8)) console.log(`  ${kB(f.gzip).padStart(9)}  ${new URL(f.url).pathname}`);
}

async function main() {
  const floor = await buildAndServeFloor();
  const server = await startServer({ name: 'bench-server' });
  const browser = await launchBrowser();
  const version = browser.version();
  try {
    const floorLoads = await coldLoads(browser, floor.url, loginFormUsable);
    const loginLoads = await coldLoads(browser, `${server.baseUrl}/login`, loginFormUsable);
    const storageState = await loggedInState(browser, server.baseUrl);
    const homeReady = async (page: Page) => {
      await page.getByText('首页', { exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
      if (new URL(page.url()).pathname !== '/home') throw new Error(`/home redirected to ${page.url()}`);
    };
    const homeLoads = await coldLoads(browser, `${server.baseUrl}/home`, homeReady, { storageState });

    const [floorSent, loginSent, homeSent] = await Promise.all([floorLoads, loginLoads, homeLoads].map((l) => sending(l[0].js)));
    describe('reference (bare React 19 page)', floorLoads, floorSent);
    describe('/login', loginLoads, loginSent);
    describe('/home', homeLoads, homeSent);

    const floorJs = floorLoads[0].js.gzip;
    bench('reference.react19-floor.js-gzip', floorJs, 'bytes');
    bench('reference.react19-floor.form-usable', median(floorLoads.map((l) => l.ms)), 'ms');
    bench('console.login.js-gzip', loginLoads[0].js.gzip, 'bytes');
    bench('console.login.js-raw', loginLoads[0].js.raw, 'bytes');
    bench('console.login.js-sent-browser', loginSent.browser, 'bytes');
    bench('console.login.js-sent-br', loginSent.br.bytes, 'bytes');
    bench('console.login.js-sent-gzip', loginSent.gzip.bytes, 'bytes');
    bench('console.login.js-files', loginLoads[0].js.files.length, 'count');
    bench('console.login.form-usable', median(loginLoads.map((l) => l.ms)), 'ms');
    bench('console.home.js-gzip', homeLoads[0].js.gzip, 'bytes');
    bench('console.home.js-raw', homeLoads[0].js.raw, 'bytes');
    bench('console.home.js-sent-browser', homeSent.browser, 'bytes');
    bench('console.home.js-sent-br', homeSent.br.bytes, 'bytes');
    bench('console.home.js-sent-gzip', homeSent.gzip.bytes, 'bytes');
    bench('console.home.js-files', homeLoads[0].js.files.length, 'count');
    bench('console.home.ready', median(homeLoads.map((l) => l.ms)), 'ms');
    bench('console.login.js-gzip-over-floor', loginLoads[0].js.gzip / floorJs, 'x');

    const login = loginLoads[0].js.gzip;
    check(login <= LOGIN_GOAL_BYTES, `goal: /login gzip JS ${kB(login)} <= ${kB(LOGIN_GOAL_BYTES)} (floor ${kB(floorJs)}, ${(login / floorJs).toFixed(2)}x)`);
    for (const [page, loads] of [['/login', loginLoads], ['/home', homeLoads]] as const) {
      const heavy = heavyLibraries(loads.flatMap((l) => l.js.files));
      check(heavy.length === 0, `no leaflet/echarts/exceljs chunk on ${page}${heavy.length ? `: ${[...new Set(heavy)].join('; ')}` : ''}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    await floor.close();
  }
  console.log(`(${RUNS} cold loads per page, times are medians; headless Chromium ${version}; reproduce: npx tsx bench/console-bundle.bench.ts)`);
  process.exitCode = failures ? 1 : 0;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
