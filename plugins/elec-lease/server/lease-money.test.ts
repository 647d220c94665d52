import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestServer, DEMO_TENANT, demoTenantClients, download, ManualClock, sheetRows, type TestServer, upload, workbook } from '../../../server/module/testing';
import type { LeaseContract, LeaseIncomeMonth, LeasePayment, LeasePaymentList } from '../../../sdk/lease';
import { AlarmApi, ElecLeaseApi } from '../../../sdk/contracts';

// 10:00 in China on 2026-03-10
const clock = new ManualClock(new Date('2026-03-10T10:00:00+08:00'));

let server: TestServer;
let admin: ApiClient;
const bikes: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, clock });
  ({ admin } = await demoTenantClients(server.app));
  const tenant = (await server.store.org.findTenantByName(DEMO_TENANT))!;
  const group = await server.store.fleet.ensureGroup(tenant.id, null, '租赁车队', 60);
  for (const [i, plate] of ['收款车01', '收款车02', '收款车03', '收款车04', '导入车01', '导入车02', '导入车03'].entries()) {
    const imei = `35871006100${String(i).padStart(4, '0')}`;
    const { vehicleId } = await server.store.fleet.provision({
      tenantId: tenant.id, groupId: group, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'gt06', plateNo: plate, plateColor: 0, assetKind: 'ebike', profile: {},
    });
    bikes[plate] = vehicleId;
  }
});
afterAll(() => server.close());

type Paid = LeaseContract & { payment: LeasePayment };
const pay = (body: object) => admin.postJson<Paid>(ElecLeaseApi.pay.path, body);
const sign = (body: object) => admin.postJson<LeaseContract>(ElecLeaseApi.sign.path, body);
const income = (start: string, end: string) =>
  admin.get<{ months: LeaseIncomeMonth[]; total: Omit<LeaseIncomeMonth, 'month'>; depositHeld: number }>(ElecLeaseApi.income.path, { start, end });
const contract = async (id: number) => (await admin.get<{ list: LeaseContract[] }>(ElecLeaseApi.contracts.path, { pageSize: 100 })).obj.list.find((c) => c.id === id)!;
const leaseAlarms = async () =>
  (await admin.get<{ total: number; list: { detail: { contractNo: string }; endTime: string | null }[] }>(AlarmApi.history.path, {
    start: '2026-03-01T00:00:00+08:00', end: '2026-03-30T00:00:00+08:00', alarmType: 'leaseOverdue', pageSize: 50,
  })).obj;

let renterId: number;
let first: LeaseContract;

