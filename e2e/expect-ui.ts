/** Waiting assertions for the browser (vitest's expect does not retry against a live page). */
import type { Locator, Page } from 'playwright-core';

const TIMEOUT = 15_000;

/** Waits until `locator` (its first match) is visible; fails with `what` in the message. */
export async function shows(locator: Locator, what: string, timeout = TIMEOUT): Promise<Locator> {
  const first = locator.first();
  try {
    await first.waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected to see ${what} within ${timeout} ms`);
  }
  return first;
}

/** Waits until the page path satisfies `test`; fails with the current path. */
export async function reaches(page: Page, test: (path: string) => boolean, what: string, timeout = TIMEOUT): Promise<void> {
  try {
    await page.waitForURL((u) => test(u.pathname), { timeout });
  } catch {
    throw new Error(`expected the page to reach ${what} within ${timeout} ms, it is at ${new URL(page.url()).pathname}`);
  }
}

/** The page path once it has stopped changing for `quietMs` (redirects done). */
export async function settledPath(page: Page, quietMs = 700, timeout = TIMEOUT): Promise<string> {
  const deadline = Date.now() + timeout;
  let path = new URL(page.url()).pathname;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`the page path kept changing for ${timeout} ms (now ${path})`);
    await page.waitForTimeout(50);
    const now = new URL(page.url()).pathname;
    if (now !== path) [path, since] = [now, Date.now()];
  }
  return path;
}
