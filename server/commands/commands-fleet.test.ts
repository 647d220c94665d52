import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorItem } from '../api/monitor/monitor-item';
import { hashPassword } from '../auth/password-hasher';
import { SimulatedTerminal } from '../sim/simulated-terminal';
import { DEMO_TENANT } from '../store/seed-demo';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { LiveTestClient } from '../testing/live-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { CommandView } from './command-view';
import { pollUntil as waitFor } from '../testing/poll-until';

// Commands end to end: API → queue → gateway → simulated terminals (real TCP, JT/T 808) → answers
// → store and /ws. On PostgreSQL too when DATABASE_URL is set (createTestServer picks the store).
const CHECK = '/car/v1/api/command/checkCommandDownBatchTer.json';
const SEND = '/car/v1/api/command/commandDownBatch.json';
const LIST = '/car/v1/api/command/list.json';
const PHONES = ['013800000001', '013800000002', '013800000003', '013800000004'];

let server: TestServer;
let httpPort: number;
let admin: ApiClient;
let other: ApiClient;
let dispatcher: ApiClient;
const sims = new Map<string, SimulatedTerminal>();
const sockets: LiveTestClient[] = [];

interface CheckItem {
  terminalNo: string;
  plateNo: string | null;
  online: boolean;
  supported: boolean;
  canSend: boolean;
  reason: string | null;
}


function connect(phone: string, intervalSec = 30): SimulatedTerminal {
  const sim = new SimulatedTerminal({
    phone, host: '127.0.0.1', port: server.fleet.gateway!.port, intervalSec, route: { signalLossPerSecond: 0, sosPerSecond: 0 },
  });
  sims.set(phone, sim);
  sim.start();
  return sim;
}

async function connected(phones: string[]): Promise<void> {
  await waitFor(() => admin.postJson<CheckItem[]>(CHECK, { terminalNos: phones, commandType: 'locate' }), (r) => r.obj?.every((i) => i.online) ?? false, `${phones.join(',')} online`);
}

const batchOf = (batchId: string) => admin.get<{ total: number; list: CommandView[] }>(LIST, { batchId, pageSize: 50 });

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 4 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  httpPort = (server.app.server.address() as AddressInfo).port;
  ({ admin, other } = await demoTenantClients(server.app));
  // a dispatcher may send ordinary commands but not dangerous ones
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const role = await server.store.org.ensureRole(tenant.id, '调度员');
  await server.store.org.grantPlatforms(role.id, [8]);
  await server.store.org.grantResources(role.id, [8100, 8400, 840001]);
  await server.store.users.create({
    account: 'dispatcher', passwordHash: await hashPassword('Disp@123'), name: '调度员', phone: null, tenantId: tenant.id, roleId: role.id, passwordChangedAt: new Date(0),
  });
  dispatcher = new ApiClient(server.app);
  await dispatcher.login('dispatcher', 'Disp@123');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([...sims.values()].map((s) => s.stop()));
  await server.close();
});

