import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableCommand, CommandPreview } from '../../sdk/services/command-api';
import { SimulatedTerminal } from '../sim/simulated-terminal';
import { DEMO_TENANT } from '../store/seed-demo';
import { ApiClient, demoTenantClients } from '../testing/api-client';
import { LiveTestClient } from '../testing/live-client';
import { pollUntil } from '../testing/poll-until';
import { addScopedUser } from '../testing/scoped-users';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { CommandView } from './command-view';

// Contributed command types end to end: 智能车联's 调度信息 (declared 0x8300 carrier) and an
// installed plugin's types its server part encodes, through the API, the queue and a simulated
// JT/T 808 terminal over TCP; a GT06 device skipped; roles without the sub-application refused.
const AVAILABLE = '/car/v1/api/command/availableCommands.json';
const CHECK = '/car/v1/api/command/checkCommandDownBatchTer.json';
const PREVIEW = '/car/v1/api/command/previewCommandDownBatch.json';
const SEND = '/car/v1/api/command/commandDownBatch.json';
const LIST = '/car/v1/api/command/list.json';
const PHONE = '013800000001';
const GT06 = '358710040000777';

// what an operator installs: a manifest contributing two command types, and a server part encoding them
const COLD_CHAIN_TYPES = [
  {
    code: 'coldChain.setLimit', title: '设置温度上限', assetKinds: ['vehicle'],
    params: [{ key: 'limit', title: '温度上限', kind: 'number', required: true, min: -40, max: 40, unit: '℃' }],
  },
  { code: 'coldChain.defrost', title: '除霜' },
];
const COLD_CHAIN_SERVER = `
export default {
  name: 'cold-chain',
  commands: {
    'coldChain.setLimit': (p) => ({ kind: 'passthrough', passthroughType: 0xf1, encoding: 'hex', payload: '01' + ((p.limit + 256) % 256).toString(16).padStart(2, '0') }),
    'coldChain.defrost': () => { throw new Error('除霜程序未配置'); },
  },
};
`;

let server: TestServer;
let pluginsDir: string;
let admin: ApiClient;
let dispatcher: ApiClient;
let sim: SimulatedTerminal;
let httpPort: number;
const logLines: string[] = [];

function record(systemId: string, platformId: number, contributes: unknown, serverEntry?: string) {
  return {
    platformId, systemId, name: systemId, productionEntry: `/child/${systemId}/index.js`, developmentEntry: `/child/${systemId}/index.js`,
    title: systemId === 'cold-chain' ? '冷链监控' : systemId, icon: 'Apps', path: `/${systemId}/`, created: '2026-11-27', iconfont: '', enabled: true,
    contributes, ...(serverEntry && { serverEntry }),
  };
}

async function install(folder: string, manifest: unknown, serverCode?: string): Promise<void> {
  const dir = join(pluginsDir, folder);
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'index.js'), `export default { systemId: ${JSON.stringify(folder)} };\n`);
  if (serverCode !== undefined) await writeFile(join(dir, 'server', 'index.js'), serverCode);
}

