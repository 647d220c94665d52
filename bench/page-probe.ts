/**
 * Instruments for console benchmarks that run for minutes: requestAnimationFrame deltas recorded in
 * the page and collected in pieces, and the page's JS heap, DOM nodes and listeners after a full GC.
 */
import type { CDPSession, Page } from 'playwright-core';
import { percentile } from './jt808-load-generator';

/** A frame this long missed at least one 60 Hz refresh. */
export const SLOW_FRAME_MS = 25;

export interface FrameStats {
  count: number;
  /** Share of frames longer than SLOW_FRAME_MS. */
  slow: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Runs in the page (a string, so the bundler's helpers do not leak into it): every frame's delta into a list. */
const RECORDER = `(() => {
  if (window.__benchFrames) return;
  window.__benchFrames = [];
  let last = performance.now();
  const tick = (t) => {
    window.__benchFrames.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const TAKE = `(() => { const f = window.__benchFrames ?? []; window.__benchFrames = []; return f; })()`;

/** Starts recording frame deltas in the page (until it navigates). */
export async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(RECORDER);
}

/** The deltas recorded since the last call, and a fresh start. */
export function takeFrames(page: Page): Promise<number[]> {
  return page.evaluate(TAKE) as Promise<number[]>;
}

export function frameStats(deltas: readonly number[]): FrameStats {
  const sorted = Float64Array.from(deltas).sort();
  const slow = sorted.length ? deltas.filter((d) => d > SLOW_FRAME_MS).length / sorted.length : 0;
  return { count: sorted.length, slow, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: percentile(sorted, 1) };
}

export interface HeapSample {
  /** JS heap in use, MB. */
  heapMb: number;
  nodes: number;
  listeners: number;
  /** CPU the page's main thread and its whole renderer process used since it started, s (machine load does not inflate it). */
  threadS: number;
  processS: number;
}

/** The page's metrics through the DevTools protocol. */
export class PageMetrics {
  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<PageMetrics> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    return new PageMetrics(cdp);
  }

  /** Collects garbage, then reads the heap: what the page holds on to, not what it has yet to free. */
  async afterGc(): Promise<HeapSample> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return {
      heapMb: value('JSHeapUsedSize') / 2 ** 20, nodes: value('Nodes'), listeners: value('JSEventListeners'),
      threadS: value('ThreadTime'), processS: value('ProcessTime'),
    };
  }

  async close(): Promise<void> {
    await this.cdp.detach();
  }
}
