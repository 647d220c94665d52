import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demoTenantClients } from '../../testing/api-client';
import { LiveTestClient } from '../../testing/live-client';
import { addScopedUser } from '../../testing/scoped-users';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { DEMO_TENANT } from '../../store/seed-demo';
import type { MonitorItem } from './monitor-item';

// Who sees which assets: a parent tenant sees its subtree, a group-scoped user only its groups,
// another tenant nothing — in the lists, the tree, the counts, track, detail and on /ws.
let server: TestServer;
let httpPort: number;
let admin: ApiClient;
let other: ApiClient;
let child: ApiClient;
let grouped: ApiClient;
let childTerminalId: number;
let childTenantId: number;
let demoTenantId: number;
/** The demo terminals in the group-scoped user's group, and those outside it. */
let inGroup: string[];
let outOfGroup: string[];
const sockets: LiveTestClient[] = [];

const LIST = '/car/v4/api/monitor/list.json';
const TREE = '/car/v4/api/monitor/tree.json';
const TRACK = '/car/v4/api/track/list.json';
const DETAIL = '/car/v4/api/vehicle/detail.json';
const OVERVIEW = '/car/v1/api/platform/overview.json';
const CHILD_TERMINAL = '013700000901';
const CAR_RESOURCES = [8001, 8100, 8200];

interface TreeNode {
  id: number;
  name: string;
  counts: { all: number };
  children: TreeNode[];
}

const terminals = async (client: ApiClient) =>
  (await client.get<{ total: number; list: MonitorItem[] }>(LIST, { pageSize: 1000 })).obj.list.map((i) => i.terminalNo).sort();
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

async function login(account: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(server.app);
  expect((await client.login(account, password)).flag).toBe(1);
  return client;
}

async function live(api: ApiClient): Promise<LiveTestClient> {
  const c = await LiveTestClient.authenticated(httpPort, api);
  sockets.push(c);
  return c;
}

const snapshotOf = (c: LiveTestClient) => (c.of('snapshot')[0]!.list as MonitorItem[]).map((i) => i.terminalNo).sort();
const pushed = (messages: Record<string, unknown>[]) =>
  messages.filter((m) => m.type === 'positions').flatMap((m) => (m.list as MonitorItem[]).map((i) => i.terminalNo));
const pushedTo = (c: LiveTestClient) => pushed(c.messages);

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 6 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  httpPort = (server.app.server.address() as AddressInfo).port;
  ({ admin, other } = await demoTenantClients(server.app));
  const store = server.store;
  demoTenantId = (await store.org.findTenantByName(DEMO_TENANT))!.id;
  childTenantId = (await store.org.createTenant('范围测试子公司', demoTenantId)).id;
  const childGroup = await store.fleet.ensureGroup(childTenantId, null, '子公司车队');
  ({ terminalId: childTerminalId } = await store.fleet.provision({
    tenantId: childTenantId, groupId: childGroup, terminalNo: CHILD_TERMINAL.replace(/^0+/, ''), displayNo: CHILD_TERMINAL, authCode: 'A1', plateNo: '冀A90001',
  }));
  await addScopedUser(store, { tenantId: childTenantId, account: 'scope_child', password: 'Child@123', role: '子公司监控', platformIds: [8], resourceIds: CAR_RESOURCES });

  // the group-scoped user gets the group of the first demo terminal (with its subgroups)
  const demoItems = (await admin.get<{ list: MonitorItem[] }>(LIST, { pageSize: 1000 })).obj.list.filter((i) => i.terminalNo.startsWith('0138'));
  const groupId = demoItems[0]!.groupId!;
  inGroup = demoItems.filter((i) => i.groupId === groupId).map((i) => i.terminalNo).sort();
  outOfGroup = demoItems.filter((i) => i.groupId !== groupId).map((i) => i.terminalNo).sort();
  await addScopedUser(store, {
    tenantId: demoTenantId, account: 'scope_group', password: 'Group@123', role: '车组监控', platformIds: [8], resourceIds: CAR_RESOURCES, groupIds: [groupId],
  });
  child = await login('scope_child', 'Child@123');
  grouped = await login('scope_group', 'Group@123');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

