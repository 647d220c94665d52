/**
 * Chromium for the scenarios: one browser per test file, a fresh context (cookies, storage, cache)
 * per test, a screenshot and the browser console in test-results/ on failure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { launchBrowser } from './chromium';
import { RESULTS_DIR } from './server';

/** Context defaults: the 1366x768 design size, zh-CN, relative page.goto against the server. */
export function contextOptions(extra: BrowserContextOptions = {}): BrowserContextOptions {
  return { baseURL: inject('baseUrl'), viewport: { width: 1366, height: 768 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', ...extra };
}

const safeName = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120);

/** Screenshot and browser console of every open page of `context` into test-results/. */
async function saveFailure(context: BrowserContext, name: string, consoleLines: string[]): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const pages = context.pages();
  for (const [i, page] of pages.entries()) {
    const file = path.join(RESULTS_DIR, `${safeName(name)}${pages.length > 1 ? `-${i}` : ''}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
      console.error(`[e2e] screenshot ${file} (url ${page.url()})`);
    } catch (e) {
      console.error(`[e2e] no screenshot for ${name}: ${String(e)}`);
    }
  }
  writeFileSync(path.join(RESULTS_DIR, `${safeName(name)}.console.txt`), consoleLines.join('\n'));
}

/**
 * `test` with fixtures: `browser` (per file), `context` and `page` (fresh per test). Use
 * `newContext(options)` for extra contexts (other viewport, a second user); they are closed and
 * screenshotted on failure too.
 */
export const test = base
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('newContext', async ({ browser, task }, { onCleanup }) => {
    const contexts: { context: BrowserContext; consoleLines: string[] }[] = [];
    onCleanup(async () => {
      const failed = task.result?.state === 'fail';
      for (const [i, { context, consoleLines }] of contexts.entries()) {
        if (failed) await saveFailure(context, `${task.file.name.replace(/^e2e\//, '')}-${task.name}${i ? `-ctx${i}` : ''}`, consoleLines);
        await context.close().catch(() => undefined);
      }
    });
    return async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
      const context = await browser.newContext(contextOptions(options));
      const consoleLines: string[] = [];
      context.on('page', (p) => {
        p.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
        p.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
        p.on('requestfailed', (r) => consoleLines.push(`[requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
      });
      contexts.push({ context, consoleLines });
      return context;
    };
  })
  .extend('context', async ({ newContext }) => newContext())
  .extend('page', async ({ context }): Promise<Page> => context.newPage());
