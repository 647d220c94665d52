import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

// The console's icon comes from host/public, which the build copies to the site root.
const rootDir = fileURLToPath(new URL('../..', import.meta.url));
let vite: ViteDevServer;
let http: Server;

beforeAll(async () => {
  vite = await createServer({ configFile: `${rootDir}vite.config.ts`, server: { middlewareMode: true, hmr: false }, logLevel: 'silent' });
  http = createHttpServer(vite.middlewares);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await vite.close();
});

describe('the console’s icon', () => {
  it('is linked from the page and served at /favicon.ico as an icon', async () => {
    const html = await readFile(`${rootDir}host/index.html`, 'utf8');
    expect(html).toContain('<link rel="icon" href="/favicon.ico" />');
    const res = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/favicon.ico`);
    expect(res.status).toBe(200);
    const icon = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then the number of images
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2)]).toEqual([0, 1]);
    expect(icon.readUInt16LE(4)).toBeGreaterThan(0);
  });
});
