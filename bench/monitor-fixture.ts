/**
 * A stand-in platform for the monitor page: serves the built console (dist/) with the API answers
 * the shell and 实时监控 need, and a live channel at /ws that pushes `count` synthetic vehicles
 * (snapshot, then every vehicle moved once a second) exactly in the contract's message shapes.
 * The browser side is the real thing: LiveService, the store, the map, the tree and the table.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { assertConsoleBuilt, serveConsoleFiles } from './console-files';

export interface MonitorFixture {
  baseUrl: string;
  /** Pushes position updates once a second while true. */
  setMoving(moving: boolean): void;
  /** positions messages sent so far. */
  readonly pushes: number;
  close(): Promise<void>;
}

const CITIES: [string, number, number, string][] = [
  ['京', 116.40, 39.90, '北京'], ['沪', 121.47, 31.23, '上海'], ['粤', 113.26, 23.13, '广州'], ['粤', 114.06, 22.55, '深圳'], ['川', 104.07, 30.57, '成都'],
  ['鄂', 114.30, 30.59, '武汉'], ['陕', 108.94, 34.34, '西安'], ['浙', 120.16, 30.27, '杭州'], ['苏', 118.80, 32.06, '南京'], ['渝', 106.55, 29.56, '重庆'],
  ['津', 117.20, 39.13, '天津'], ['豫', 113.62, 34.75, '郑州'], ['湘', 112.94, 28.23, '长沙'], ['鲁', 117.00, 36.67, '济南'], ['辽', 123.43, 41.80, '沈阳'],
];
const GROUPS = CITIES.map((c) => `${c[3]}车队`);

interface Vehicle {
  terminalNo: string;
  plateNo: string;
  groupId: number;
  groupName: string;
  online: boolean;
  lon: number;
  lat: number;
  speed: number;
  course: number;
  alarmFlags: number;
  mileage: number;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const iso = (t: number) => new Date(t + 8 * 3600_000).toISOString().replace('Z', '+08:00').replace(/\.\d{3}/, '');

export function makeFleet(count: number): Vehicle[] {
  const r = rng(42);
  return Array.from({ length: count }, (_, i) => {
    const g = i % CITIES.length;
    const [prefix, lon, lat] = CITIES[g];
    const online = r() > 0.2;
    return {
      terminalNo: `0138${String(i + 1).padStart(8, '0')}`,
      plateNo: `${prefix}${String.fromCharCode(65 + (i % 20))}${String(10000 + i).slice(-5)}`,
      groupId: g + 1,
      groupName: GROUPS[g],
      online,
      lon: lon + (r() - 0.5) * 0.6,
      lat: lat + (r() - 0.5) * 0.5,
      speed: online && r() > 0.3 ? Math.round(20 + r() * 60) : 0,
      course: Math.floor(r() * 360),
      alarmFlags: r() > 0.97 ? 1 : 0,
      mileage: Math.round(r() * 100000) / 10,
    };
  });
}

function item(v: Vehicle, now: number) {
  return {
    ...v,
    vehicleId: Number(v.terminalNo.slice(4)),
    altitude: 40,
    gpsTime: iso(now),
    receivedTime: iso(now),
    statusFlags: v.speed > 0 ? 3 : 2,
    acc: v.speed > 0,
    located: true,
  };
}

function move(v: Vehicle, r: () => number): void {
  if (!v.online || v.speed === 0) return;
  const step = (v.speed / 3600) * 0.01; // degrees per second, about speed in km/h
  v.course = (v.course + (r() - 0.5) * 20 + 360) % 360;
  v.lon += Math.sin((v.course * Math.PI) / 180) * step;
  v.lat += Math.cos((v.course * Math.PI) / 180) * step;
}

export async function startMonitorFixture(count: number): Promise<MonitorFixture> {
  assertConsoleBuilt();
  const fleet = makeFleet(count);
  const r = rng(7);
  const user = { userId: 7, account: 'admin', name: '管理员', tenantId: 1, tenantName: '天路演示', roleId: 1 };
  const api: Record<string, (q: URLSearchParams, body: string) => unknown> = {
    '/oauthToken/getConfig': () => ({ legacyLoginHosts: [], smsLoginEnabled: false }),
    '/car/v1/api/custom/queryCustomInfo.json': () => ({ iconUrl: '', description: '', keyword: '', title: '天路车联网平台' }),
    '/car/v1/api/user/getUser.json': () => user,
    '/car/v1/api/platform/getPlatformByRoleId.json': () => [{ platformId: 8, systemId: 'car', title: '智能车联', path: '/car/' }],
    '/car/v1/api/resource/newList.json': () => [
      { id: 0, type: 0, name: '系统中心', path: '/center', platformId: 0, children: [{ id: 4002, name: '站内消息', type: 1, path: '/center/notice' }] },
      { id: 0, type: 0, name: '智能车联', path: '/car/', platformId: 8, children: [{ id: 8001, name: '概览', type: 1, path: '/car/overview' }, { id: 8100, name: '实时监控', type: 1, path: '/car/monitor' }] },
    ],
    '/car/v1/helpCenter/helpMessage/pageHelpMessage': () => ({ total: 0, unread: 0, list: [] }),
    '/car/v4/api/monitor/tree.json': () =>
      GROUPS.map((name, i) => ({ id: i + 1, name, parentId: null, counts: { all: 0, online: 0, offline: 0, alarm: 0 }, children: [] })),
    '/car/v4/api/monitor/list.json': () => ({ total: fleet.length, list: fleet.map((v) => item(v, Date.now())) }),
    '/car/v4/api/track/list.json': () => ({ points: [] }),
    '/car/v4/api/vehicle/detail.json': (q) => ({ plateNo: fleet.find((v) => v.terminalNo === q.get('terminalNo'))?.plateNo ?? '', terminalNo: q.get('terminalNo') }),
    '/car/v4/api/address/baidu/getGeo.json': (_q, body) =>
      ((JSON.parse(body || '{}') as { lonAndLatToAddressVOS?: { index: number }[] }).lonAndLatToAddressVOS ?? []).map((i) => ({ index: i.index, address: '示例市示例区示例路' })),
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const handler = api[url.pathname];
      if (handler) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ flag: 1, msg: '', obj: handler(url.searchParams, body) }));
        return;
      }
      serveConsoleFiles(url.pathname, res);
    });
  });

  const wss = new WebSocketServer({ server, path: '/ws' });
  const clients = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string };
      if (msg.type === 'auth') {
        ws.send(JSON.stringify({ type: 'ready' }));
        ws.send(JSON.stringify({ type: 'snapshot', list: fleet.map((v) => item(v, Date.now())) }));
        clients.add(ws);
      } else if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    });
    ws.on('close', () => clients.delete(ws));
  });

  let moving = false;
  let pushes = 0;
  const timer = setInterval(() => {
    if (!moving || !clients.size) return;
    const now = Date.now();
    for (const v of fleet) move(v, r);
    const payload = JSON.stringify({ type: 'positions', list: fleet.map((v) => item(v, now)) });
    for (const ws of clients) ws.send(payload);
    pushes++;
  }, 1000);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    setMoving: (m) => (moving = m),
    get pushes() {
      return pushes;
    },
    close: async () => {
      clearInterval(timer);
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
