import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent, CommandStatusEvent } from '../bus/bus-events';
import { MemoryEventBus } from '../bus/memory-event-bus';
import { ManualClock } from '../clock';
import type { DeviceCommand } from '../gateway/device-protocol';
import type { CommandResponseEvent, GatewayEvents } from '../gateway/gateway-ports';
import { TerminalOfflineError } from '../gateway/jt808/jt808-gateway';
import type { CommandTarget } from '../store/command-queries';
import { createStore, type Store } from '../store/create-store';
import { CommandService, type CommandGateway } from './command-service';
import { CommandStatus } from './command-state';

/** The gateway's command edge, in memory: which terminals are connected and what was sent to them. */
class FakeGateway implements CommandGateway {
  readonly online = new Map<string, '2013' | '2019'>();
  readonly sent: { terminalNo: string; msgId: number; body: string; serial: number }[] = [];
  /** GT06 / watch devices connected here, and the commands sent to them in the common model. */
  readonly devices = new Set<string>();
  readonly deviceSent: { terminalNo: string; command: DeviceCommand; matchKey: string }[] = [];
  failNextSend = false;
  private serial = 100;
  private readonly listeners: Partial<GatewayEvents>[] = [];

  isOnline(no: string) {
    return this.online.has(no);
  }
  editionOf(no: string) {
    return this.online.get(no);
  }
  async sendCommand(terminalNo: string, msgId: number, body: Uint8Array) {
    if (this.failNextSend || !this.online.has(terminalNo)) {
      this.failNextSend = false;
      throw new TerminalOfflineError(terminalNo);
    }
    const serial = this.serial++;
    this.sent.push({ terminalNo, msgId, body: Buffer.from(body).toString('hex'), serial });
    return { serial };
  }
  deviceOnline(no: string) {
    return this.devices.has(no);
  }
  async sendDeviceCommand(terminalNo: string, command: DeviceCommand) {
    const matchKey = String(this.serial++);
    this.deviceSent.push({ terminalNo, command, matchKey });
    return { matchKey };
  }
  subscribe(listener: Partial<GatewayEvents>) {
    this.listeners.push(listener);
    return () => void this.listeners.splice(this.listeners.indexOf(listener), 1);
  }
  connect(terminalNo: string, edition: '2013' | '2019' = '2013') {
    this.online.set(terminalNo, edition);
    for (const l of this.listeners) l.terminalOnline?.({ terminalNo, terminalId: 0, tenantId: 0, edition, remoteAddress: 'test' });
  }
  answer(event: CommandResponseEvent) {
    for (const l of this.listeners) l.commandResponse?.(event);
  }
  general(terminalNo: string, serial: number, replyMsgId: number, result: number) {
    this.answer({ terminalNo, tenantId: 0, msgId: 0x0001, replySerial: serial, replyMsgId, result });
  }
}

