/**
 * What a page waits for until it is usable: one cold and one warm visit (as bench/page-usable.bench.ts
 * makes them), printed as a timeline in ms from the start of the visit: the requests by the page's
 * own clock (resource timing: `GET path  start → end`), the WebSocket frames, the long tasks, and
 * why the page is not usable yet (`state:`) as the benchmark's probe reads it.
 *
 *   npx tsx bench/page-timeline.ts /car/monitor [/data-report/overview …]
 */
import type { Page, Request, WebSocket } from 'playwright-core';
import { navigateInApp } from '../e2e/plugin-pages';
import { VIEWPORT, withDemoBrowser } from './demo-browser';
import { containerAt, notUsable, untilUsable } from './page-usable-probe';

const TIMEOUT_MS = 30_000;

/** Collects the page's long tasks (installed before its scripts run). */
const LONG_TASKS = `(() => {
  performance.setResourceTimingBufferSize(100000);
  window.__benchLong = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__benchLong.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})()`;

interface Event {
  at: number;
  text: string;
}

const pathOf = (url: string) => new URL(url).pathname;

/** One visit: `go` starts it; the timeline is printed once the page has been usable for QUIET_MS. */
async function visit(page: Page, path: string, container: string, go: () => Promise<void>, label: 'cold' | 'warm'): Promise<void> {
  const events: Event[] = [];
  const t0 = performance.now();
  const at = () => performance.now() - t0;
  // the page's clock at the start: 0 for a cold visit (a new document)
  const pageT0 = label === 'warm' ? ((await page.evaluate('performance.now()')) as number) : 0;
  const open = new Set<Request>();
  const onRequest = (r: Request) => void open.add(r);
  const onDone = (r: Request) => void open.delete(r);
  const onSocket = (ws: WebSocket) => {
    events.push({ at: at(), text: `ws open ${pathOf(ws.url())}` });
    ws.on('framesent', (f) => events.push({ at: at(), text: `ws ⇒ ${String(f.payload).slice(0, 40)}` }));
    ws.on('framereceived', (f) => events.push({ at: at(), text: `ws ⇐ ${String(f.payload).slice(0, 40)} (${String(f.payload).length} B)` }));
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('websocket', onSocket);
  await go();
  const since = await untilUsable(page, container, {
    now: at,
    busy: () => (open.size ? `${open.size} requests in flight` : ''),
    onState: (reason, now) => events.push({ at: now, text: `state: ${reason || 'usable'}` }),
    timeoutMs: TIMEOUT_MS,
  });
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  page.off('requestfailed', onDone);
  page.off('websocket', onSocket);
  const resources = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => [e.startTime, e.responseEnd, e.name])`)) as [number, number, string][];
  for (const [start, end, name] of resources) {
    if (start >= pageT0) events.push({ at: start - pageT0, text: `GET ${pathOf(name)}  ${Math.round(start - pageT0)} → ${Math.round(end - pageT0)}` });
  }
  const long = (await page.evaluate('window.__benchLong.splice(0)')) as [number, number][];
  for (const [start, duration] of long) if (start >= pageT0) events.push({ at: start - pageT0, text: `long task ${Math.round(duration)} ms` });
  console.log(`\n${path} ${label}: usable at ${since === undefined ? 'never' : `${Math.round(since)} ms`}`);
  for (const e of events.sort((a, b) => a.at - b.at)) console.log(`${String(Math.round(e.at)).padStart(6)}  ${e.text}`);
}

async function main() {
  const paths = process.argv.slice(2);
  await withDemoBrowser('page-timeline', async ({ server, browser, storageState }) => {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', storageState });
      await context.addInitScript(LONG_TASKS);
      const page = await context.newPage();
      const container = await containerAt(browser, server.baseUrl, path);
      await visit(page, path, container, async () => void (await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'commit' })), 'cold');
      // warm: to 首页 and, once it has settled, back in the app
      await navigateInApp(page, '/home');
      while (await page.evaluate<string>(notUsable('#tl-main-container[data-route="/home"]'))) await page.waitForTimeout(20);
      await page.waitForLoadState('networkidle');
      await visit(page, path, container, () => navigateInApp(page, path), 'warm');
      await context.close();
    }
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
