/**
 * A stand-in platform for 轨迹回放: serves the built console (dist/) with the shell's answers and a
 * synthetic day of one vehicle driving a city street grid (stops, turns, alarms). track/list.json is
 * answered by the server's own code (buildTrackAnswer: simplification, stops, totals), so the page
 * gets exactly what the real server would send for those positions. The browser side is the real thing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertConsoleBuilt, serveConsoleFiles } from './console-files';
import { buildTrackAnswer } from '../server/api/track/track-answer';
import { toTrackPoint } from '../server/api/track/track-request';
import type { StoredPosition } from '../server/store/position-queries';

export const FIXTURE_TERMINAL = '013800000001';
const ASSET = { terminalNo: FIXTURE_TERMINAL, plateNo: '京A12345', assetKind: 'vehicle' };

export interface PlaybackFixture {
  baseUrl: string;
  /** First and last position, epoch ms. */
  start: number;
  end: number;
  /** ms the server-side analysis of the last track/list.json took. */
  readonly lastAnswerMs: number;
  /** Bytes of the last track/list.json answer. */
  readonly lastAnswerBytes: number;
  close(): Promise<void>;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * `count` positions from 00:00 China time of 2026-05-01, spread over the day: driving a grid of
 * 400 m blocks in Beijing, turning at some crossings, a stop with ACC off every hour or two, a
 * short overspeed now and then.
 */
export function synthDay(count: number, seed = 1): StoredPosition[] {
  const r = rng(seed);
  const start = Date.parse('2026-05-01T00:00:00+08:00');
  const every = Math.floor(86_000_000 / count);
  const block = 0.0045; // ~400 m
  let lon = 116.35;
  let lat = 39.9;
  let heading = 90;
  let speed = 40;
  let km = 20000;
  let parkedFor = 0;
  let sinceStop = 0;
  let alarmFor = 0;
  let travelled = 0;
  const out: StoredPosition[] = [];
  for (let i = 0; i < count; i++) {
    const t = start + i * every;
    if (parkedFor > 0) {
      parkedFor -= every;
      speed = 0;
    } else {
      sinceStop += every;
      if (sinceStop > 3_600_000 + r() * 3_600_000) {
        parkedFor = 300_000 + r() * 1_500_000;
        sinceStop = 0;
      }
      speed = Math.max(5, Math.min(80, speed + (r() - 0.5) * 6));
      if (alarmFor <= 0 && r() < 0.0005) alarmFor = 60_000;
      const metres = (speed / 3.6) * (every / 1000);
      const deg = metres / 111_000;
      travelled += deg;
      const rad = (heading * Math.PI) / 180;
      lon += (Math.sin(rad) * deg) / Math.cos((lat * Math.PI) / 180);
      lat += Math.cos(rad) * deg;
      km += metres / 1000;
      if (travelled >= block) {
        travelled = 0;
        const turn = r();
        if (turn < 0.2) heading = (heading + 90) % 360;
        else if (turn < 0.4) heading = (heading + 270) % 360;
        // stay within the city: head back towards the centre when far out
        if (Math.abs(lon - 116.4) > 0.15) heading = lon > 116.4 ? 270 : 90;
        if (Math.abs(lat - 39.92) > 0.12) heading = lat > 39.92 ? 180 : 0;
      }
    }
    const alarm = alarmFor > 0 && parkedFor <= 0 ? 2 : 0;
    if (alarmFor > 0) alarmFor -= every;
    out.push({
      terminalId: 1,
      deviceTime: new Date(t),
      receivedTime: new Date(t),
      lon: Math.round(lon * 1e6) / 1e6,
      lat: Math.round(lat * 1e6) / 1e6,
      altitude: 45,
      speed: Math.round((alarm ? speed + 50 : speed) * 10) / 10,
      course: heading,
      alarmFlags: alarm,
      statusFlags: parkedFor > 0 ? 2 : 3,
      mileage: Math.round(km * 10) / 10,
      backfill: false,
    });
  }
  return out;
}

/**
 * Starts the stand-in with a day of `count` positions. `simplify: false` answers every position
 * whatever the zoom (the page then replays the full 100,000 points: the worst case for the browser).
 */
