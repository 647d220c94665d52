import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableCommand, CommandPreview } from '../../../sdk/services/command-api';
import type { CommandView } from '../../commands/command-view';
import type { PositionRow } from '../../gateway/gateway-ports';
import { DEMO_TENANT, OTHER_TENANT } from '../../store/seed-demo';
import { ApiClient, demoTenantClients } from '../../testing/api-client';
import { addScopedUser } from '../../testing/scoped-users';
import { createTestServer, type TestServer } from '../../testing/test-server';

// What a dangerous command will do before it is confirmed, from the server: the commands each
// terminal's model supports, the preview's figures (moving, skipped and why, another tenant's
// terminal neither shown nor counted), the send doing what the preview said, and the history's
// answers in Chinese with the devices' own words. On PostgreSQL too when DATABASE_URL is set.
const AVAILABLE = '/car/v1/api/command/availableCommands.json';
const PREVIEW = '/car/v1/api/command/previewCommandDownBatch.json';
const SEND = '/car/v1/api/command/commandDownBatch.json';
const LIST = '/car/v1/api/command/list.json';
const EXPORT = '/car/v1/api/command/export.json';

// 京P00001 drives at 32 km/h, 京P00002 is parked, 京P00003 is offline, 豆豆's collar has no relay
const MOVING = '014700000001';
const PARKED = '014700000002';
const OFFLINE = '014700000003';
const COLLAR = '358710040000123';
const FOREIGN = '014700000009';

let server: TestServer;
let admin: ApiClient;
let dispatcher: ApiClient;

const commandCount = async () => Number((await server.store.db.selectFrom('commands').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

function position(terminalId: number, tenantId: number, speed: number, ageMs: number): PositionRow {
  const at = new Date(Math.floor((Date.now() - ageMs) / 1000) * 1000);
  return {
    terminalNo: String(terminalId), terminalId, tenantId, deviceTime: at, receivedTime: at,
    lon: 116.4, lat: 39.9, altitude: 40, speed, course: 90, alarmFlags: 0, statusFlags: 3, extras: {}, backfill: false,
  };
}

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
  const demo = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const other = (await server.store.org.findTenantByName(OTHER_TENANT))!;
  const group = await server.store.fleet.ensureGroup(demo.id, null, '预览测试', 80);
  const vehicle = (displayNo: string, plateNo: string) => server.store.fleet.provision({
    tenantId: demo.id, groupId: group, terminalNo: displayNo.replace(/^0+/, ''), displayNo, authCode: 'A', model: 'TL-808G', plateNo, assetKind: 'vehicle',
  });
  const moving = await vehicle(MOVING, '京P00001');
  const parked = await vehicle(PARKED, '京P00002');
  const offline = await vehicle(OFFLINE, '京P00003');
  const collar = await server.store.fleet.provision({
    tenantId: demo.id, groupId: group, terminalNo: COLLAR, displayNo: COLLAR, authCode: '', imei: COLLAR, protocol: 'gt06', model: 'TL-P1 项圈', plateNo: '豆豆', assetKind: 'pet',
  });
  const foreign = await server.store.fleet.provision({
    tenantId: other.id, groupId: await server.store.fleet.ensureGroup(other.id, null, '其他车队'), terminalNo: FOREIGN.replace(/^0+/, ''), displayNo: FOREIGN,
    authCode: 'B', model: 'TL-808G', plateNo: '苏E99999', assetKind: 'vehicle',
  });
  await server.store.positions.writeBatch([
    position(moving.terminalId, demo.id, 32, 20_000),
    position(parked.terminalId, demo.id, 0, 20_000),
    // fast, but an hour ago: says nothing about now
    position(offline.terminalId, demo.id, 60, 3600_000),
    position(foreign.terminalId, other.id, 50, 20_000),
  ]);
  await server.store.db.updateTable('terminals').set({ connected: true })
    .where('id', 'in', [moving.terminalId, parked.terminalId, collar.terminalId, foreign.terminalId]).execute();
  await addScopedUser(server.store, { tenantId: demo.id, account: 'previewer', password: 'Prev@1234', role: '调度', platformIds: [8], resourceIds: [8100, 8400, 840001] });
  dispatcher = new ApiClient(server.app);
  await dispatcher.login('previewer', 'Prev@1234');
});

afterAll(() => server.close());

