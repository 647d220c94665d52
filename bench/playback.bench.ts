/**
 * 轨迹回放 with a 100,000-point day in headless Chromium: the page opened as from a link
 * (urlType=blank, vehicle and day in the query) queries the track, and 播放 is pressed the moment
 * it can be. Figures: time from the end of the track/list.json answer to the vehicle's first move
 * on the map, and frames per second while it plays — for the simplified answer the server sends,
 * for the full 100,000 points (simplification off: the browser's worst case), and for a
 * 1,000-point day as the same-run reference. The goal is judged on the answer the server sends;
 * the every-point run must still play above 30 fps (its start, dominated by parsing ~30 MB of
 * JSON, is reported beside it).
 *
 *   npx tsx bench/playback.bench.ts   (BENCH_POINTS=100000, BENCH_SECONDS=5, SCREENSHOT_DIR=dir to keep screenshots)
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/chromium';
import { REPO_ROOT } from '../e2e/server';
import { buildConsole, isConsoleStale } from '../server/console-build';
import { FIXTURE_TERMINAL, startPlaybackFixture } from './playback-fixture';

const POINTS = Number(process.env.BENCH_POINTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const START_GOAL_MS = 1000;
const FPS_GOAL = 30;
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

const bench = (name: string, value: number, unit: string) => console.log(`BENCH ${name} ${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`);
const iso = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * Runs in the page from its first script: notes when the track answer's last byte arrived, presses
 * 播放 as soon as it is enabled and the vehicle is on the map, and notes the first frame it moved.
 */
const START_PROBE = `(() => {
  const seen = new Set();
  const arm = () => {
    const pb = (window.__playbackBench = { responseEnd: null, readyAt: null, movedAt: null });
    let x0 = '', y0 = '';
    const loop = () => {
      for (const e of performance.getEntriesByType('resource')) {
        if (!e.name.includes('/track/list.json') || seen.has(e)) continue;
        seen.add(e);
        if (pb.responseEnd === null) pb.responseEnd = e.responseEnd;
      }
      const canvas = document.querySelector('canvas.tl-track-cursor');
      if (pb.readyAt === null) {
        const play = [...document.querySelectorAll('button')].find((b) => b.textContent === '播放' && !b.disabled);
        if (play && canvas && canvas.dataset.x && pb.responseEnd !== null) {
          x0 = canvas.dataset.x; y0 = canvas.dataset.y;
          pb.readyAt = performance.now();
          play.click();
        }
      } else if (canvas && (canvas.dataset.x !== x0 || canvas.dataset.y !== y0)) {
        pb.movedAt = performance.now();
        return;
      }
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  window.__playbackBenchArm = arm;
  arm();
})()`;

const FRAME_PROBE = `(ms) => new Promise((resolve) => {
  const deltas = [];
  let last = performance.now();
  const begin = last;
  const end = last + ms;
  const tick = (t) => {
    deltas.push(t - last);
    last = t;
    if (t < end) { requestAnimationFrame(tick); return; }
    const seconds = (t - begin) / 1000;
    deltas.sort((a, b) => a - b);
    const q = (p) => deltas[Math.min(deltas.length - 1, Math.floor(p * deltas.length))];
    resolve({ fps: deltas.length / seconds, p95: q(0.95), max: deltas[deltas.length - 1] });
  };
  requestAnimationFrame(tick);
})`;

interface Run {
  /** A new tab opened with the link: answer → first move. */
  startMs: number;
  /** 查询 again in that tab. */
  warmMs: number;
  fps: number;
  p95: number;
  points: number;
  answerMs: number;
  answerBytes: number;
  chartCursorMoved: boolean;
}

