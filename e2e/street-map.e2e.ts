/**
 * The street map by default: 高德's keyless street tiles (GCJ-02) are stubbed in the browser with
 * generated PNG tiles; a fence whose centre is a known GCJ-02 point (天安门 as 高德 gives it) must
 * be drawn on the tile pixel that tile math names for that point. With the tile host unreachable,
 * the map switches to the offline basemap and says so.
 */
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { transformCoord } from '../sdk/geo';
import { test } from './browser';
import { login, type Envelope, type Session } from './console-app';
import { shows } from './expect-ui';
import { startServer, type RunningServer } from './server';

/** 天安门 in GCJ-02 (what 高德's map shows and users copy). */
const GCJ: [number, number] = [116.397428, 39.90923];
const FENCE = '街道地图核对围栏';
const TILE_HOST = /^https:\/\/webrd0\d\.is\.autonavi\.com\//;
const NOTE = '在线地图无法访问，已切换为离线底图；可在 地图设置 中配置地图服务';

// a server of its own on the default map (自动: 高德's street tiles); the other scenarios' servers
// use the offline basemap, since the machines running them reach no tile server
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ name: 'street-map-e2e-server', env: { MAP_PROVIDER: 'auto' } });
});
afterAll(async () => {
  await server?.stop();
});

/** CRC-32 of a PNG chunk. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A 256×256 RGB PNG of one colour: a street tile as far as the browser can tell. */
function tilePng(rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + 256 * 3);
  for (let x = 0; x < 256; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Web Mercator world pixel of a point at zoom z (what 高德's tiles and Leaflet's EPSG:3857 use). */
function worldPixel([lon, lat]: [number, number], z: number): [number, number] {
  const size = 256 * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

async function postJson<T>(session: Session, path: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(new URL(path, server.baseUrl), {
    method: 'POST',
    headers: { sessionId: session.sessionId, userId: session.userId, platformId: '8', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

async function openFence(page: Page): Promise<void> {
  await page.goto('/car/fence');
  const item = await shows(page.getByRole('listitem', { name: `围栏 ${FENCE}` }), `the fence ${FENCE}`);
  await item.click();
}

async function stubTiles(context: BrowserContext, answer: 'tiles' | 'abort'): Promise<string[]> {
  const asked: string[] = [];
  const png = tilePng([232, 236, 240]);
  await context.route(TILE_HOST, (route) => {
    asked.push(route.request().url());
    return answer === 'tiles' ? route.fulfill({ status: 200, contentType: 'image/png', body: png }) : route.abort('connectionrefused');
  });
  return asked;
}

describe('street map', () => {
  test('draws 高德 street tiles and puts a GCJ-02 point on its tile pixel', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    const asked = await stubTiles(context, 'tiles');
    const page = await context.newPage();
    const session = await login(page);
    // the fence is stored in WGS84, as every position is
    const [lon, lat] = transformCoord(GCJ, 'GCJ02', 'WGS84');
    const saved = await postJson(session, '/car/v4/api/fence/save.json', { name: FENCE, shape: 'circle', center: [lon, lat], radius: 60, trigger: 'both' });
    expect([1, 400], saved.msg).toContain(saved.flag); // 400: 围栏名称已存在 from an earlier run
    await openFence(page);
    await shows(page.locator('.tl-asset-map[data-provider="amap"] img.leaflet-tile-loaded'), 'a loaded 高德 tile');
    const circle = page.locator('.tl-asset-map path[stroke-width="3"]');
    await shows(circle, 'the focused fence');

    // once the view has settled: the tile holding the point at the map's zoom, and where the circle's centre is
    let measured: { tile: { left: number; top: number; width: number } | null; z: number; centre: [number, number] } | undefined;
    await expect
      .poll(async () => {
        const box = await circle.boundingBox();
        const tiles = await page.$$eval('.tl-asset-map img.leaflet-tile-loaded', (imgs) =>
          imgs.map((img) => {
            const u = new URL((img as HTMLImageElement).src);
            const r = img.getBoundingClientRect();
            return { x: Number(u.searchParams.get('x')), y: Number(u.searchParams.get('y')), z: Number(u.searchParams.get('z')), left: r.left, top: r.top, width: r.width };
          }),
        );
        if (!box || tiles.length === 0) return false;
        const z = Math.max(...tiles.map((t) => t.z));
        const [wx, wy] = worldPixel(GCJ, z);
        const tile = tiles.find((t) => t.z === z && t.x === Math.floor(wx / 256) && t.y === Math.floor(wy / 256)) ?? null;
        measured = { tile, z, centre: [box.x + box.width / 2, box.y + box.height / 2] };
        return z >= 14 && tile !== null && tile.width === 256;
      }, { timeout: 20_000 })
      .toBe(true);
    const { tile, z, centre } = measured!;
    const [wx, wy] = worldPixel(GCJ, z);
    const expected = [tile!.left + (wx % 256), tile!.top + (wy % 256)];
    expect(Math.abs(centre[0] - expected[0]), `x at zoom ${z}`).toBeLessThan(2);
    expect(Math.abs(centre[1] - expected[1]), `y at zoom ${z}`).toBeLessThan(2);
    // drawn in WGS84 it would sit hundreds of metres away: tens of pixels at street zoom
    const [ux, uy] = worldPixel([lon, lat], z);
    expect(Math.hypot(ux - wx, uy - wy)).toBeGreaterThan(20);
    expect(asked.length).toBeGreaterThan(0);
    await expect(page.getByText(NOTE).count()).resolves.toBe(0);
  });

  test('falls back to the offline basemap with a note when the tiles cannot be loaded', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    const asked = await stubTiles(context, 'abort');
    const page = await context.newPage();
    await login(page);
    await openFence(page);
    await shows(page.getByRole('status').filter({ hasText: NOTE }), 'the note that the online map is unreachable');
    await shows(page.locator('.tl-asset-map.tl-offline[data-provider="offline"] canvas'), 'the offline basemap');
    expect(asked.length).toBeGreaterThan(0);
    await expect(page.locator('.tl-asset-map img.leaflet-tile').count()).resolves.toBe(0);
  });
});
