import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../tools/build/precompress-plugin';
import { IMMUTABLE, SITE_ICON_CACHE, acceptedEncodings } from './console-files';
import { createTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
let distDir: string;
const code = `export const fleet = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ plateNo: `京A${10000 + i}`, online: i % 3 > 0 })))};\n`;
const ASSET = '/assets/index-Bx7_k2Qa.js';
const CHILD = '/child/car/monitor-page-D4f9-aZ1.js';

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'tianlu-dist-'));
  await mkdir(join(distDir, 'assets'));
  await mkdir(join(distDir, 'child', 'car'), { recursive: true });
  await writeFile(join(distDir, 'index.html'), `<!doctype html><title>天路</title><script type="module" src="${ASSET}"></script>${'<!-- -->'.repeat(200)}`);
  await writeFile(join(distDir, ASSET), code);
  await writeFile(join(distDir, CHILD), code);
  await writeFile(join(distDir, 'assets', 'tiny-Ab12Cd34.js'), 'export {};\n');
  await writeFile(join(distDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
  await writeFile(join(distDir, 'robots.txt'), 'User-agent: *\n');
  await precompressDir(distDir); // the build's own step
  server = await createTestServer({ demo: true, distDir });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('console files', () => {
  it('answers a hashed asset in brotli when asked, cached for a year', async () => {
    const res = await get(ASSET, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(code.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(code);
  });

  it('answers gzip when only gzip is accepted, and the file itself otherwise', async () => {
    const gz = await get(ASSET, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(code);
    for (const accept of [undefined, 'identity']) {
      const plain = await get(ASSET, accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body).toBe(code);
    }
  });

  it('keeps the site icon a day, which every page load asks for, and checks other unhashed files each time', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe(SITE_ICON_CACHE);
    expect(SITE_ICON_CACHE).toMatch(/max-age=86400/);
    expect((await get('/robots.txt')).headers['cache-control']).toBe('public, max-age=0');
  });

  it('sends a file too small to be worth compressing as it is', async () => {
    const res = await get('/assets/tiny-Ab12Cd34.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('compresses the console plugin chunks under /child/ the same way', async () => {
    const res = await get(CHILD, 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(code);
  });

  it('never caches index.html for long, compressed or not, at / and on console routes', async () => {
    for (const url of ['/', '/index.html', '/car/monitor']) {
      for (const accept of ['br, gzip', undefined]) {
        const res = await get(url, accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    }
    expect((await get('/plugins.manifest.json', 'br, gzip')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a browser that holds the file with 304, and honours a refused encoding', async () => {
    const first = await get(ASSET, 'br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await server.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const refused = await get(ASSET, 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(refused.rawPayload).toString()).toBe(code);
    expect(acceptedEncodings('gzip;q=0.5, br;q=0')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings(undefined)).toEqual(['identity']);
  });

  it('keeps answering a code file it has sent once after a new build removed it (a tab opened before the update)', async () => {
    const url = '/child/car/alarm-page-Qw3rTy12.js';
    await writeFile(join(distDir, url), code);
    await precompressDir(distDir);
    expect((await get(url, 'br')).statusCode).toBe(200);
    await rename(join(distDir, `${url}.br`), join(distDir, `${url}.br.gone`));
    await rename(join(distDir, url), join(distDir, `${url}.gone`));
    const later = await get(url, 'br');
    expect(later.statusCode).toBe(200);
    expect(brotliDecompressSync(later.rawPayload).toString()).toBe(code);
    expect(later.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('still answers 404 for a missing file', async () => {
    expect((await get('/assets/missing-Zz99Zz99.js', 'br, gzip')).statusCode).toBe(404);
  });
});
