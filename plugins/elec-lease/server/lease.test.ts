import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient, createTestServer, DEMO_TENANT, demoTenantClients, download, ManualClock, sheetRows, startAliyunSmsStandIn, type SmsStandIn, type TestServer,
} from '../../../server/module/testing';
import { NotifyApi } from '../../../sdk/contracts/notify';
import type { LeaseContract, LeaseIncomeMonth, LeaseRenter, LeaseUtilisation } from '../../../sdk/lease';
import type { NotifyRecord } from '../../../sdk/notify-channels';
import { chinaDay } from './lease-monitor';
import { AlarmApi, DownloadApi, ElecLeaseApi, OperationLogApi } from '../../../sdk/contracts';

const DAY = 86_400_000;
// 10:00 in China on 2026-03-10
const clock = new ManualClock(new Date('2026-03-10T10:00:00+08:00'));
const texts: { phone: string; text: string }[] = [];

let server: TestServer;
/** The tenant's 阿里云短信, set up in 推送渠道 for the last scenario. */
let tenantSms: SmsStandIn | undefined;
let admin: ApiClient;
let other: ApiClient;
const bikes: Record<'a' | 'b', { vehicleId: number; terminalId: number }> = {} as never;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock, smsProvider: { send: async (phone, text) => void texts.push({ phone, text }) } });
  ({ admin, other } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const group = await server.store.fleet.ensureGroup(tenant.id, null, '租赁车队', 60);
  const provision = (imei: string, plateNo: string) => server.store.fleet.provision({
    tenantId: tenant.id, groupId: group, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'gt06', plateNo, plateColor: 0, assetKind: 'ebike',
    profile: { batteryVoltage: '48' },
  });
  bikes.a = await provision('358710060000901', '租赁车A01');
  bikes.b = await provision('358710060000902', '租赁车B02');
});
afterAll(async () => {
  await tenantSms?.close();
  await server.close();
});

/** Moves the clock on a day at a time and logs in again (the sessions expire meanwhile). */
async function daysLater(days: number): Promise<void> {
  clock.advance(days * DAY);
  ({ admin, other } = await demoTenantClients(server.app));
}

const addRenter = (body: object) => admin.postJson<LeaseRenter>(ElecLeaseApi.addRenter.path, body);
const renters = () => admin.get<{ total: number; list: LeaseRenter[] }>(ElecLeaseApi.renters.path, { pageSize: 50 });
const sign = (body: object) => admin.postJson<LeaseContract>(ElecLeaseApi.sign.path, body);
const contracts = (query: Record<string, string> = {}) => admin.get<{ total: number; list: LeaseContract[] }>(ElecLeaseApi.contracts.path, { pageSize: 50, ...query });
const leaseAlarms = () =>
  admin.get<{ total: number; list: { alarmType: string; alarmName: string; endTime: string | null; detail: { contractNo: string } }[] }>(AlarmApi.history.path, {
    start: '2026-03-01T00:00:00+08:00', end: '2026-03-30T00:00:00+08:00', alarmType: 'leaseOverdue', pageSize: 50,
  });
const cutCommands = () => server.store.db.selectFrom('commands').select(['command_type', 'params', 'account', 'status']).where('terminal_id', '=', bikes.a.terminalId).execute();

const renter = { name: '王小明', phone: '13812345678', idNo: '11010519491231002x' };
let renterId: number;
let contract: LeaseContract;

describe('电动车租赁 租户管理', () => {
  it('adds a renter and shows the phone and identity number masked', async () => {
    const res = await addRenter(renter);
    expect(res).toMatchObject({ flag: 1, obj: { name: '王小明', phone: '138****5678', idNo: '110105********002X' } });
    renterId = res.obj.id;
    const listed = (await renters()).obj.list.find((r) => r.id === renterId)!;
    expect(listed).toMatchObject({ phone: '138****5678', idNo: '110105********002X', openContracts: 0 });
    expect(JSON.stringify(await renters())).not.toContain('13812345678');
  });

  it('refuses a wrong check digit, a bad phone or a second renter with the same number in Chinese and stores nothing', async () => {
    const before = (await renters()).obj.total;
    expect(await addRenter({ ...renter, idNo: '110105194912310021' })).toMatchObject({ flag: 400, msg: '身份证号校验不通过，请核对出生日期和最后一位校验码' });
    expect(await addRenter({ ...renter, idNo: '1101051949123' })).toMatchObject({ flag: 400, msg: '身份证号格式不正确，应为 18 位居民身份证号' });
    expect(await addRenter({ ...renter, idNo: '320102198506154568', phone: '12345' })).toMatchObject({ flag: 400, msg: '手机号格式不正确，应为 11 位手机号' });
    expect(await addRenter({ ...renter, name: ' ' })).toMatchObject({ flag: 400, msg: '租户姓名不能为空' });
    expect(await addRenter(renter)).toMatchObject({ flag: 400, msg: '该身份证号的租户已存在' });
    expect((await renters()).obj.total).toBe(before);
  });
});