let store: Store;
let clock: ManualClock;
let gateway: FakeGateway;
let bus: MemoryEventBus;
let service: CommandService;
let events: BusEvent[];
const targets = new Map<string, CommandTarget>();
const user = { id: 1, account: 'admin' };
const EBIKE = '358710060000031';

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  store = await createStore(databaseUrl
    ? { databaseUrl, schema: `tianlu_test_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true, pgliteDataDir: '' }
    : { pgliteDataDir: 'memory://' });
  const tenant = await store.org.createTenant('指令测试');
  const group = await store.fleet.ensureGroup(tenant.id, null, '测试车队');
  for (const [i, no] of ['13500000001', '13500000002', '13500000003'].entries()) {
    await store.fleet.provision({ tenantId: tenant.id, groupId: group, terminalNo: no, displayNo: `0${no}`, authCode: 'A', plateNo: `京C0000${i}` });
  }
  // an e-bike's GT06 guard: its relay cuts the e-bike's power, not a vehicle's oil and power
  await store.fleet.provision({
    tenantId: tenant.id, groupId: group, terminalNo: EBIKE, displayNo: EBIKE, authCode: '', imei: EBIKE, protocol: 'gt06', model: 'TL-E8 防盗器', plateNo: '电动车01', assetKind: 'ebike',
  });
  for (const t of await store.commands.targets({ tenantIds: [tenant.id], groupIds: null }, ['13500000001', '13500000002', '13500000003', EBIKE])) targets.set(t.terminalNo, t);
});

afterAll(async () => {
  await service?.close();
  await store.close();
});

beforeEach(async () => {
  await service?.close();
  await store.db.deleteFrom('commands').execute();
  clock = new ManualClock(new Date('2026-05-01T10:00:00+08:00'));
  gateway = new FakeGateway();
  bus = new MemoryEventBus();
  events = [];
  bus.subscribe((e) => events.push(e));
  service = new CommandService({ commands: store.commands, bus, gateway, clock, expiryMinutes: 60, sweepIntervalMs: 0, onError: (e) => { throw e; } }).start();
});

const submit = (terminalNos: string[], commandType: 'locate' | 'interval' | 'oilPower' = 'locate', params: Record<string, unknown> = {}, queueOffline?: boolean) =>
  service.submit({ targets: terminalNos.map((n) => targets.get(n)!), commandType, params, user, queueOffline });

const statusesOf = (terminalNo: string) =>
  events.filter((e): e is CommandStatusEvent => e.type === 'command' && e.command.terminalNo === `0${terminalNo}`).map((e) => e.command.statusText);

async function stored(id: number) {
  return (await store.commands.byIds([id]))[0]!;
}

describe('command service', () => {
  it('sends to a connected terminal at once and settles on its answer', async () => {
    gateway.connect('13500000001');
    const batch = await submit(['13500000001'], 'interval', { seconds: 30 });
    expect(batch.commands[0]).toMatchObject({ status: CommandStatus.Sent, statusText: '已发送', commandName: '设置上报间隔', terminalNo: '013500000001' });
    expect(gateway.sent).toEqual([{ terminalNo: '13500000001', msgId: 0x8103, body: '01' + '00000029' + '04' + '0000001e', serial: 100 }]);
    gateway.general('13500000001', 100, 0x8103, 0);
    await service.settled();
    expect(await stored(batch.commands[0]!.id)).toMatchObject({ status: CommandStatus.Succeeded, result: { code: 0, text: '终端执行成功' } });
    expect(statusesOf('13500000001')).toEqual(['待发送', '已发送', '成功']);
  });

  it('keeps a command for an offline terminal until it connects, then sends it', async () => {
    const batch = await submit(['13500000002']);
    expect(batch.commands[0]!.statusText).toBe('待发送');
    expect(gateway.sent).toEqual([]);
    clock.advance(10 * 60_000);
    await service.sweep();
    expect((await stored(batch.commands[0]!.id)).status).toBe(CommandStatus.Pending);
    gateway.connect('13500000002', '2019');
    await service.settled();
    expect(gateway.sent.map((s) => s.msgId)).toEqual([0x8201]);
    gateway.answer({ terminalNo: '13500000002', tenantId: 0, msgId: 0x0201, replySerial: gateway.sent[0]!.serial, position: undefined });
    await service.settled();
    expect(statusesOf('13500000002')).toEqual(['待发送', '已发送', '成功']);
  });

  it('matches answers by terminal and reply serial', async () => {
    gateway.connect('13500000001');
    gateway.connect('13500000003');
    const first = await submit(['13500000001', '13500000003']);
    const second = await submit(['13500000001']);
    const sentTo = (no: string) => gateway.sent.filter((s) => s.terminalNo === no);
    const [s1, s1b] = sentTo('13500000001');
    const [s3] = sentTo('13500000003');
    // another terminal's answer with the same serial number settles nothing of this one
    gateway.general('13500000003', s1b!.serial, 0x8201, 0);
    gateway.general('13500000001', s1b!.serial, 0x8201, 3);
    await service.settled();
    expect(await stored(second.commands[0]!.id)).toMatchObject({ status: CommandStatus.Failed, result: { code: 3, text: '终端不支持该指令' } });
    expect((await stored(first.commands[0]!.id)).status).toBe(CommandStatus.Sent);
    gateway.general('13500000001', s1!.serial, 0x8201, 1);
    gateway.general('13500000003', s3!.serial, 0x8201, 2);
    await service.settled();
    expect((await stored(first.commands[0]!.id)).result).toEqual({ code: 1, text: '终端执行失败' });
    expect((await stored(first.commands[1]!.id)).result).toEqual({ code: 2, text: '消息有误' });
  });

  it('times out a sent command 30 s after sending and ignores a late answer', async () => {
    gateway.connect('13500000001');
    const batch = await submit(['13500000001']);
    clock.advance(30_000);
    await service.sweep();
    expect((await stored(batch.commands[0]!.id)).status).toBe(CommandStatus.Sent);
    clock.advance(1);
    await service.sweep();
    expect(await stored(batch.commands[0]!.id)).toMatchObject({ status: CommandStatus.TimedOut, result: { text: '终端未应答' } });
    gateway.general('13500000001', gateway.sent[0]!.serial, 0x8201, 0);
    await service.settled();
    expect(statusesOf('13500000001')).toEqual(['待发送', '已发送', '超时']);
  });

  it('expires an unsent command after COMMAND_EXPIRY_MINUTES and never sends it', async () => {
    const batch = await submit(['13500000002']);
    clock.advance(60 * 60_000 - 1);
    await service.sweep();
    expect((await stored(batch.commands[0]!.id)).status).toBe(CommandStatus.Pending);
    clock.advance(1);
    await service.sweep();
    expect(await stored(batch.commands[0]!.id)).toMatchObject({ status: CommandStatus.TimedOut, result: { text: '终端未上线，指令已过期' } });
    gateway.connect('13500000002');
    await service.settled();
    expect(gateway.sent).toEqual([]);
  });

  it('puts a command back to 待发送 when the connection is gone at sending, and survives a restart', async () => {
    gateway.connect('13500000003');
    await service.settled();
    gateway.failNextSend = true;
    const batch = await submit(['13500000003']);
    expect(batch.commands[0]!.statusText).toBe('待发送');
    // a new process: the queue is in the database
    await service.close();
    service = new CommandService({ commands: store.commands, bus, gateway, clock, expiryMinutes: 60, sweepIntervalMs: 0, onError: () => undefined }).start();
    gateway.connect('13500000003');
    await service.settled();
    expect((await stored(batch.commands[0]!.id)).status).toBe(CommandStatus.Sent);
    expect(gateway.sent).toHaveLength(1);
  });

  it('records a device’s answer in Chinese with its own words as 设备原文', async () => {
    gateway.devices.add('13500000001');
    gateway.connect('13500000001');
    const cut = await submit(['13500000001'], 'oilPower', { action: 'cut' });
    await service.settled();
    const [sent] = gateway.deviceSent;
    expect(sent).toMatchObject({ terminalNo: '13500000001', command: { type: 'powerCut' } });
    gateway.answer({ terminalNo: '13500000001', tenantId: 0, msgId: 'device', protocol: 'gt06', matchKey: sent!.matchKey, text: 'DYD=Speed Limit, Speed 32km/h' });
    await service.settled();
    expect(await stored(cut.commands[0]!.id)).toMatchObject({
      status: CommandStatus.Failed, result: { code: 1, text: '车速过高（32 km/h），设备拒绝断油断电', raw: 'DYD=Speed Limit, Speed 32km/h' },
    });

    const locate = await submit(['13500000001']);
    await service.settled();
    gateway.answer({ terminalNo: '13500000001', tenantId: 0, msgId: 'device', protocol: 'gt06', matchKey: gateway.deviceSent[1]!.matchKey, text: 'GPS:OFF; LOCK:ON' });
    await service.settled();
    expect(await stored(locate.commands[0]!.id)).toMatchObject({ status: CommandStatus.Succeeded, result: { code: 0, text: '设备回复（未识别）', raw: 'GPS:OFF; LOCK:ON' } });
  });

  it('speaks of an e-bike’s power in its own words: 断电/恢复供电, its guard’s answers 断电成功 and 恢复供电成功', async () => {
    gateway.devices.add(EBIKE);
    gateway.connect(EBIKE);
    const cut = await submit([EBIKE], 'oilPower', { action: 'cut' });
    expect(cut.commands[0]!.commandName).toBe('断电/恢复供电');
    await service.settled();
    const answer = (n: number, text: string) => gateway.answer({ terminalNo: EBIKE, tenantId: 0, msgId: 'device', protocol: 'gt06', matchKey: gateway.deviceSent[n]!.matchKey, text });
    answer(0, 'DYD=Success!');
    await service.settled();
    expect(await stored(cut.commands[0]!.id)).toMatchObject({ status: CommandStatus.Succeeded, result: { code: 0, text: '断电成功', raw: 'DYD=Success!' } });

    const restore = await submit([EBIKE], 'oilPower', { action: 'restore' });
    await service.settled();
    answer(1, 'Already in the state of fuel supply to resume,the command is not running!');
    await service.settled();
    expect((await stored(restore.commands[0]!.id)).result).toMatchObject({ code: 0, text: '供电已是接通状态，无需重复执行' });

    const refused = await submit([EBIKE], 'oilPower', { action: 'cut' });
    await service.settled();
    answer(2, 'DYD=Speed Limit, Speed 22km/h');
    await service.settled();
    expect((await stored(refused.commands[0]!.id)).result).toMatchObject({ code: 1, text: '车速过高（22 km/h），设备拒绝断电' });
  });

  it('does not queue a batch for an offline terminal when told not to: it ends at once as 失败 and never goes out', async () => {
    const batch = await submit(['13500000002'], 'oilPower', { action: 'restore' }, false);
    expect(batch.commands[0]).toMatchObject({ statusText: '失败', result: { code: 'offline', text: '终端离线，危险指令不排队下发' } });
    gateway.connect('13500000002');
    await service.settled();
    expect(gateway.sent).toEqual([]);
    expect(statusesOf('13500000002')).toEqual(['失败']);
  });
});