export async function startPlaybackFixture(count: number, options: { simplify: boolean }): Promise<PlaybackFixture> {
  assertConsoleBuilt();
  const day = synthDay(count);
  const user = { userId: 7, account: 'admin', name: '管理员', tenantId: 1, tenantName: '天路演示', roleId: 1 };
  let lastAnswerMs = 0;
  let lastAnswerBytes = 0;
  const inRange = (q: URLSearchParams) => {
    const s = Date.parse(q.get('start') ?? '');
    const e = Date.parse(q.get('end') ?? '');
    return day.filter((p) => p.deviceTime.getTime() >= s && p.deviceTime.getTime() <= e);
  };
  const api: Record<string, (q: URLSearchParams, body: string) => unknown> = {
    '/oauthToken/getConfig': () => ({ legacyLoginHosts: [], smsLoginEnabled: false }),
    '/car/v1/api/custom/queryCustomInfo.json': () => ({ iconUrl: '', description: '', keyword: '', title: '天路车联网平台' }),
    '/car/v1/api/user/getUser.json': () => user,
    '/car/v1/api/platform/getPlatformByRoleId.json': () => [{ platformId: 8, systemId: 'car', title: '智能车联', path: '/car/' }],
    '/car/v1/api/resource/newList.json': () => [
      { id: 0, type: 0, name: '系统中心', path: '/center', platformId: 0, children: [{ id: 4002, name: '站内消息', type: 1, path: '/center/notice' }] },
      { id: 0, type: 0, name: '智能车联', path: '/car/', platformId: 8, children: [{ id: 8200, name: '轨迹回放', type: 1, path: '/car/playback' }] },
    ],
    '/car/v1/helpCenter/helpMessage/pageHelpMessage': () => ({ total: 0, unread: 0, list: [] }),
    '/car/v4/api/monitor/list.json': () => ({ total: 1, list: [{ terminalNo: FIXTURE_TERMINAL, plateNo: ASSET.plateNo, online: false }] }),
    '/car/v4/api/track/settings.json': () => ({ maxRangeDays: 7, stopMinutes: 3 }),
    '/car/v4/api/track/list.json': (q) => {
      const t0 = performance.now();
      const zoom = q.get('zoom') ? Number(q.get('zoom')) : undefined;
      const bbox = q.get('bbox') ? (q.get('bbox')!.split(',').map(Number) as [number, number, number, number]) : undefined;
      const answer = buildTrackAnswer(inRange(q), ASSET, { stopMinutes: Number(q.get('stopMinutes') ?? 3), zoom: options.simplify ? zoom : undefined, bbox: options.simplify ? bbox : undefined });
      // the chart needs its series even when the points are not simplified
      if (!answer.speedSeries && zoom !== undefined) answer.speedSeries = buildTrackAnswer(inRange(q), ASSET, { stopMinutes: 3, zoom: 1 }).speedSeries;
      lastAnswerMs = performance.now() - t0;
      return answer;
    },
    '/car/v4/api/track/points.json': (q) => {
      const all = inRange(q);
      const current = Number(q.get('current') ?? 1);
      const size = Number(q.get('pageSize') ?? 10);
      return { total: all.length, list: all.slice((current - 1) * size, current * size).map((p) => toTrackPoint(p, ASSET)) };
    },
    '/car/v4/api/address/baidu/getGeo.json': (_q, body) =>
      ((JSON.parse(body || '{}') as { lonAndLatToAddressVOS?: { index: number }[] }).lonAndLatToAddressVOS ?? []).map((i) => ({ index: i.index, address: '北京市东城区' })),
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const handler = api[url.pathname];
      if (handler) {
        const text = JSON.stringify({ flag: 1, msg: '', obj: handler(url.searchParams, body) });
        if (url.pathname.endsWith('track/list.json')) lastAnswerBytes = Buffer.byteLength(text);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(text);
        return;
      }
      serveConsoleFiles(url.pathname, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    start: day[0].deviceTime.getTime(),
    end: day[day.length - 1].deviceTime.getTime(),
    get lastAnswerMs() {
      return lastAnswerMs;
    },
    get lastAnswerBytes() {
      return lastAnswerBytes;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