describe('电动车租赁 合同管理', () => {
  it('signs a contract for an e-bike and refuses to rent the same e-bike twice', async () => {
    const res = await sign({ vehicleId: bikes.a.vehicleId, renterId, startDate: '2026-03-10', endDate: '2026-03-10', monthlyRent: '300', deposit: 500 });
    expect(res).toMatchObject({ flag: 1, obj: { plateNo: '租赁车A01', renterName: '王小明', renterPhone: '138****5678', status: 'active', statusName: '租赁中', monthlyRent: 300, deposit: 500 } });
    expect(res.obj.contractNo).toMatch(/^ZL20260310\d{6}$/);
    contract = res.obj;
    const second = await addRenter({ name: '李四', phone: '13900001111', idNo: '320102198506154568' });
    const again = await sign({ vehicleId: bikes.a.vehicleId, renterId: second.obj.id, startDate: '2026-03-11', endDate: '2026-04-10', monthlyRent: 280, deposit: 0 });
    expect(again).toMatchObject({ flag: 400, msg: '电动车 租赁车A01 已在租赁合同中，不能重复出租' });
    expect((await contracts()).obj.list.map((c) => c.contractNo)).toEqual([contract.contractNo]);
    const available = (await admin.get<{ plateNo: string }[]>(ElecLeaseApi.bikes.path, { available: '1', keyword: '租赁车' })).obj.map((b) => b.plateNo);
    expect(available).toEqual(['租赁车B02']);
  });

  it('refuses bad dates and amounts in Chinese and signs nothing', async () => {
    const base = { vehicleId: bikes.b.vehicleId, renterId, startDate: '2026-03-10', endDate: '2026-04-09', monthlyRent: 300, deposit: 0 };
    expect(await sign({ ...base, endDate: '2026-02-30' })).toMatchObject({ flag: 400, msg: '结束日期格式不正确，应为 YYYY-MM-DD' });
    expect(await sign({ ...base, endDate: '2026-03-01' })).toMatchObject({ flag: 400, msg: '结束日期不能早于开始日期' });
    expect(await sign({ ...base, monthlyRent: '3.141' })).toMatchObject({ flag: 400, msg: '月租金必须是 0.01 到 1000000 之间的金额（元，最多两位小数）' });
    expect(await sign({ ...base, deposit: -1 })).toMatchObject({ flag: 400 });
    expect(await sign({ ...base, renterId: 99999 })).toMatchObject({ flag: 404, msg: '租户不存在' });
    expect((await contracts()).obj.total).toBe(1);
  });

  it('shows a contract that ended yesterday as 已逾期 with exactly one 租约逾期 alarm', async () => {
    await daysLater(1);
    const [overdue] = (await contracts()).obj.list;
    expect(overdue).toMatchObject({ status: 'overdue', statusName: '已逾期', overdueDays: 1 });
    await contracts();
    await admin.get(ElecLeaseApi.income.path);
    const alarms = (await leaseAlarms()).obj;
    expect(alarms.total).toBe(1);
    expect(alarms.list[0]).toMatchObject({ alarmType: 'leaseOverdue', alarmName: '租约逾期', endTime: null, detail: { contractNo: contract.contractNo } });
  });

  it('sends one 断电 after the tenant’s days overdue when automatic 断电 is on, logs it and texts the renter', async () => {
    expect((await admin.get(ElecLeaseApi.settings.path)).obj).toEqual({ autoCut: false, autoCutDays: 3 });
    expect(await admin.postJson(ElecLeaseApi.saveSettings.path, { autoCut: true, autoCutDays: 0 })).toMatchObject({ flag: 400 });
    expect(await admin.postJson(ElecLeaseApi.saveSettings.path, { autoCut: true, autoCutDays: 2 })).toMatchObject({ flag: 1, obj: { autoCut: true, autoCutDays: 2 } });
    expect(await cutCommands()).toEqual([]); // one day overdue: not yet
    await daysLater(1);
    await contracts();
    await contracts();
    const commands = await cutCommands();
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ command_type: 'oilPower', params: { action: 'cut' }, account: '系统（租约逾期）' });
    expect(texts.filter((t) => t.phone === '13812345678')).toHaveLength(1);
    expect(texts[0]!.text).toContain('租赁车A01');
    // an e-bike, never a 车辆, in the renter's text
    expect(texts[0]!.text).toContain('电动车已远程断电');
    expect(texts[0]!.text).not.toContain('车辆');
    const log = await admin.get<{ list: { action: string; target: string }[] }>(OperationLogApi.list.path, { keyword: '租约逾期自动断电', pageSize: 10 });
    expect(log.obj.list.map((e) => `${e.action} ${e.target}`)).toEqual(['租约逾期自动断电 电动车 租赁车A01']);
    expect((await leaseAlarms()).obj.total).toBe(1);
  });

  it('takes the e-bike back: 已退租, the alarm ended, the e-bike free to rent again', async () => {
    const res = await admin.postJson<LeaseContract>(ElecLeaseApi.giveBack.path, { id: contract.id });
    expect(res).toMatchObject({ flag: 1, obj: { status: 'returned', statusName: '已退租', closedDate: '2026-03-12' } });
    expect(await admin.postJson(ElecLeaseApi.giveBack.path, { id: contract.id })).toMatchObject({ flag: 400, msg: '合同已退租，不能再操作' });
    expect((await leaseAlarms()).obj.list[0]!.endTime).not.toBeNull();
    const available = (await admin.get<{ plateNo: string }[]>(ElecLeaseApi.bikes.path, { available: '1', keyword: '租赁车' })).obj.map((b) => b.plateNo);
    expect(available).toEqual(['租赁车A01', '租赁车B02']);
  });

  it('renews an overdue contract back to 租赁中 and terminates it', async () => {
    const signed = await sign({ vehicleId: bikes.b.vehicleId, renterId, startDate: '2026-03-12', endDate: '2026-03-12', monthlyRent: 200, deposit: 100 });
    await daysLater(1);
    expect((await contracts({ status: 'overdue' })).obj.list.map((c) => c.id)).toEqual([signed.obj.id]);
    expect(await admin.postJson(ElecLeaseApi.renew.path, { id: signed.obj.id, endDate: '2026-03-11' })).toMatchObject({ flag: 400, msg: '新的结束日期必须晚于原结束日期 2026-03-12' });
    const renewed = await admin.postJson<LeaseContract>(ElecLeaseApi.renew.path, { id: signed.obj.id, endDate: '2026-04-11' });
    expect(renewed).toMatchObject({ flag: 1, obj: { status: 'active', endDate: '2026-04-11', overdueDays: 0 } });
    const ended = await admin.postJson<LeaseContract>(ElecLeaseApi.terminate.path, { id: signed.obj.id, note: '租户提前退租' });
    expect(ended).toMatchObject({ flag: 1, obj: { status: 'terminated', statusName: '已终止', note: '租户提前退租' } });
  });
});

