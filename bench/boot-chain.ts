/**
 * The request chain of a cold start: each request of a page opened by URL in a fresh browser
 * context (empty cache; the stored session of a logged-in user unless the page is /login), with
 * when it started and ended from the navigation, so the serial links of the shell's start show.
 *
 *   npx tsx bench/boot-chain.ts [/login /home /car/monitor ...]
 */
import type { Request } from 'playwright-core';
import { VIEWPORT, withDemoBrowser } from './demo-browser';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/login', '/home', '/car/monitor'];

async function main() {
  await withDemoBrowser('boot-chain', async ({ server, browser, storageState }) => {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', ...(path === '/login' ? {} : { storageState }) });
      const page = await context.newPage();
      const requests: Request[] = [];
      context.on('request', (r) => requests.push(r));
      const t0 = Date.now();
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'commit' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const total = Date.now() - t0;
      console.log(`\n${path} (network idle after ${total} ms)`);
      const rows = await Promise.all(
        requests.map(async (r) => {
          const t = r.timing();
          const size = (await r.sizes().catch(() => undefined))?.responseBodySize ?? 0;
          return { start: t.startTime - t0, end: t.startTime + t.responseEnd - t0, url: r.url().replace(server.baseUrl, ''), size };
        }),
      );
      for (const row of rows.sort((a, b) => a.start - b.start)) {
        console.log(`${String(Math.round(row.start)).padStart(6)} → ${String(Math.round(row.end)).padStart(6)} ms  ${String(Math.round(row.size / 1024)).padStart(5)} kB  ${row.url.slice(0, 110)}`);
      }
      await context.close();
    }
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
