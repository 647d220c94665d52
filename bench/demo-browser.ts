/**
 * The set-up of the console's diagnostic scripts: the real server with the simulated fleet, a
 * headless Chromium, and the stored session of the demo operator (logged in once through the form).
 */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchBrowser } from '../e2e/chromium';
import { ADMIN, login } from '../e2e/console-app';
import { startServer, type RunningServer } from '../e2e/server';

export const VIEWPORT = { width: 1366, height: 768 };

export interface DemoBrowser {
  server: RunningServer;
  browser: Browser;
  /** A logged-in user's storage, for `browser.newContext`. */
  storageState: BrowserContextOptions['storageState'];
}

/** Runs `body` with the server, the browser and a logged-in user's storage; stops them after, however it ends. */
export async function withDemoBrowser(name: string, body: (demo: DemoBrowser) => Promise<void>): Promise<void> {
  const server = await startServer({ name, env: { SIM_ASSETS: '1', SIM_DEVICES: '10' } });
  const browser = await launchBrowser();
  try {
    const setup = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, locale: 'zh-CN' });
    await login(await setup.newPage(), ADMIN);
    const storageState = await setup.storageState();
    await setup.close();
    await body({ server, browser, storageState });
  } finally {
    await browser.close();
    await server.stop();
  }
}