describe('asset scope over HTTP', () => {
  it('shows a parent tenant the assets of the tenants below it', async () => {
    expect(inGroup.length).toBeGreaterThan(0);
    expect(outOfGroup.length).toBeGreaterThan(0);
    const seen = await terminals(admin);
    expect(seen).toEqual(expect.arrayContaining([...inGroup, ...outOfGroup, CHILD_TERMINAL]));
    const tree = flatten((await admin.get<TreeNode[]>(TREE)).obj);
    expect(tree.find((n) => n.name === '子公司车队')?.counts.all).toBe(1);
    const detail = await admin.get<{ plateNo: string }>(DETAIL, { terminalNo: CHILD_TERMINAL });
    expect(detail).toMatchObject({ flag: 1, obj: { plateNo: '冀A90001' } });
    const track = await admin.get<{ plateNo: string; points: unknown[] }>(TRACK, { terminalNo: CHILD_TERMINAL, start: '2026-05-01T00:00:00+08:00', end: '2026-05-02T00:00:00+08:00' });
    expect(track).toMatchObject({ flag: 1, obj: { plateNo: '冀A90001', points: [] } });
  });

  it('keeps a child tenant to its own assets', async () => {
    expect(await terminals(child)).toEqual([CHILD_TERMINAL]);
    expect((await child.get<TreeNode[]>(TREE)).obj.map((n) => n.name)).toEqual(['子公司车队']);
    expect((await child.get(DETAIL, { terminalNo: inGroup[0]! })).flag).toBe(404);
    const overview = await child.get<{ assets: { total: number } }>(OVERVIEW, { platformId: 8 });
    expect(overview.obj.assets.total).toBe(1);
  });

  it('narrows a group-scoped user to its groups in list, tree, counts, track and detail', async () => {
    expect(await terminals(grouped)).toEqual(inGroup);
    const names = flatten((await grouped.get<TreeNode[]>(TREE)).obj).map((n) => n.name);
    expect(names).not.toContain('子公司车队');
    expect(names).not.toContain('未分组');
    const overview = await grouped.get<{ assets: { total: number } }>(OVERVIEW, { platformId: 8 });
    expect(overview.obj.assets.total).toBe(inGroup.length);
    const range = { start: '2026-05-01T00:00:00+08:00', end: '2026-05-02T00:00:00+08:00' };
    expect((await grouped.get(TRACK, { terminalNo: outOfGroup[0]!, ...range })).flag).toBe(404);
    expect((await grouped.get(TRACK, { terminalNo: inGroup[0]!, ...range })).flag).toBe(1);
    expect((await grouped.get(DETAIL, { terminalNo: outOfGroup[0]! })).flag).toBe(404);
    expect((await grouped.get(DETAIL, { terminalNo: inGroup[0]! })).flag).toBe(1);
    // a groupId filter outside the scope finds nothing rather than the group's assets
    const otherGroup = (await admin.get<{ list: MonitorItem[] }>(LIST, { keyword: outOfGroup[0]! })).obj.list[0]!.groupId!;
    expect((await grouped.get<{ total: number }>(LIST, { groupId: otherGroup })).obj.total).toBe(0);
  });

  it('shows another tenant none of it', async () => {
    const seen = await terminals(other);
    for (const no of [...inGroup, ...outOfGroup, CHILD_TERMINAL]) expect(seen).not.toContain(no);
    expect((await other.get(DETAIL, { terminalNo: CHILD_TERMINAL })).flag).toBe(404);
    expect((await other.get(TRACK, { terminalNo: inGroup[0]!, start: '2026-05-01T00:00', end: '2026-05-01T10:00' })).flag).toBe(404);
  });
});

describe('asset scope on /ws', () => {
  it('snapshots and pushes only what each user may see', async () => {
    const [adminWs, childWs, groupWs, otherWs] = await Promise.all([live(admin), live(child), live(grouped), live(other)]);
    expect(snapshotOf(adminWs)).toEqual(expect.arrayContaining([...inGroup, ...outOfGroup, CHILD_TERMINAL]));
    expect(snapshotOf(childWs)).toEqual([CHILD_TERMINAL]);
    expect(snapshotOf(groupWs)).toEqual(inGroup);
    expect(snapshotOf(otherWs)).not.toContain(CHILD_TERMINAL);

    // an event of the child tenant reaches the parent and the child, nobody else
    server.fleet.bus.publish({ type: 'positions', tenantId: childTenantId, positions: [{ terminalId: childTerminalId } as never] });
    await adminWs.until((m) => m.some((x) => x.type === 'positions'), 5000, 'child asset at the parent');
    await childWs.until((m) => m.some((x) => x.type === 'positions'), 5000, 'child asset at the child');
    expect(pushedTo(adminWs)).toEqual([CHILD_TERMINAL]);

    // an event of a demo asset outside the group reaches the admin, not the group-scoped user
    const outside = await server.store.monitor.findAsset(demoTenantId, outOfGroup[0]!.replace(/^0+/, ''));
    const inside = await server.store.monitor.findAsset(demoTenantId, inGroup[0]!.replace(/^0+/, ''));
    server.fleet.bus.publish({ type: 'positions', tenantId: demoTenantId, positions: [{ terminalId: outside!.terminalId } as never] });
    await adminWs.until((m) => pushed(m).includes(outOfGroup[0]!), 5000, 'outside asset');
    server.fleet.bus.publish({ type: 'positions', tenantId: demoTenantId, positions: [{ terminalId: inside!.terminalId } as never] });
    await groupWs.until((m) => m.some((x) => x.type === 'positions'), 5000, 'group asset');
    await adminWs.until((m) => pushed(m).includes(inGroup[0]!), 5000, 'group asset at the admin');
    expect(pushedTo(groupWs)).toEqual([inGroup[0]]);
    expect(pushedTo(childWs)).toEqual([CHILD_TERMINAL]);
    expect(otherWs.of('positions')).toEqual([]);
  });
});

describe('the tree of a tenant with assets outside every group', () => {
  it('gathers them under one 未分组, whatever their kinds', async () => {
    const store = server.store;
    const tenantId = (await store.org.createTenant('未分组测试公司', null)).id;
    await store.fleet.provision({ tenantId, groupId: null, terminalNo: '13700000911', displayNo: '013700000911', authCode: 'A1', plateNo: '冀A90011' });
    await store.fleet.provision({ tenantId, groupId: null, terminalNo: '13700000912', displayNo: '013700000912', authCode: 'A1', plateNo: '王五', assetKind: 'person' });
    await addScopedUser(store, { tenantId, account: 'scope_loose', password: 'Loose@123', role: '无组监控', platformIds: [8], resourceIds: CAR_RESOURCES });
    const loose = await login('scope_loose', 'Loose@123');
    const roots = (await loose.get<TreeNode[]>(TREE)).obj;
    expect(roots.map((n) => n.name)).toEqual(['未分组']);
    expect(roots[0]!.counts.all).toBe(2);
  });
});
