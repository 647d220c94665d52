/**
 * `npm run dev` (Vite's development server inside the API server) with an installed plugin in
 * PLUGINS_DIR: the development page has the import map too, so the plugin runs on the console's
 * own React, Fluent UI and SDK while the console itself is being developed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { test } from './browser';
import { ADMIN, login } from './console-app';
import { buildExample } from './example-plugin';
import { reaches, shows } from './expect-ui';
import { startServer, type RunningServer } from './server';
import { switchSubApp } from './shell-ui';

let server: RunningServer;
let pluginsDir: string;

beforeAll(async () => {
  pluginsDir = await mkdtemp(path.join(tmpdir(), 'tianlu-e2e-dev-plugins-'));
  await buildExample(path.join(pluginsDir, 'hello'));
  server = await startServer({ name: 'e2e-dev-mode-server', script: ['server/dev.ts'], env: { PLUGINS_DIR: pluginsDir } });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (pluginsDir) await rm(pluginsDir, { recursive: true, force: true });
});

describe('the development server', () => {
  test('runs an installed plugin on the console’s own React, Fluent UI and SDK', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const shared: string[] = [];
    page.on('response', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/@tianlu-shared/') || p.startsWith('/child/hello/')) shared.push(`${r.status()} ${p}`);
    });

    // the first visit has Vite transform the console module by module (and pre-bundle its packages)
    await page.goto('/login', { timeout: 300_000 });
    await login(page, ADMIN);
    await switchSubApp(page, '示例插件');
    await reaches(page, (p) => p === '/hello/overview', 'the plugin’s page /hello/overview');
    await shows(page.getByText('你好，演示管理员'), 'the greeting, read through the console’s http service');
    const button = await shows(page.getByRole('button', { name: '点击了 0 次' }), 'the plugin’s Fluent UI button');
    await button.click();
    await shows(page.getByRole('button', { name: '点击了 1 次' }), 'the button after one click: one React runs the page');

    expect(shared).toEqual(expect.arrayContaining(['200 /child/hello/index.js', '200 /@tianlu-shared/react.js', '200 /@tianlu-shared/sdk.js']));
    expect(errors).toEqual([]);
  });
});