describe('收款 by kind and method, with receipts', () => {
  it('keeps a ¥500 deposit apart from ¥300 rent: 实收租金 ¥300, 押金 ¥500', async () => {
    renterId = (await admin.postJson<{ id: number }>(ElecLeaseApi.addRenter.path, { name: '赵收款', phone: '13812340001', idNo: '11010519491231002X' })).obj.id;
    first = (await sign({ vehicleId: bikes['收款车01'], renterId, startDate: '2026-03-10', endDate: '2026-09-09', monthlyRent: 300, deposit: 500 })).obj;
    const deposit = await pay({ id: first.id, kind: 'deposit', method: 'wechat', amount: 500 });
    expect(deposit).toMatchObject({ flag: 1, obj: { received: 0, depositHeld: 500, payment: { receiptNo: 'SJ-2026-000001', kindName: '押金', methodName: '微信', amount: 500, amountInWords: '伍佰元整' } } });
    const rent = await pay({ id: first.id, kind: 'rent', method: 'alipay', amount: 300 });
    expect(rent).toMatchObject({ flag: 1, obj: { received: 300, rentDue: 300, balance: 0, balanceName: '已结清', depositHeld: 500, payment: { receiptNo: 'SJ-2026-000002', kindName: '租金', methodName: '支付宝' } } });
    const res = (await income('2026-03', '2026-03')).obj;
    expect(res.months).toEqual([{ month: '2026-03', due: 300, received: 300, deposit: 500, refunded: 0, penalty: 0 }]);
    expect(res.total).toMatchObject({ received: 300, deposit: 500 });
    expect(res.depositHeld).toBe(500);
  });

  it('asks before taking ¥800 rent against ¥300 owed, then records ¥500 预付', async () => {
    const second = (await sign({ vehicleId: bikes['收款车02'], renterId, startDate: '2026-03-10', endDate: '2026-09-09', monthlyRent: 300, deposit: 0 })).obj;
    expect(second).toMatchObject({ rentDue: 300, balance: -300, balanceName: '欠费 ¥300' });
    const asked = await pay({ id: second.id, kind: 'rent', method: 'cash', amount: 800 });
    expect(asked).toMatchObject({
      flag: 400, msg: '本次租金 ¥800 超过当前欠费 ¥300，多出的 ¥500 将记为预付租金；如含押金请分开按押金收款，确认预付后再提交', obj: { owed: 300, over: 500 },
    });
    expect(await contract(second.id)).toMatchObject({ received: 0 });
    const confirmed = await pay({ id: second.id, kind: 'rent', method: 'cash', amount: 800, confirmPrepay: true });
    // the refused one took no number: no gap
    expect(confirmed).toMatchObject({ flag: 1, obj: { received: 800, balance: 500, balanceName: '预付 ¥500', payment: { receiptNo: 'SJ-2026-000003', prepaid: 500 } } });
    expect((await income('2026-03', '2026-03')).obj.months[0]).toMatchObject({ due: 600, received: 1100, deposit: 500 });
  });

  it('shows rent underpaid as 欠费', async () => {
    const third = (await sign({ vehicleId: bikes['收款车03'], renterId, startDate: '2026-03-10', endDate: '2026-09-09', monthlyRent: 300, deposit: 0 })).obj;
    expect(await pay({ id: third.id, amount: 100, method: 'bank' })).toMatchObject({ flag: 1, obj: { received: 100, balanceName: '欠费 ¥200', payment: { kind: 'rent', methodName: '银行转账' } } });
  });

  it('pays deposits back up to what is held, and no deposit beyond the contract’s', async () => {
    expect(await pay({ id: first.id, kind: 'refund', method: 'cash', amount: 600 })).toMatchObject({ flag: 400, msg: '退押金不能超过已收押金 ¥500' });
    expect(await pay({ id: first.id, kind: 'deposit', method: 'cash', amount: 1 })).toMatchObject({
      flag: 400, msg: '押金收款不能超过合同押金未收部分 ¥0（合同押金 ¥500，已收 ¥500）',
    });
    expect(await pay({ id: first.id, kind: 'refund', method: 'cash', amount: 200, note: '车损扣 200 后退还其余' })).toMatchObject({
      flag: 1, obj: { depositHeld: 300, received: 300, payment: { receiptNo: 'SJ-2026-000005', kindName: '退押金', amountInWords: '贰佰元整' } },
    });
    expect(await pay({ id: first.id, kind: 'penalty', method: 'wechat', amount: 50 })).toMatchObject({ flag: 1, obj: { penalty: 50, received: 300 } });
    const res = (await income('2026-03', '2026-03')).obj;
    expect(res.months[0]).toMatchObject({ received: 1100 + 100, deposit: 500, refunded: 200, penalty: 50 });
    expect(res.depositHeld).toBe(300);
    expect(await pay({ id: first.id, kind: 'tip', amount: 5 })).toMatchObject({ flag: 400 });
  });

  it('lists a contract’s receipts, numbered without gaps, for printing', async () => {
    const res = await admin.get<LeasePaymentList>(ElecLeaseApi.payments.path, { id: first.id });
    expect(res.obj.tenantName).toBe(DEMO_TENANT);
    expect(res.obj.list.map((p) => [p.receiptNo, p.kindName, p.methodName, p.amount])).toEqual([
      ['SJ-2026-000001', '押金', '微信', 500],
      ['SJ-2026-000002', '租金', '支付宝', 300],
      ['SJ-2026-000005', '退押金', '现金', 200],
      ['SJ-2026-000006', '违约金', '微信', 50],
    ]);
    expect(res.obj.list[0]).toMatchObject({ paidDate: '2026-03-10', operator: '演示管理员' });
  });
});

describe('contracts entered as they are', () => {
  it('takes a contract that ended last month: 已逾期 at once with one alarm', async () => {
    const before = (await leaseAlarms()).total;
    const res = await sign({ vehicleId: bikes['收款车04'], renterId, startDate: '2026-01-10', endDate: '2026-02-28', monthlyRent: 200, deposit: 0 });
    // rental months from Jan 10, Feb 10 and, kept past its end, Mar 10: ¥600 owed
    expect(res).toMatchObject({ flag: 1, obj: { status: 'overdue', statusName: '已逾期', overdueDays: 10, rentDue: 600, balanceName: '欠费 ¥600' } });
    const alarms = await leaseAlarms();
    expect(alarms.total).toBe(before + 1);
    expect(alarms.list.filter((a) => a.detail.contractNo === res.obj.contractNo && a.endTime === null)).toHaveLength(1);
    await admin.get(ElecLeaseApi.contracts.path);
    expect((await leaseAlarms()).total).toBe(before + 1);
  });
});

