/**
 * The street map by default, and each provider a tenant can choose on 地图设置: the provider's real
 * tile URLs are stubbed in the browser with generated PNG tiles, and a fence whose centre is a
 * known point in the provider's datum (天安门 as that map gives it) must be drawn on the pixel of
 * the tile that the provider's own tile math names for that point — 高德 and 腾讯 Web Mercator on
 * GCJ-02 (腾讯 numbering rows from the south), 百度 its own Mercator of BD-09 with rows counted
 * from the equator, 天地图 Web Mercator on CGCS2000 (WGS84 to within centimetres). With the tile
 * host unreachable, the map switches to the offline basemap and says so.
 */
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { transformCoord, type CoordSystem } from '../sdk/geo';
import { test } from './browser';
import { login, type Envelope, type Session } from './console-app';
import { shows } from './expect-ui';
import { startServer, type RunningServer } from './server';

/** 天安门 in GCJ-02 (what 高德's and 腾讯's maps show and users copy). */
const GCJ: [number, number] = [116.397428, 39.90923];
const FENCE = '街道地图核对围栏';
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

/** Web Mercator world pixel of a point at zoom z (高德, 腾讯 and 天地图's tiles and Leaflet's EPSG:3857). */
function worldPixel([lon, lat]: [number, number], z: number): [number, number] {
  const size = 256 * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/** A tile as its URL names it, in the provider's numbering. */
interface TileId {
  x: number;
  y: number;
  z: number;
}

/** Where a point lies on a provider's tiles: the tile holding it and the pixel in that tile's image (from its top-left). */
interface TileSpot extends TileId {
  dx: number;
  dy: number;
}

/** A provider as its tiles see it. */
interface Provider {
  /** The choice on 地图设置. */
  label: string;
  /** data-provider of the map drawing it. */
  id: string;
  /** The key field of 地图设置 and a key a tenant would enter. */
  key?: { field: string; value: string };
  /** The host of its real tile URLs (stubbed). */
  host: RegExp;
  /** The base tile a URL asks for; undefined for another layer (labels). */
  tileOf(url: URL): TileId | undefined;
  /** The known point, in the provider's datum. */
  point: [number, number];
  datum: CoordSystem;
  /** Where the provider's tile math puts the point at zoom z. */
  spotAt(z: number): TileSpot;
}

const num = (url: URL, name: string) => Number(url.searchParams.get(name));
const xyz = (url: URL): TileId => ({ x: num(url, 'x'), y: num(url, 'y'), z: num(url, 'z') });

/** Column, row from the north and pixel of a point on Web Mercator tiles (XYZ numbering). */
function mercatorSpot(point: [number, number], z: number): TileSpot {
  const [wx, wy] = worldPixel(point, z);
  const x = Math.floor(wx / 256);
  const y = Math.floor(wy / 256);
  return { x, y, z, dx: wx - x * 256, dy: wy - y * 256 };
}

const AMAP: Provider = {
  label: '高德地图',
  id: 'amap',
  host: /^https:\/\/webrd0\d\.is\.autonavi\.com\//,
  tileOf: xyz,
  point: GCJ,
  datum: 'GCJ02',
  spotAt: (z) => mercatorSpot(GCJ, z),
};

const TENCENT: Provider = {
  label: '腾讯地图',
  id: 'tencent',
  key: { field: '腾讯 Key', value: 'TXE2E-tencent-key' },
  host: /^https:\/\/rt\d\.map\.gtimg\.com\/tile\?/,
  tileOf: xyz,
  point: GCJ,
  datum: 'GCJ02',
  // 腾讯 counts tile rows from the south (TMS): row 0 is the southernmost
  spotAt: (z) => {
    const spot = mercatorSpot(GCJ, z);
    return { ...spot, y: 2 ** z - 1 - spot.y };
  },
};

/**
 * 天安门 in BD-09 (what 百度's map shows) and its BD-09MC metres as Baidu's own converter gives them
 * (BMap's LL2MC: x 12958175.00, y 4825923.77).
 */
const BD09: [number, number] = [116.404, 39.915];
const BD09MC: [number, number] = [12958175.0, 4825923.77];

const BAIDU: Provider = {
  label: '百度地图',
  id: 'baidu',
  key: { field: '百度 AK', value: 'BDE2Ebaiduak' },
  host: /^https:\/\/maponline\d\.bdimg\.com\/tile\//,
  tileOf: xyz,
  point: BD09,
  datum: 'BD09',
  // Baidu's tile math: 2^(z−18) pixels per BD-09MC metre, origin at (0, 0), column ⌊px/256⌋ and row
  // ⌊py/256⌋ counted eastwards and northwards; a tile image's top is its northern edge
  spotAt: (z) => {
    const scale = 2 ** (z - 18);
    const [px, py] = [BD09MC[0] * scale, BD09MC[1] * scale];
    const x = Math.floor(px / 256);
    const y = Math.floor(py / 256);
    return { x, y, z, dx: px - x * 256, dy: (y + 1) * 256 - py };
  },
};

/** 天安门 in WGS84 / CGCS2000 (what 天地图 shows). */
const WGS: [number, number] = [116.391187, 39.907829];

const TIANDITU: Provider = {
  label: '天地图',
  id: 'tianditu',
  key: { field: '天地图 tk', value: 'e2etiandituTk0123' },
  host: /^https:\/\/t\d\.tianditu\.gov\.cn\//,
  // WMTS of the 'w' matrix set: TILECOL / TILEROW from the north-west, TILEMATRIX the zoom; the label layer (cva) aside
  tileOf: (url) => (url.searchParams.get('LAYER') === 'vec' ? { x: num(url, 'TILECOL'), y: num(url, 'TILEROW'), z: num(url, 'TILEMATRIX') } : undefined),
  point: WGS,
  datum: 'WGS84',
  spotAt: (z) => mercatorSpot(WGS, z),
};

async function postJson<T>(session: Session, path: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(new URL(path, server.baseUrl), {
    method: 'POST',
    headers: { sessionId: session.sessionId, userId: session.userId, platformId: '8', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** A fence centred on the provider's known point (stored in WGS84, as every position is); its name. */
async function fenceAt(session: Session, provider: Provider): Promise<string> {
  const name = `${FENCE}-${provider.id}`;
  const center = transformCoord(provider.point, provider.datum, 'WGS84');
  const saved = await postJson(session, '/car/v4/api/fence/save.json', { name, shape: 'circle', center, radius: 60, trigger: 'both' });
  expect([1, 400], saved.msg).toContain(saved.flag); // 400: 围栏名称已存在 from an earlier test
  return name;
}

async function openFence(page: Page, name: string): Promise<void> {
  await page.goto('/car/fence');
  const item = await shows(page.getByRole('listitem', { name: `围栏 ${name}` }), `the fence ${name}`);
  await item.click();
}

/** Chooses the tenant's map on 地图设置, as its administrator does (with the provider's key). */
async function chooseMap(page: Page, provider: Provider): Promise<void> {
  await page.goto('/center/mapSetting');
  await (await shows(page.getByRole('radio', { name: provider.label, exact: true }), `the choice ${provider.label}`)).check();
  if (provider.key) await page.getByLabel(provider.key.field, { exact: true }).fill(provider.key.value);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await shows(page.getByText('保存成功'), 'the settings saved');
}

async function stubTiles(context: BrowserContext, provider: Provider, answer: 'tiles' | 'abort'): Promise<string[]> {
  const asked: string[] = [];
  const png = tilePng([232, 236, 240]);
  await context.route(provider.host, (route) => {
    asked.push(route.request().url());
    return answer === 'tiles' ? route.fulfill({ status: 200, contentType: 'image/png', body: png }) : route.abort('connectionrefused');
  });
  return asked;
}

/**
 * The focused fence is drawn at street zoom on the pixel of the tile the provider's tile math
 * names for its centre.
 */
async function expectOnTilePixel(page: Page, provider: Provider): Promise<void> {
  await shows(page.locator(`.tl-asset-map[data-provider="${provider.id}"] img.leaflet-tile-loaded`), `a loaded ${provider.label} tile`);
  const circle = page.locator('.tl-asset-map path[stroke-width="3"]');
  await shows(circle, 'the focused fence');

  // once the view has settled (two reads in a row agree): the tile holding the point at the map's
  // zoom, and where the circle's centre is, both read in the same frame
  let measured: { tile: { left: number; top: number; width: number } | null; spot: TileSpot; centre: [number, number] } | undefined;
  let previous = '';
  await expect
    .poll(async () => {
      const read = await page.evaluate(() => {
        const path = document.querySelector('.tl-asset-map path[stroke-width="3"]');
        const r = path?.getBoundingClientRect();
        const tiles = [...document.querySelectorAll('.tl-asset-map img.leaflet-tile-loaded')].map((img) => {
          const t = img.getBoundingClientRect();
          return { src: (img as HTMLImageElement).src, left: t.left, top: t.top, width: t.width };
        });
        return { centre: r ? ([r.x + r.width / 2, r.y + r.height / 2] as [number, number]) : null, tiles };
      });
      const tiles = read.tiles.flatMap((t) => {
        const id = provider.tileOf(new URL(t.src));
        return id ? [{ ...id, ...t }] : [];
      });
      if (!read.centre || tiles.length === 0) return false;
      const z = Math.max(...tiles.map((t) => t.z));
      const spot = provider.spotAt(z);
      const tile = tiles.find((t) => t.z === z && t.x === spot.x && t.y === spot.y) ?? null;
      measured = { tile, spot, centre: read.centre };
      const key = JSON.stringify(measured);
      const settled = key === previous;
      previous = key;
      return settled && z >= 14 && tile !== null && tile.width === 256;
    }, { timeout: 20_000 })
    .toBe(true);
  const { tile, spot, centre } = measured!;
  expect(Math.abs(centre[0] - (tile!.left + spot.dx)), `x at zoom ${spot.z}`).toBeLessThan(2);
  expect(Math.abs(centre[1] - (tile!.top + spot.dy)), `y at zoom ${spot.z}`).toBeLessThan(2);
  await expect(page.getByText(NOTE).count()).resolves.toBe(0);
}

describe('street map', () => {
  test('draws 高德 street tiles by default and puts a GCJ-02 point on its tile pixel', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    const asked = await stubTiles(context, AMAP, 'tiles');
    const page = await context.newPage();
    const session = await login(page);
    await openFence(page, await fenceAt(session, AMAP));
    await expectOnTilePixel(page, AMAP);
    expect(asked.length).toBeGreaterThan(0);
    // drawn in WGS84 it would sit hundreds of metres away: tens of pixels at street zoom
    const [ux, uy] = worldPixel(transformCoord(GCJ, 'GCJ02', 'WGS84'), 16);
    const [gx, gy] = worldPixel(GCJ, 16);
    expect(Math.hypot(ux - gx, uy - gy)).toBeGreaterThan(20);
  });

  test('falls back to the offline basemap with a note when the tiles cannot be loaded', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    const asked = await stubTiles(context, AMAP, 'abort');
    const page = await context.newPage();
    const session = await login(page);
    await openFence(page, await fenceAt(session, AMAP));
    await shows(page.getByRole('status').filter({ hasText: NOTE }), 'the note that the online map is unreachable');
    await shows(page.locator('.tl-asset-map.tl-offline[data-provider="offline"] canvas'), 'the offline basemap');
    expect(asked.length).toBeGreaterThan(0);
    await expect(page.locator('.tl-asset-map img.leaflet-tile').count()).resolves.toBe(0);
    // the fence is still there, on the offline basemap
    await shows(page.locator('.tl-asset-map path[stroke-width="3"]'), 'the focused fence on the offline basemap');
  });

  test('on 实时监控 the note joins the flow of the map’s toolbar: neither covers the other', async ({ newContext }) => {
    const context = await newContext({ baseURL: server.baseUrl });
    await stubTiles(context, AMAP, 'abort');
    const page = await context.newPage();
    await login(page);
    await chooseMap(page, AMAP);
    await page.goto('/car/monitor');
    const note = await shows(page.getByRole('status').filter({ hasText: NOTE }), 'the note on 实时监控');
    const toolbar = await shows(page.getByTestId('monitor-count'), 'the map’s toolbar');
    const [a, b] = [(await note.boundingBox())!, (await toolbar.boundingBox())!];
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, `note ${JSON.stringify(a)} and toolbar ${JSON.stringify(b)}`).toBe(true);
    await expect(page.locator('.tl-map-note').count()).resolves.toBe(0);
  });

  // each provider chosen on 地图设置 (the tenant's setting stays: every test chooses its own)
  for (const provider of [TENCENT, BAIDU, TIANDITU]) {
    test(`draws ${provider.label} tiles when chosen on 地图设置 and puts a ${provider.datum} point on its tile pixel`, async ({ newContext }) => {
      const context = await newContext({ baseURL: server.baseUrl });
      const asked = await stubTiles(context, provider, 'tiles');
      const page = await context.newPage();
      const session = await login(page);
      await chooseMap(page, provider);
      await openFence(page, await fenceAt(session, provider));
      await expectOnTilePixel(page, provider);
      expect(asked.length).toBeGreaterThan(0);
      if (provider === TIANDITU) expect(asked.every((u) => new URL(u).searchParams.get('tk') === provider.key?.value)).toBe(true);
    });
  }
});
