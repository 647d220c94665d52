/**
 * Whether a page of the console fits its window, as a user sees it: the pages the plugins publish,
 * going to one and waiting until it is drawn, the alarm desk opened or closed, and the controls that
 * do not fit (see problemsOnPage). Shared by page-fit (every page at 1366×768) and page-scale (the
 * console zoomed out below it).
 */
import type { Page } from 'playwright-core';
import { navigateInApp, pageRoutes as pluginPageRoutes, type PageRoute } from './plugin-pages';

export { setDesk } from './map-controls';

/** The id of the layout's page container (host/layout/main-layout-ids.ts). */
export const MAIN_ID = 'tl-main-container';
const QUIET_MS = 300;
const SETTLE_TIMEOUT_MS = 8000;

export type { PageRoute };

/** A control that does not fit, and why. */
export interface Problem {
  control: string;
  reason: string;
}

/** The pages of every enabled sub-application with the layout, read by `page` on the console's origin. */
export function pageRoutes(page: Page): Promise<PageRoute[]> {
  return pluginPageRoutes(page, new URL(page.url()).origin);
}

/** Counts the page's requests in flight, to wait for a quiet network after a navigation. */
export function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return () => inFlight;
}

/** Goes to `route` inside the running console and waits until its page is drawn and the network is quiet. */
export async function visit(page: Page, route: PageRoute, inFlight: () => number): Promise<void> {
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

/**
 * What does not fit on the page shown now. Runs in the page: each control is first scrolled into
 * view (its table or list may scroll by design), then measured against the window, every ancestor
 * that clips, its own label and the element the browser finds at its centre. `within` (a selector,
 * e.g. of an open dialog) limits the controls measured to the ones inside it. Boxes are compared in
 * window pixels, also where the page scale zooms the console out.
 */
export function problemsOnPage(page: Page, within?: string): Promise<Problem[]> {
  return page.evaluate(([mainId, within]) => {
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

    const scope = within ? document.querySelector(within) : document;
    if (!scope) return [{ control: within!, reason: '不在页面上' }];
    const controls = Array.from(scope.querySelectorAll('button, a[href], [role="button"]'));
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
        // client sizes are the element's own pixels; its box is in window pixels (they differ under zoom)
        const zoom = (a as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1;
        const left = box.left + a.clientLeft * zoom;
        const top = box.top + a.clientTop * zoom;
        const cutX = clipsX && (r.left < left - SLACK || r.right > left + a.clientWidth * zoom + SLACK);
        const cutY = clipsY && (r.top < top - SLACK || r.bottom > top + a.clientHeight * zoom + SLACK);
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
  }, [MAIN_ID, within] as const);
}

/** "page → control → reason" lines, identical controls of a page (rows of a table) counted once. */
export function report(route: PageRoute, problems: Problem[]): string[] {
  const counts = new Map<string, number>();
  for (const p of problems) {
    const line = `${route.app} ${route.title} (${route.path}) → ${p.control} → ${p.reason}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, n]) => (n > 1 ? `${line} ×${n}` : line));
}