const HEADERS = ['车牌号*', '租户姓名*', '手机号*', '身份证号*', '开始日期*', '结束日期*', '月租金(元)*', '押金(元)', '已收押金(元)', '备注'];
const importFile = async (rows: (string | number | Date | null)[][]) =>
  upload<{ imported: number; renters: number; overdue: number; rows?: unknown }>(server.app, admin, ElecLeaseApi.importContracts.path, '合同.xlsx', await workbook(HEADERS, rows));

describe('合同导入', () => {
  it('serves a template whose headers the import takes', async () => {
    const res = await download(server.app, admin, 'GET', ElecLeaseApi.importTemplate.path);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await sheetRows(res.rawPayload))[0]).toEqual(HEADERS);
  });

  it('imports nothing when a row is bad, and says which rows and why', async () => {
    const before = (await admin.get<{ total: number }>(ElecLeaseApi.contracts.path)).obj.total;
    const res = await importFile([
      ['导入车01', '钱导入', '13812340002', '320102198506154568', '2025-12-01', '2026-05-31', 280, 400, 400, ''],
      ['不存在的车', '孙导入', '13812340003', '110105194912310021', '2026-02-30', '2026-01-01', 'abc', 0, 0, ''],
      ['导入车01', '钱导入', '13812340002', '320102198506154568', '2026-01-01', '2026-06-30', 280, 0, 100, ''],
    ]);
    expect(res.flag).toBe(400);
    expect(res.msg).toBe('第 3 行：电动车 不存在的车 不存在或不属于本客户 等，共 2 行有误；没有导入任何合同，请改正后重新上传');
    expect(res.obj).toEqual({
      rows: [
        {
          row: 3,
          errors: [
            '第 3 行：电动车 不存在的车 不存在或不属于本客户',
            '第 3 行：身份证号校验不通过，请核对出生日期和最后一位校验码',
            '第 3 行：开始日期格式不正确，应为 YYYY-MM-DD',
            '第 3 行：月租金必须是 0.01 到 1000000 之间的金额（元，最多两位小数）',
          ],
        },
        { row: 4, errors: ['第 4 行：电动车 导入车01 与第 2 行重复', '第 4 行：已收押金不能超过押金'] },
      ],
    });
    expect((await admin.get<{ total: number }>(ElecLeaseApi.contracts.path)).obj.total).toBe(before);
  });

  it('imports running and overdue contracts, new renters and deposits held; the overdue one alarms at once', async () => {
    const alarmsBefore = (await leaseAlarms()).total;
    const res = await importFile([
      ['导入车01', '钱导入', '13812340002', '320102198506154568', '2025-12-01', '2026-05-31', 280, 400, 400, '纸质合同 A-7'],
      // an existing renter, found by the identity number
      ['导入车02', '赵收款', '13812340001', '11010519491231002X', new Date(Date.UTC(2026, 0, 5)), '2026-02-04', '250', '', '', ''],
      ['导入车03', '钱导入', '13812340002', '320102198506154568', '2026-04-01', '2026-09-30', 300, 0, 0, ''],
    ]);
    expect(res).toMatchObject({ flag: 1, obj: { imported: 3, renters: 1, overdue: 1 } });
    const list = (await admin.get<{ list: LeaseContract[] }>(ElecLeaseApi.contracts.path, { keyword: '导入车', pageSize: 10 })).obj.list;
    const byPlate = new Map(list.map((c) => [c.plateNo, c]));
    // Dec 1, Jan 1, Feb 1, Mar 1: 4 × 280 owed, deposit ¥400 held
    expect(byPlate.get('导入车01')).toMatchObject({ status: 'active', renterName: '钱导入', rentDue: 1120, depositHeld: 400, note: '纸质合同 A-7' });
    // Jan 5 and, kept since Feb 4, Feb 5 and Mar 5
    expect(byPlate.get('导入车02')).toMatchObject({ status: 'overdue', overdueDays: 34, renterId, rentDue: 750 });
    expect(byPlate.get('导入车03')).toMatchObject({ status: 'pending', rentDue: 0 });
    expect((await leaseAlarms()).total).toBe(alarmsBefore + 1);
    const receipts = (await admin.get<LeasePaymentList>(ElecLeaseApi.payments.path, { id: byPlate.get('导入车01')!.id })).obj.list;
    expect(receipts.map((p) => [p.receiptNo, p.kindName, p.amount, p.paidDate])).toEqual([['SJ-2026-000007', '押金', 400, '2025-12-01']]);
  });
});
