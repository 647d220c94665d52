/**
 * Where a cold visit's main-thread time goes until the page is usable: a CPU profile of the page
 * (Chrome DevTools protocol) from the first byte to usable, summed by script file and by function
 * (self time, ms), the top of each printed.
 *
 *   npx tsx bench/page-profile.ts /car/monitor [/home …]
 */
import { VIEWPORT, withDemoBrowser } from './demo-browser';
import { containerAt, untilUsable } from './page-usable-probe';

const TOP = Number(process.env.BENCH_TOP ?? 25);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function fileOf(url: string): string {
  if (!url) return '(native)';
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function printTop(title: string, totals: Map<string, number>): void {
  console.log(`\n  ${title}`);
  for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${String(Math.round(us / 1000)).padStart(8)} ms  ${name}`);
}

async function main() {
  const paths = process.argv.slice(2);
  await withDemoBrowser('page-profile', async ({ server, browser, storageState }) => {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', storageState });
      const page = await context.newPage();
      const container = await containerAt(browser, server.baseUrl, path);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const t0 = performance.now();
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'commit' });
      const since = await untilUsable(page, container, { now: () => performance.now() - t0 });
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const byFile = new Map<string, number>();
      const byFunction = new Map<string, number>();
      let total = 0;
      profile.samples.forEach((id, i) => {
        const node = byId.get(id)!;
        const us = profile.timeDeltas[i] ?? 0;
        const { functionName, url, lineNumber } = node.callFrame;
        if (functionName === '(idle)' || functionName === '(program)') return;
        total += us;
        const file = fileOf(url);
        byFile.set(file, (byFile.get(file) ?? 0) + us);
        const fn = `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      });
      console.log(`\n${path} cold: usable at ${since === undefined ? 'never' : `${Math.round(since)} ms`}, main thread busy ${Math.round(total / 1000)} ms`);
      printTop('by file (self time)', byFile);
      printTop('by function (self time)', byFunction);
      await context.close();
    }
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