describe('电动车租赁 收入概览', () => {
  it('shows rent due and received by month and how the e-bikes are used', async () => {
    expect(await admin.postJson(ElecLeaseApi.pay.path, { id: contract.id, amount: 'abc' })).toMatchObject({ flag: 400, msg: '收款金额必须是 0.01 到 1000000 之间的金额（元，最多两位小数）' });
    expect(await admin.postJson(ElecLeaseApi.pay.path, { id: contract.id, amount: 300 })).toMatchObject({ flag: 1, obj: { received: 300 } });
    await admin.postJson(ElecLeaseApi.repair.path, { vehicleIds: [bikes.b.vehicleId], inRepair: true });
    const res = await admin.get<{ months: LeaseIncomeMonth[]; utilisation: LeaseUtilisation }>(ElecLeaseApi.income.path, { start: '2026-02', end: '2026-04' });
    const none = { deposit: 0, refunded: 0, penalty: 0 };
    expect(res.obj.months).toEqual([
      { month: '2026-02', due: 0, received: 0, ...none },
      // the first contract's month, and the second's first and renewed months
      { month: '2026-03', due: 300 + 200, received: 300, ...none },
      { month: '2026-04', due: 0, received: 0, ...none },
    ]);
    expect(res.obj.utilisation).toMatchObject({ rented: 0, inRepair: 1 });
    expect(res.obj.utilisation.idle).toBe(res.obj.utilisation.total - 1);
    expect(await admin.get(ElecLeaseApi.income.path, { start: '2026-05', end: '2026-04' })).toMatchObject({ flag: 400, msg: '结束月份不能早于开始月份' });
    expect(await sign({ vehicleId: bikes.b.vehicleId, renterId, startDate: '2026-03-13', endDate: '2026-04-12', monthlyRent: 200, deposit: 0 })).toMatchObject({
      flag: 400, msg: '电动车 租赁车B02 维修中，不能出租',
    });
  });

  it('exports contracts, renters and income through 下载中心', async () => {
    const started = await admin.postJson<{ id: number; fileName: string }>(ElecLeaseApi.exportContracts.path, {});
    expect(started).toMatchObject({ flag: 1, obj: { fileName: '租赁合同-20260313.xlsx' } });
    await admin.postJson(ElecLeaseApi.exportRenters.path, {});
    await admin.postJson(ElecLeaseApi.exportIncome.path, { start: '2026-03', end: '2026-03' });
    let records: { id: number; fileName: string; status: number }[] = [];
    for (let i = 0; i < 100 && !(records.length >= 3 && records.slice(0, 3).every((r) => r.status === 1)); i++) {
      await new Promise((r) => setTimeout(r, 100));
      records = (await admin.postJson<{ list: typeof records }>(DownloadApi.list.path, { current: 1, pageSize: 10 })).obj.list;
    }
    expect(records.slice(0, 3).map((r) => [r.fileName, r.status])).toEqual([['租金收入-20260313.xlsx', 1], ['租户-20260313.xlsx', 1], ['租赁合同-20260313.xlsx', 1]]);
    const file = await download(server.app, admin, 'GET', `${DownloadApi.download.path}?id=${started.obj.id}`);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['合同编号', '电动车', '租户', '手机号']);
    expect(rows.some((r) => r[0] === contract.contractNo && r[3] === '138****5678' && r[11] === '已退租')).toBe(true);
    const renterRows = await sheetRows((await download(server.app, admin, 'GET', `${DownloadApi.download.path}?id=${records[1]!.id}`)).rawPayload);
    expect(renterRows.find((r) => r[0] === '王小明')!.slice(1, 3)).toEqual(['138****5678', '110105********002X']);
  });

  it('keeps one customer’s leases from another', async () => {
    expect((await other.get(ElecLeaseApi.contracts.path)).flag).toBe(403);
    expect((await other.postJson(ElecLeaseApi.giveBack.path, { id: contract.id })).flag).toBe(403);
  });
});