async function measure(browser: Browser, count: number, simplify: boolean, label: string): Promise<Run> {
  const fixture = await startPlaybackFixture(count, { simplify });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await context.addInitScript(() => {
      localStorage.setItem('main_USER', JSON.stringify({ userId: 7, account: 'admin', name: '管理员', tenantId: 1, tenantName: '天路演示', roleId: 1 }));
      localStorage.setItem('main_sessionId', JSON.stringify('bench-session'));
    });
    await context.addInitScript(START_PROBE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const query = new URLSearchParams({ urlType: 'blank', terminalNo: FIXTURE_TERMINAL, start: iso(fixture.start), end: iso(fixture.end) });
    await page.goto(`${fixture.baseUrl}/car/playback?${query}`);
    await page.waitForFunction('window.__playbackBench && window.__playbackBench.movedAt !== null', undefined, { timeout: 60_000 });
    const probe = (await page.evaluate('window.__playbackBench')) as { responseEnd: number; readyAt: number; movedAt: number };
    const points = Number(/\/\s*(\d+)/.exec(await page.getByTestId('playback-status').innerText())?.[1] ?? NaN);
    const loaded = Number(/(\d+)\s*\//.exec(await page.getByTestId('playback-status').innerText())?.[1] ?? NaN);
    // the chart (ECharts, its own lazy chunk) may still be loading when the marker first moves
    await page.waitForFunction("document.querySelector('[data-testid=speed-chart]')?.getAttribute('data-cursor') != null", undefined, { timeout: 30_000 });
    const chartBefore = await page.getByTestId('speed-chart').getAttribute('data-cursor');
    const frames = (await page.evaluate(`(${FRAME_PROBE})(${SECONDS * 1000})`)) as { fps: number; p95: number; max: number };
    const chartAfter = await page.getByTestId('speed-chart').getAttribute('data-cursor');
    // the same query again in the open page (code and map data loaded): what a second query costs
    await page.getByRole('button', { name: '暂停', exact: true }).click();
    await page.evaluate('window.__playbackBenchArm()');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.waitForFunction('window.__playbackBench && window.__playbackBench.movedAt !== null', undefined, { timeout: 60_000 });
    const again = (await page.evaluate('window.__playbackBench')) as { responseEnd: number; readyAt: number; movedAt: number };
    const warmMs = again.movedAt - again.responseEnd;
    if (SCREENSHOT_DIR) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `playback-${label}.png`) });
    }
    if (errors.length) console.log(`page errors (${label}): ${errors.join(' | ')}`);
    await context.close();
    const startMs = probe.movedAt - probe.responseEnd;
    console.log(
      `${label}: ${points} positions, ${loaded} on the map; answer ${(fixture.lastAnswerBytes / 1e6).toFixed(1)} MB built in ${fixture.lastAnswerMs.toFixed(0)} ms; ` +
        `answer → 播放 enabled ${(probe.readyAt - probe.responseEnd).toFixed(0)} ms, → first move ${startMs.toFixed(0)} ms (same query again: ${warmMs.toFixed(0)} ms); ` +
        `playing: ${frames.fps.toFixed(1)} fps, frame p95 ${frames.p95.toFixed(1)} ms, max ${frames.max.toFixed(1)} ms`,
    );
    return {
      startMs,
      warmMs,
      fps: frames.fps,
      p95: frames.p95,
      points: loaded,
      answerMs: fixture.lastAnswerMs,
      answerBytes: fixture.lastAnswerBytes,
      chartCursorMoved: chartBefore !== null && chartAfter !== null && chartAfter !== chartBefore && errors.length === 0,
    };
  } finally {
    await fixture.close();
  }
}

async function main() {
  if (await isConsoleStale(REPO_ROOT)) {
    console.log('building the console (dist/ is stale)…');
    await buildConsole(REPO_ROOT);
  }
  const browser = await launchBrowser();
  let failed = false;
  try {
    // the browser's first page load compiles the console's code: not part of any figure
    await measure(browser, 1000, true, 'warm-up');
    const reference = await measure(browser, 1000, true, 'reference-1k');
    const simplified = await measure(browser, POINTS, true, 'simplified-100k');
    const full = await measure(browser, POINTS, false, 'full-100k');
    bench('reference.playback-1k.start-after-answer', reference.startMs, 'ms');
    bench('reference.playback-1k.fps', reference.fps, 'fps');
    bench('playback.start-after-answer', simplified.startMs, 'ms');
    bench('playback.requery-start-after-answer', simplified.warmMs, 'ms');
    bench('playback.fps', simplified.fps, 'fps');
    bench('playback.frame-time-p95', simplified.p95, 'ms');
    bench('playback.points-sent', simplified.points, 'points');
    bench('playback.answer-build', simplified.answerMs, 'ms');
    bench('playback.answer-size', simplified.answerBytes / 1e6, 'MB');
    bench('playback-full.start-after-answer', full.startMs, 'ms');
    bench('playback-full.requery-start-after-answer', full.warmMs, 'ms');
    bench('playback-full.fps', full.fps, 'fps');
    bench('playback-full.frame-time-p95', full.p95, 'ms');
    bench('playback-full.answer-size', full.answerBytes / 1e6, 'MB');
    bench('playback.start-over-reference', simplified.startMs / Math.max(1, reference.startMs), 'x');
    // the goal is on what the server answers (simplified for the zoom); with every point sent the
    // replay must still run smoothly, its start is reported alongside
    const ok = simplified.startMs < START_GOAL_MS && simplified.fps > FPS_GOAL && full.fps > FPS_GOAL && simplified.chartCursorMoved && full.chartCursorMoved;
    failed = !ok;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} goal: a ${POINTS}-point day begins playing < ${START_GOAL_MS} ms after the answer and plays > ${FPS_GOAL} fps with the chart cursor following ` +
        `(as answered, ${simplified.points} points for the map: ${simplified.startMs.toFixed(0)} ms, ${simplified.fps.toFixed(1)} fps; ` +
        `with all ${full.points} points: ${full.fps.toFixed(1)} fps, start ${full.startMs.toFixed(0)} ms in a new tab, ${full.warmMs.toFixed(0)} ms on 查询 again)`,
    );
    console.log(`(headless Chromium ${browser.version()}, ${SECONDS} s of playing per run, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} CPUs; reproduce: npx tsx bench/playback.bench.ts)`);
  } finally {
    await browser.close();
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