describe('commands an operator can trust', () => {
  it('lists only the commands the chosen terminals’ models support, dangerous ones only to those who may send them', async () => {
    const res = await admin.postJson<AvailableCommand[]>(AVAILABLE, { terminalNos: [MOVING, COLLAR] });
    expect(res.flag, res.msg).toBe(1);
    const byType = Object.fromEntries(res.obj.map((c) => [c.commandType, `${c.supported}/${c.total}`]));
    // 智能车联's contributed 调度信息 after the platform's own: vehicles on JT/T 808 only
    expect(byType).toEqual({ locate: '2/2', interval: '2/2', text: '1/2', track: '1/2', control: '2/2', oilPower: '1/2', findDevice: '1/2', 'car.dispatch': '1/2' });
    expect(res.obj.find((c) => c.commandType === 'oilPower')).toMatchObject({ commandName: '断油断电', dangerous: true });
    const limited = await dispatcher.postJson<AvailableCommand[]>(AVAILABLE, { terminalNos: [MOVING, COLLAR] });
    expect(limited.obj.map((c) => c.commandType)).toEqual(['locate', 'interval', 'text', 'track', 'findDevice', 'car.dispatch']);
    expect((await admin.postJson(AVAILABLE, { terminalNos: [FOREIGN] })).flag).toBe(404);
  });

  it('previews a power cut: who gets it, who is moving, who is skipped and why — and changes nothing', async () => {
    const before = await commandCount();
    const res = await admin.postJson<CommandPreview>(PREVIEW, {
      terminalNos: [MOVING, PARKED, OFFLINE, COLLAR, FOREIGN], commandType: 'oilPower', params: { action: 'cut' },
    });
    expect(res.flag, res.msg).toBe(1);
    const p = res.obj;
    expect(p).toMatchObject({
      commandName: '断油断电', dangerous: true, action: '断开油电', movingKmh: 5, total: 5, receivers: 1, sendNow: 1, queued: 0, moving: 1, movingReceivers: 0,
      skipped: { unsupported: 1, offline: 1, moving: 1, noPermission: 1 },
    });
    expect(p.warnings).toEqual(['1 个行驶中（车速超过 5 km/h），为安全不执行断开油电，将跳过；停稳后再试']);
    expect(p.terminals.map((t) => [t.terminalNo, t.outcome, t.code, t.speed])).toEqual([
      [MOVING, 'skip', 'moving', 32], [PARKED, 'send', null, 0], [OFFLINE, 'skip', 'offline', null], [COLLAR, 'skip', 'unsupported', null], [FOREIGN, 'skip', 'noPermission', null],
    ]);
    expect(p.terminals.find((t) => t.terminalNo === COLLAR)!.reason).toBe('该终端（型号 TL-P1 项圈）不支持断油断电');
    expect(p.terminals.find((t) => t.terminalNo === OFFLINE)!.reason).toBe('终端离线，危险指令不排队下发');
    // the other tenant's terminal: only the number the caller sent, nothing of its vehicle or speed
    expect(p.terminals.at(-1)).toEqual({
      terminalNo: FOREIGN, plateNo: null, model: null, online: false, speed: null, moving: false, outcome: 'skip', code: 'noPermission', reason: '无权操作该终端或终端不存在',
    });
    expect(JSON.stringify(p)).not.toContain('苏E99999');
    expect(await commandCount()).toBe(before);
  });

  it('says plainly when a forced cut or a restart reaches a moving vehicle', async () => {
    const forced = await admin.postJson<CommandPreview>(PREVIEW, { terminalNos: [MOVING, PARKED], commandType: 'oilPower', params: { action: 'cut', force: true } });
    expect(forced.obj).toMatchObject({ receivers: 2, moving: 1, movingReceivers: 1 });
    expect(forced.obj.warnings).toEqual(['1 个行驶中（车速超过 5 km/h）仍将强制断开油电：车辆可能在行驶中失去动力，请确认安全']);
    const restart = await admin.postJson<CommandPreview>(PREVIEW, { terminalNos: [MOVING, COLLAR], commandType: 'control', params: { action: 'factoryReset' } });
    expect(restart.obj).toMatchObject({ action: '恢复出厂设置', receivers: 1, skipped: { unsupported: 1 } });
    expect(restart.obj.warnings).toEqual(['1 个行驶中（车速超过 5 km/h），仍将执行恢复出厂设置']);
  });

  it('refuses the preview of a dangerous command without 危险指令, and bad parameters, in Chinese', async () => {
    expect(await dispatcher.postJson(PREVIEW, { terminalNos: [PARKED], commandType: 'oilPower', params: { action: 'cut' } })).toMatchObject({ flag: 403, msg: '没有下发危险指令的权限' });
    expect(await admin.postJson(PREVIEW, { terminalNos: [PARKED], commandType: 'oilPower', params: {} })).toMatchObject({ flag: 400, msg: '断油断电操作不能为空' });
    // an ordinary command waits for an offline terminal
    const locate = await dispatcher.postJson<CommandPreview>(PREVIEW, { terminalNos: [PARKED, OFFLINE], commandType: 'locate' });
    expect(locate.obj).toMatchObject({ dangerous: false, receivers: 2, sendNow: 1, queued: 1, warnings: [] });
  });

  it('refuses a command to a model that lacks it, sending nothing', async () => {
    const before = await commandCount();
    const res = await admin.postJson(SEND, { terminalNos: [PARKED, COLLAR], commandType: 'oilPower', params: { action: 'cut' }, password: 'Admin@123' });
    expect(res).toMatchObject({ flag: 400, msg: `终端 ${COLLAR} 该终端（型号 TL-P1 项圈）不支持断油断电` });
    const reset = await admin.postJson(SEND, { terminalNos: [COLLAR], commandType: 'control', params: { action: 'factoryReset' }, password: 'Admin@123' });
    expect(reset).toMatchObject({ flag: 400, msg: `终端 ${COLLAR} 该终端（型号 TL-P1 项圈）不支持恢复出厂设置` });
    expect(await commandCount()).toBe(before);
  });

  it('sends what the preview said: the moving and the offline vehicle are skipped with their reason, the parked one gets it', async () => {
    const res = await admin.postJson<{ batchId: string; commands: CommandView[] }>(SEND, {
      terminalNos: [MOVING, PARKED, OFFLINE], commandType: 'oilPower', params: { action: 'cut' }, password: 'Admin@123',
    });
    expect(res.flag, res.msg).toBe(1);
    const byNo = Object.fromEntries(res.obj.commands.map((c) => [c.terminalNo, c]));
    expect(byNo[MOVING]).toMatchObject({ statusText: '失败', result: { code: 'moving', speed: 32, text: '行驶中（32 km/h），为安全未断电；停稳后再试，或确认安全后强制执行' } });
    expect(byNo[OFFLINE]).toMatchObject({ statusText: '失败', result: { code: 'offline', text: '终端离线，危险指令不排队下发' } });
    // connected to no instance of this test: it waits for the instance that holds it
    expect(byNo[PARKED]!.statusText).toBe('待发送');
  });

  it('answers and exports results in Chinese with the device’s own words as 设备原文, headed in the asset’s words', async () => {
    const sent = await admin.postJson<{ batchId: string; commands: CommandView[] }>(SEND, { terminalNos: [COLLAR], commandType: 'locate' });
    const id = sent.obj.commands[0]!.id;
    await server.store.db.updateTable('commands')
      .set({ status: 2, result: JSON.stringify({ code: 0, text: '设备已回复当前位置', raw: 'Current position!Lat:N22.5,Lon:E114.0' }), result_time: new Date() })
      .where('id', '=', String(id)).execute();
    const list = await admin.get<{ list: CommandView[] }>(LIST, { batchId: sent.obj.batchId });
    expect(list.obj.list[0]!.result).toEqual({ code: 0, text: '设备已回复当前位置', raw: 'Current position!Lat:N22.5,Lon:E114.0' });
    expect(list.obj.list[0]!.assetKind).toBe('pet');

    const res = await server.app.inject({
      method: 'POST', url: EXPORT, payload: { batchId: sent.obj.batchId }, headers: { sessionId: admin.sessionId!, userId: String(admin.userId) },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    const header = rows[0] as string[];
    const row = rows[1] as string[];
    expect(rows).toHaveLength(2);
    expect(row[header.indexOf('结果')]).toBe('设备已回复当前位置');
    expect(row[header.indexOf('设备原文')]).toBe('Current position!Lat:N22.5,Lon:E114.0');
    expect(row[header.indexOf('指令')]).toBe('位置查询');
    // a pet's commands are headed with its name, as the table on screen
    expect(header.slice(0, 3)).toEqual(['下发时间', '宠物名', '终端号']);
    expect(row[header.indexOf('宠物名')]).toBe('豆豆');
  });
});