describe('电动车租赁 逾期短信', () => {
  it('texts the renter through the tenant’s SMS channel with its 租约逾期 template, on record in 推送记录', async () => {
    tenantSms = await startAliyunSmsStandIn('lease-secret');
    const saved = await admin.postJson(NotifyApi.saveChannel.path, {
      kind: 'aliyun-sms', name: '租赁短信', enabled: true,
      values: { accessKeyId: 'LTAI-lease', accessKeySecret: 'lease-secret', signName: '天路租赁', templateCode: 'SMS_100', leaseTemplateCode: 'SMS_300', endpoint: `${tenantSms.origin}/` },
    });
    expect(saved.flag).toBe(1);
    const today = chinaDay(clock.now());
    const signed = await sign({ vehicleId: bikes.a.vehicleId, renterId, startDate: today, endDate: today, monthlyRent: 300, deposit: 0 });
    expect(signed.flag).toBe(1);
    const textsBefore = texts.length;
    await daysLater(3);
    await contracts();
    await contracts();
    expect(tenantSms.accepted).toEqual([{
      phone: '13812345678', signName: '天路租赁', template: 'SMS_300',
      params: { name: '王小明', plate: '租赁车A01', contract: signed.obj.contractNo, endDate: today, days: '3' },
    }]);
    // nothing to the log stand-in: the tenant has a channel
    expect(texts).toHaveLength(textsBefore);
    const records = await admin.postJson<{ list: NotifyRecord[] }>(NotifyApi.records.path, { current: 1, pageSize: 10, channel: 'sms' });
    expect(records.obj.list[0]).toMatchObject({ purpose: '租约逾期', alarmName: '租约逾期', recipient: '138****5678', status: '已送达' });
  });
});
