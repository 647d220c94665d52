import type { Browser } from 'playwright-core';
import { pageRoutes } from '../e2e/plugin-pages';

/**
 * What "usable" means for a console page (bench/page-usable.bench.ts measures it, and
 * bench/page-timeline.ts shows what a page waits for until then).
 */

/** How long the usable state must last before it counts (from its first moment). */
export const QUIET_MS = 300;

/** Why the page in `selector` is not usable yet ('' once it is); evaluated in the page (a string, so no bundler helper leaks in). */
export const notUsable = (selector: string) => `(() => {
  const root = document.querySelector(${JSON.stringify(selector)});
  if (!root) return 'no container';
  if (!root.firstElementChild || !(root.innerText.trim() || root.querySelector('canvas, svg'))) return 'empty';
  if (root.querySelector('[role="progressbar"], .fui-Spinner, [aria-busy="true"]')) return 'loading';
  for (const t of root.querySelectorAll('[role="table"]')) {
    if (!t.querySelector('[role="row"] [role="cell"], [role="row"] [role="gridcell"], .tl-table-empty') && !/暂无/.test(t.parentElement.innerText)) return 'table without rows';
  }
  return '';
})()`;

/** The console page at `path` (its main container). */
export const pageAt = (path: string) => `#tl-main-container[data-route="${path}"]`;

/** Where a route's page is drawn: the layout's main container, or `#root` for a full-screen page. */
export const containerOf = (route: { path: string; showLayout: boolean }) => (route.showLayout ? pageAt(route.path) : '#root');

/** The container of the page at `path` (a full-screen page's is `#root`), read in a context of its own (the caller's cache stays cold). */
export async function containerAt(browser: Browser, baseUrl: string, path: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/favicon.ico`);
    const route = (await pageRoutes(page, baseUrl, { fullScreen: true })).find((r) => r.path === path);
    return containerOf(route ?? { path, showLayout: true });
  } finally {
    await context.close();
  }
}

export interface UsableWatch {
  /** Milliseconds on the caller's clock. */
  now: () => number;
  /** A reason of the caller's the page is not usable yet ('' none), e.g. its requests in flight. */
  busy?: () => string;
  /** Hears each change of the reason ('' once usable). */
  onState?: (reason: string, at: number) => void;
  timeoutMs?: number;
}

/**
 * Waits until the page in `selector` has been usable for QUIET_MS, or `timeoutMs` (30 s) has passed;
 * resolves the first moment of that stretch on `now`'s clock, undefined if it never came.
 */
export async function untilUsable(page: { evaluate<T>(script: string): Promise<T> }, selector: string, watch: UsableWatch): Promise<number | undefined> {
  const timeoutMs = watch.timeoutMs ?? 30_000;
  const start = watch.now();
  let last: string | undefined;
  let since: number | undefined;
  for (;;) {
    const reason = (await page.evaluate<string>(notUsable(selector)).catch(() => 'navigating')) || (watch.busy?.() ?? '');
    const now = watch.now();
    if (reason !== last) watch.onState?.(reason, now);
    last = reason;
    if (!reason) {
      since ??= now;
      if (now - since >= QUIET_MS) return since;
    } else since = undefined;
    if (now - start > timeoutMs) return undefined;
    await new Promise((r) => setTimeout(r, 10));
  }
}
