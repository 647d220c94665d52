/**
 * The pages the plugins publish: the routes of every enabled sub-application, read from the built
 * plugins the manifest names (the build manifest maps each plugin's source entry to its file).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ManifestRecord } from '../sdk/plugin';
import { REPO_ROOT } from './server';

export interface PageRoute {
  path: string;
  title: string;
  /** Title of the sub-application (系统中心 for the centre). */
  app: string;
  /** False for a full-screen page without the layout (数据大屏). */
  showLayout: boolean;
}

/**
 * The pages of every enabled sub-application, evaluated in `page` (which must be on the console's
 * origin). Redirects and routes with parameters are no pages; full-screen pages only when asked.
 */
export async function pageRoutes(page: Page, baseUrl: string, options: { fullScreen?: boolean } = {}): Promise<PageRoute[]> {
  type Route = { path: string; title: string; redirect?: string; showLayout?: boolean };
  const records = (await (await fetch(new URL('/plugins.manifest.json', baseUrl))).json()) as ManifestRecord[];
  const found: PageRoute[] = [];
  // the built console's own file of each plugin, from the build manifest (keys are paths of the sources)
  const built = JSON.parse(readFileSync(path.join(REPO_ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  for (const record of records.filter((r) => r.enabled)) {
    const chunk = Object.entries(built).find(([source]) => source.endsWith(record.developmentEntry))?.[1].file;
    if (!chunk) throw new Error(`the built console has no file for ${record.developmentEntry}`);
    // an expression, so the test's bundler leaves this import() alone
    const routes = await page.evaluate<Route[]>(`import(${JSON.stringify(`/${chunk}`)}).then((m) => m.default.routes.map(({ path, title, redirect, showLayout }) => ({ path, title, redirect, showLayout })))`);
    for (const r of routes) {
      if (r.redirect || r.path.includes(':')) continue;
      const showLayout = r.showLayout !== false;
      if (!showLayout && !options.fullScreen) continue;
      found.push({ path: r.path, title: r.title, app: record.title, showLayout });
    }
  }
  return found;
}

/** Goes to `path` inside the running console, as its own links do (no page load). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
