/** Page-wide state: branding, page scale, stored state. */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { test } from './browser';
import { ADMIN, STORAGE_PREFIX, api, login, mainStorageKeys, pathOf } from './console-app';

/**
 * The page scale the root element publishes: `data-page-scale`, which must agree with the CSS
 * variable `--page-scale`; a description of both when they disagree or are missing.
 */
function readScale(page: Page): Promise<number | string> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const attr = root.dataset.pageScale;
    const cssVar = getComputedStyle(root).getPropertyValue('--page-scale').trim();
    return attr && Number(attr) === Number(cssVar) ? Number(attr) : `data-page-scale=${String(attr)} --page-scale=${cssVar}`;
  });
}

interface BrandingInfo {
  iconUrl: string;
  description: string;
  keyword: string;
  title: string;
}

describe('page state', () => {
  test('document title, description, keywords and icon follow the branding of the host', async ({ page }) => {
    const host = new URL(inject('baseUrl')).host;
    const branding = await api<BrandingInfo>(`/car/v1/api/custom/queryCustomInfo.json?url=${encodeURIComponent(host)}`);
    expect(branding.flag, `branding of ${host}: ${branding.msg}`).toBe(1);
    expect(branding.obj.title, 'the demo seeds a site title for localhost').toBeTruthy();

    await page.goto('/login');
    const meta = (name: string) => page.locator(`meta[name="${name}"]`).first().getAttribute('content');
    // branding is applied on the first navigation; then every part of it is checked (softly, to report all)
    await expect.poll(() => meta('description'), { message: 'meta description' }).toBe(branding.obj.description);
    expect.soft(await page.title(), 'document.title').toBe(branding.obj.title);
    expect.soft(await meta('keywords'), 'meta keywords').toBe(branding.obj.keyword);
    if (branding.obj.iconUrl) {
      const href = await page.locator('link[rel~="icon"]').first().getAttribute('href');
      expect.soft(href && new URL(href, page.url()).href, 'the favicon').toBe(new URL(branding.obj.iconUrl, page.url()).href);
    }
  });

  test('the page scale follows the 1366x768 design, never below 0.5', async ({ page }) => {
    const scale = () => readScale(page);
    await page.goto('/login');
    await expect.poll(scale, { message: 'data-page-scale at 1366x768' }).toBe(1);
    for (const [width, height, expected] of [
      [683, 384, 0.5],
      [400, 300, 0.5],
      [1024, 576, Math.min(1024 / 1366, 576 / 768)],
      [1920, 1080, 1],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect.poll(scale, { message: `data-page-scale at ${width}x${height}` }).toBeCloseTo(expected, 3);
    }
  });

  test('the page scale is right on first load in a small window', async ({ newContext }) => {
    const page = await (await newContext({ viewport: { width: 683, height: 384 } })).newPage();
    await page.goto('/login');
    await expect.poll(() => readScale(page)).toBe(0.5);
  });

  test('visiting /checkLogin empties every main_ key of localStorage', async ({ page }) => {
    await login(page, ADMIN);
    expect((await mainStorageKeys(page)).length, 'a logged-in shell stores its state under main_').toBeGreaterThan(0);
    await page.evaluate((key) => localStorage.setItem(key, '"probe"'), `${STORAGE_PREFIX}e2eProbe`);

    await page.goto('/checkLogin');
    await expect.poll(() => mainStorageKeys(page), { message: 'main_ keys after /checkLogin' }).toEqual([]);
    // nothing else happens: once every request of the page has settled, the state is still empty
    await page.waitForLoadState('networkidle');
    expect(await mainStorageKeys(page)).toEqual([]);
    expect(pathOf(page)).toBe('/checkLogin');
  });
});
