/**
 * Screenshots of a settled screen, for a person to look at: the one place the scenarios save a
 * picture. It waits for what a person would wait for, never for a fixed time:
 *  - the web fonts are loaded (no fallback glyphs);
 *  - no finite animation or transition is running (a dialog opening, a drawer sliding, a map
 *    panning or zooming); endless ones, a spinner or a pulsing marker, never end and are not waited for;
 *  - every map tile has loaded or failed, and nothing says it is busy (`aria-busy`: a chart being drawn);
 *  - two frames are painted after that.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { RESULTS_DIR } from './server';

export interface ScreenshotOptions {
  /** The whole scrollable page rather than the viewport. */
  fullPage?: boolean;
}

/** Resolves when the page shows what it is going to show (see above), or after `timeoutMs` regardless. */
export async function settled(page: Page, timeoutMs = 10_000): Promise<void> {
  await page
    .waitForFunction(
      () => {
        if (document.fonts.status !== 'loaded') return false;
        const moving = document.getAnimations().some((a) => {
          if (a.playState !== 'running') return false;
          const timing = a.effect?.getComputedTiming();
          return timing !== undefined && timing.endTime !== Infinity;
        });
        if (moving) return false;
        // an image is complete once loaded or failed: a failed tile does not hold the picture up
        if ([...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].some((img) => !img.complete)) return false;
        if (document.querySelector('.leaflet-zoom-anim')) return false;
        // a chart (and anything else loading) says so with aria-busy until it is drawn
        return !document.querySelector('[aria-busy="true"]');
      },
      undefined,
      { timeout: timeoutMs, polling: 'raf' },
    )
    // a screenshot of an unsettled screen is still worth saving: the scenario's assertions decide
    .catch(() => undefined);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Saves the settled screen as test-results/<name>. */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(RESULTS_DIR, name), fullPage: options.fullPage ?? false });
}