const commandCount = async () => Number((await server.store.db.selectFrom('commands').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const batchOf = (batchId: string) => admin.get<{ total: number; list: CommandView[] }>(LIST, { batchId, pageSize: 50 });
const ended = (batchId: string, what: string) => pollUntil(() => batchOf(batchId), (r) => r.obj.list.length > 0 && r.obj.list.every((c) => c.status >= 2), what);

beforeAll(async () => {
  pluginsDir = await mkdtemp(join(tmpdir(), 'tianlu-command-types-'));
  await install('cold-chain', record('cold-chain', 92, { commandTypes: COLD_CHAIN_TYPES }, 'server/index.js'), COLD_CHAIN_SERVER);
  // codes already taken: the platform's 位置查询, 智能车联's 调度信息, the plugin installed before
  await install('dup-builtin', record('dup-builtin', 95, { commandTypes: [{ code: 'locate', title: '定位', carrier: { kind: 'text', template: '定位' } }] }));
  await install('dup-contributed', record('dup-contributed', 96, { commandTypes: [{ code: 'car.dispatch', title: '派单', carrier: { kind: 'text', template: '派单' } }] }));
  await install('dup-plugin', record('dup-plugin', 97, { commandTypes: [{ code: 'coldChain.defrost', title: '化霜', carrier: { kind: 'text', template: '化霜' } }] }));
  const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (logLines.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2, pluginsDir }, logger: { level: 'info', stream } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  httpPort = (server.app.server.address() as AddressInfo).port;
  ({ admin } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const group = await server.store.fleet.ensureGroup(tenant.id, null, '指令扩展测试', 81);
  const gt06 = await server.store.fleet.provision({
    tenantId: tenant.id, groupId: group, terminalNo: GT06, displayNo: GT06, authCode: '', imei: GT06, protocol: 'gt06', model: 'TL-G1', plateNo: '京G00006', assetKind: 'vehicle',
  });
  await server.store.db.updateTable('terminals').set({ connected: true }).where('id', '=', gt06.terminalId).execute();
  // a dispatcher of 智能车联 only: not granted 冷链监控
  await addScopedUser(server.store, { tenantId: tenant.id, account: 'cmddispatcher', password: 'Disp@1234', role: '调度（车联）', platformIds: [8], resourceIds: [8100, 8400, 840001] });
  dispatcher = new ApiClient(server.app);
  await dispatcher.login('cmddispatcher', 'Disp@1234');
  sim = new SimulatedTerminal({ phone: PHONE, host: '127.0.0.1', port: server.fleet.gateway!.port, intervalSec: 30, route: { signalLossPerSecond: 0, sosPerSecond: 0 } });
  sim.start();
  await pollUntil(() => admin.postJson<{ online: boolean }[]>(CHECK, { terminalNos: [PHONE], commandType: 'locate' }), (r) => r.obj?.[0]?.online === true, `${PHONE} online`);
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  await server?.close();
  await rm(pluginsDir, { recursive: true, force: true });
});

describe('contributed command types', () => {
  it('are offered with their forms to roles granted their sub-application, for the terminals that can carry them', async () => {
    const res = await admin.postJson<AvailableCommand[]>(AVAILABLE, { terminalNos: [PHONE, GT06] });
    expect(res.flag, res.msg).toBe(1);
    const contributed = res.obj.filter((c) => c.contributedBy);
    expect(contributed.map((c) => [c.commandType, c.commandName, c.contributedBy, c.supported, c.total])).toEqual([
      ['car.dispatch', '调度信息', '智能车联', 1, 2],
      ['coldChain.setLimit', '设置温度上限', '冷链监控', 1, 2],
      ['coldChain.defrost', '除霜', '冷链监控', 1, 2],
    ]);
    expect(contributed[0]!.params?.map((p) => p.title)).toEqual(['调度内容', '到达时限']);
    // the platform's own types keep their own forms
    expect(res.obj.find((c) => c.commandType === 'locate')).not.toHaveProperty('params');

    const mine = await dispatcher.postJson<AvailableCommand[]>(AVAILABLE, { terminalNos: [PHONE] });
    expect(mine.obj.map((c) => c.commandType)).toContain('car.dispatch');
    expect(mine.obj.map((c) => c.commandType)).not.toContain('coldChain.setLimit');
  });

  it('refuses a plugin whose command type code is taken, naming whose it is', async () => {
    const listed = ((await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json() as { systemId: string }[]).map((r) => r.systemId);
    expect(listed).toContain('cold-chain');
    expect(listed).not.toContain('dup-builtin');
    expect(listed).not.toContain('dup-contributed');
    expect(listed).not.toContain('dup-plugin');
    const log = logLines.join('\n');
    expect(log).toContain('指令类型 locate 已被平台的「位置查询」占用');
    expect(log).toContain('指令类型 car.dispatch 已被内置子应用「智能车联」的「调度信息」占用');
    expect(log).toContain('指令类型 coldChain.defrost 已被已安装的插件「cold-chain」占用');
  });

  it('skips a GT06 device in the preview with the reason', async () => {
    const res = await admin.postJson<CommandPreview>(PREVIEW, { terminalNos: [PHONE, GT06], commandType: 'car.dispatch', params: { content: '去北门装货', minutes: 30 } });
    expect(res.flag, res.msg).toBe(1);
    expect(res.obj).toMatchObject({ commandName: '调度信息', action: '去北门装货，30', receivers: 1, sendNow: 1, skipped: { unsupported: 1 } });
    expect(res.obj.terminals.find((t) => t.terminalNo === GT06)).toMatchObject({ outcome: 'skip', code: 'unsupported', reason: '该终端（型号 TL-G1）不支持调度信息' });
  });

  it('refuses bad parameters in Chinese and stores nothing', async () => {
    const before = await commandCount();
    const send = (params: Record<string, unknown>) => admin.postJson(SEND, { terminalNos: [PHONE], commandType: 'car.dispatch', params });
    expect(await send({ minutes: 30 })).toMatchObject({ flag: 400, msg: '调度内容不能为空' });
    expect(await send({ content: '去北门', minutes: 0 })).toMatchObject({ flag: 400, msg: '到达时限不能小于 1分钟' });
    expect(await send({ content: '去北门', minutes: 'abc' })).toMatchObject({ flag: 400, msg: '到达时限必须是数字' });
    expect(await send({ content: '长'.repeat(101), minutes: 5 })).toMatchObject({ flag: 400, msg: '调度内容长度不能超过 100 个字符' });
    expect(await admin.postJson(SEND, { terminalNos: [PHONE], commandType: 'car.nothing' })).toMatchObject({ flag: 400, msg: '指令类型 car.nothing 不存在' });
    expect(await commandCount()).toBe(before);
  });

  it('reaches the JT/T 808 terminal as 0x8300 text, its answer marks it 成功, live and in 指令记录', async () => {
    const ws = await LiveTestClient.connect(httpPort);
    try {
      ws.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });
      await ws.until((m) => m.some((x) => x.type === 'snapshot'), 10_000, 'snapshot');
      const sent = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [PHONE], commandType: 'car.dispatch', params: { content: '去北门装货', minutes: 30 } });
      expect(sent.flag, sent.msg).toBe(1);
      const done = await ended(sent.obj.batchId, '调度信息 ended');
      expect(done.obj.list[0]).toMatchObject({ commandType: 'car.dispatch', commandName: '调度信息', statusText: '成功', params: { content: '去北门装货', minutes: 30 } });
      expect(sim.lastText).toBe('【调度】去北门装货，请于 30 分钟内到达');
      await ws.until((m) => m.some((x) => x.type === 'command' && (x.command as CommandView).commandType === 'car.dispatch' && (x.command as CommandView).statusText === '成功'), 5000, 'live 成功');
    } finally {
      ws.close();
    }
  });

  it('sends what an installed plugin’s server part encodes, as 0x8900 passthrough', async () => {
    const sent = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [PHONE], commandType: 'coldChain.setLimit', params: { limit: -18 } });
    expect(sent.flag, sent.msg).toBe(1);
    const done = await ended(sent.obj.batchId, '设置温度上限 ended');
    expect(done.obj.list[0]).toMatchObject({ commandName: '设置温度上限', statusText: '成功' });
    expect(sim.lastPassthrough?.type).toBe(0xf1);
    expect(Buffer.from(sim.lastPassthrough!.data).toString('hex')).toBe('01ee');
  });

  it('fails only the command whose encoder throws, with the reason; the part and the queue go on', async () => {
    const sent = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [PHONE], commandType: 'coldChain.defrost', params: {} });
    expect(sent.flag, sent.msg).toBe(1);
    const done = await ended(sent.obj.batchId, '除霜 ended');
    expect(done.obj.list[0]).toMatchObject({ commandName: '除霜', statusText: '失败' });
    expect(done.obj.list[0]!.result?.text).toBe('「冷链监控」的服务端编码该指令时出错：除霜程序未配置');
    // the same part still encodes, and the platform's commands still go out
    const again = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [PHONE], commandType: 'coldChain.setLimit', params: { limit: 4 } });
    expect((await ended(again.obj.batchId, 'setLimit again')).obj.list[0]!.statusText).toBe('成功');
    const locate = await admin.postJson<{ batchId: string }>(SEND, { terminalNos: [PHONE], commandType: 'locate' });
    expect((await ended(locate.obj.batchId, 'locate')).obj.list[0]!.statusText).toBe('成功');
  });

  it('may not be sent by a role without the contributing sub-application', async () => {
    const before = await commandCount();
    const body = { terminalNos: [PHONE], commandType: 'coldChain.setLimit', params: { limit: 4 } };
    expect(await dispatcher.postJson(SEND, body)).toMatchObject({ flag: 403, msg: '没有下发该指令的权限' });
    expect(await dispatcher.postJson(PREVIEW, body)).toMatchObject({ flag: 403 });
    expect(await dispatcher.postJson(CHECK, body)).toMatchObject({ flag: 403 });
    expect(await commandCount()).toBe(before);
  });

  it('waits as 待发送 for an offline terminal and goes out when it connects', async () => {
    await sim.stop();
    await pollUntil(() => admin.postJson<{ online: boolean }[]>(CHECK, { terminalNos: [PHONE], commandType: 'car.dispatch' }), (r) => r.obj?.[0]?.online === false, `${PHONE} offline`);
    const sent = await admin.postJson<{ batchId: string; commands: CommandView[] }>(SEND, { terminalNos: [PHONE], commandType: 'car.dispatch', params: { content: '回场', minutes: 60 } });
    expect(sent.obj.commands.map((c) => c.statusText)).toEqual(['待发送']);
    sim = new SimulatedTerminal({ phone: PHONE, host: '127.0.0.1', port: server.fleet.gateway!.port, intervalSec: 30, route: { signalLossPerSecond: 0, sosPerSecond: 0 } });
    sim.start();
    expect((await ended(sent.obj.batchId, 'queued 调度信息 ended')).obj.list[0]!.statusText).toBe('成功');
    expect(sim.lastText).toBe('【调度】回场，请于 60 分钟内到达');
  });
});