describe('commands to terminals', () => {
  it('answers 3 online terminals at once and the offline one after it connects', async () => {
    for (const phone of PHONES.slice(0, 3)) connect(phone);
    await connected(PHONES.slice(0, 3));
    const ws = await LiveTestClient.connect(httpPort);
    sockets.push(ws);
    ws.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
    await ws.until((m) => m.some((x) => x.type === 'snapshot'), 10_000, 'snapshot');

    const check = await admin.postJson<CheckItem[]>(CHECK, { terminalNos: PHONES, commandType: 'locate' });
    expect(check.flag).toBe(1);
    expect(check.obj.map((i) => [i.terminalNo, i.online, i.canSend])).toEqual([
      [PHONES[0], true, true], [PHONES[1], true, true], [PHONES[2], true, true], [PHONES[3], false, false],
    ]);
    expect(check.obj[3]).toMatchObject({ supported: true, reason: '终端离线，上线后下发' });
    expect(check.obj[0]!.plateNo).toMatch(/^京/);

    const sent = await admin.postJson<{ batchId: string; commands: CommandView[] }>(SEND, { terminalNos: PHONES, commandType: 'locate', params: {} });
    expect(sent.flag).toBe(1);
    expect(sent.obj.commands).toHaveLength(4);
    expect(sent.obj.commands.every((c) => c.commandName === '位置查询' && c.account === 'admin' && c.batchId === sent.obj.batchId)).toBe(true);
    const byTerminal = (list: CommandView[]) => Object.fromEntries(list.map((c) => [c.terminalNo, c.statusText]));

    const three = await waitFor(() => batchOf(sent.obj.batchId), (r) => r.obj.list.filter((c) => c.status === 2).length === 3, '3 成功');
    expect(byTerminal(three.obj.list)).toEqual({ [PHONES[0]]: '成功', [PHONES[1]]: '成功', [PHONES[2]]: '成功', [PHONES[3]]: '待发送' });
    const answered = three.obj.list.find((c) => c.terminalNo === PHONES[0])!;
    expect(answered.result).toMatchObject({ code: 0, position: { lon: expect.any(Number), lat: expect.any(Number), gpsTime: expect.stringMatching(/\+08:00$/) } });
    expect(answered.sendTime).toMatch(/\+08:00$/);

    connect(PHONES[3]!);
    const all = await waitFor(() => batchOf(sent.obj.batchId), (r) => r.obj.list.every((c) => c.status === 2), 'the 4th 成功 after reconnect');
    expect(byTerminal(all.obj.list)[PHONES[3]!]).toBe('成功');

    // every status change went out live to the operator
    await ws.until((m) => m.filter((x) => x.type === 'command' && (x.command as CommandView).statusText === '成功').length === 4, 5000, 'live 成功');
    const fourth = ws.of('command').map((x) => x.command as CommandView).filter((c) => c.terminalNo === PHONES[3]).map((c) => c.statusText);
    expect(fourth).toEqual(['待发送', '已发送', '成功']);
  });

  it('lists commands newest first with filters, paged', async () => {
    const all = await admin.get<{ total: number; list: CommandView[] }>(LIST, { pageSize: 2 });
    expect(all.flag).toBe(1);
    expect(all.obj.total).toBeGreaterThanOrEqual(4);
    expect(all.obj.list).toHaveLength(2);
    const mine = await admin.get<{ total: number; list: CommandView[] }>(LIST, { terminalNo: '13800000004', status: 2 });
    expect(mine.obj.list.map((c) => [c.terminalNo, c.statusText])).toEqual([[PHONES[3], '成功']]);
    expect(await admin.get(LIST, { status: 9 })).toMatchObject({ flag: 400, msg: '状态不能大于 4' });
  });

  it('applies a report interval on the terminal', async () => {
    const res = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [PHONES[1]], commandType: 'interval', params: { seconds: 7 } });
    expect(res.flag).toBe(1);
    await waitFor(() => batchOf(res.obj.batchId), (r) => r.obj.list[0]?.status === 2, 'interval 成功');
    expect(sims.get(PHONES[1]!)!.intervalSec).toBe(7);
  });

  it('needs the 危险指令 right and the caller\'s own password for oil and power, then cuts them', async () => {
    const before = (await admin.get<{ total: number }>(LIST)).obj.total;
    const cut = { terminalNos: [PHONES[2]], commandType: 'oilPower', params: { action: 'cut' } };
    expect(await admin.postJson(SEND, cut)).toMatchObject({ flag: 400, msg: '请输入登录密码' });
    expect(await admin.postJson(SEND, { ...cut, password: 'Wrong@123' })).toMatchObject({ flag: 400, msg: '密码错误' });
    expect(await dispatcher.postJson(SEND, { ...cut, password: 'Disp@123' })).toMatchObject({ flag: 403 });
    expect((await admin.get<{ total: number }>(LIST)).obj.total).toBe(before);
    expect(sims.get(PHONES[2]!)!.oilAndPowerCut).toBe(false);

    // the simulated vehicle drives or parks by the hour of day: the operator confirms it is safe (强制执行),
    // so the cut goes out whichever it is doing (the refusal of a moving one is command-preview.test.ts's)
    const ok = await admin.postJson<{ batchId: string; commands: CommandView[] }>(SEND, { ...cut, params: { ...cut.params, force: true }, password: 'Admin@123' });
    expect(ok.flag).toBe(1);
    await waitFor(() => batchOf(ok.obj.batchId), (r) => r.obj.list[0]?.status === 2, '断油断电 成功');
    expect(sims.get(PHONES[2]!)!.oilAndPowerCut).toBe(true);
    const logged = await server.store.db.selectFrom('operation_logs').selectAll().where('action', '=', '下发指令').execute();
    expect(logged.some((l) => String(l.target).startsWith('断油断电') && !JSON.stringify(l.after).includes('Admin@123'))).toBe(true);

    // the dispatcher may still send ordinary commands
    expect((await dispatcher.postJson(SEND, { terminalNos: [PHONES[0]], commandType: 'text', params: { text: '请注意安全' } })).flag).toBe(1);
  });

  it('reports oil and power cut in later positions', async () => {
    const res = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [PHONES[2]], commandType: 'interval', params: { seconds: 1 } });
    await waitFor(() => batchOf(res.obj.batchId), (r) => r.obj.list[0]?.status === 2, 'interval 成功');
    const item = await waitFor(
      () => admin.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { keyword: PHONES[2] }),
      (r) => ((r.obj.list[0]?.statusFlags ?? 0) & 0xc00) === 0xc00,
      'status bits 10 and 11',
    );
    expect(item.obj.list[0]!.terminalNo).toBe(PHONES[2]);
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const before = (await admin.get<{ total: number }>(LIST)).obj.total;
    expect(await admin.postJson(SEND, { terminalNos: [], commandType: 'locate' })).toMatchObject({ flag: 400, msg: '终端号不能为空' });
    expect(await admin.postJson(SEND, { terminalNos: [PHONES[0]], commandType: 'reboot' })).toMatchObject({ flag: 400, msg: '指令类型 reboot 不存在' });
    expect(await admin.postJson(SEND, { terminalNos: [PHONES[0]], commandType: 'interval', params: {} })).toMatchObject({ flag: 400, msg: '上报间隔不能为空' });
    expect(await admin.postJson(SEND, { terminalNos: [PHONES[0]], commandType: 'text', params: { text: '' } })).toMatchObject({ flag: 400, msg: '文本内容不能为空' });
    expect(await admin.postJson(SEND, { terminalNos: ['abc'], commandType: 'locate' })).toMatchObject({ flag: 400, msg: '终端号必须是数字' });
    expect(await admin.postJson(SEND, { terminalNos: ['019999999999'], commandType: 'locate' })).toMatchObject({ flag: 404 });
    expect((await admin.get<{ total: number }>(LIST)).obj.total).toBe(before);
  });

  it('keeps the other tenant away from the demo tenant\'s terminals and commands', async () => {
    expect((await other.postJson(CHECK, { terminalNos: [PHONES[0]], commandType: 'locate' })).flag).toBe(404);
    const send = await other.postJson(SEND, { terminalNos: [PHONES[0]], commandType: 'locate' });
    expect(send.flag).toBe(404);
    expect(JSON.stringify(send)).not.toContain('京');
    const list = await other.get<{ total: number; list: CommandView[] }>(LIST, { terminalNo: PHONES[0] });
    expect(list.obj).toEqual({ total: 0, list: [] });
    expect((await other.get<{ total: number }>(LIST)).obj.total).toBe(0);
    const anon = new ApiClient(server.app);
    expect((await anon.postJson(SEND, { terminalNos: [PHONES[0]], commandType: 'locate' })).flag).toBe(4010);
  });
});
