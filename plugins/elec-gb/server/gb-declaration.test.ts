import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestServer, demoTenantClients, download, readQrCode, sheetRows, type TestServer } from '../../../server/module/testing';
import { ElecGbApi } from '../../../sdk/contracts';


interface Declaration {
  id: number;
  recordNo: string;
  tenantId: number;
  frameNo: string;
  compliant: boolean;
  broken: string[];
  reasons: string[];
}

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin, other } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

const good = { ownerName: '陈立', ownerPhone: '13800001234', brand: '雅迪', model: 'DE3', frameNo: 'yd2026gb0001', motorNo: 'm0001', plateNo: '深圳A12345', color: '白色', designSpeed: 25, mass: 54.5, motorPower: 400, pedals: true };
const add = (client: ApiClient, body: object) => client.postJson<Declaration>(ElecGbApi.add.path, body);
const list = (client: ApiClient, query: Record<string, string | number> = {}) => client.get<{ total: number; list: Declaration[] }>(ElecGbApi.list.path, { pageSize: 50, ...query });

describe('新国标 备案登记', () => {
  it('registers an e-bike within GB 17761-2018 as 合规 and numbers the record', async () => {
    const res = await add(admin, good);
    expect(res).toMatchObject({ flag: 1, obj: { frameNo: 'YD2026GB0001', motorNo: 'M0001', compliant: true, broken: [], reasons: [] } });
    expect(res.obj.recordNo).toMatch(/^GB\d{8}\d{6}$/);
    expect(await add(admin, good)).toMatchObject({ flag: 400, msg: '车架号 YD2026GB0001 已备案' });
  });

  it('judges a record with a 30 km/h design speed 不合规 with that reason, and every broken limit beside it', async () => {
    const fast = await add(admin, { ...good, frameNo: 'FAST0001', designSpeed: '30' });
    expect(fast).toMatchObject({ flag: 1, obj: { compliant: false, broken: ['designSpeed'], reasons: ['车速超标'] } });
    const heavy = await add(admin, { ...good, frameNo: 'HEAVY0001', designSpeed: 32, mass: 68, motorPower: 800, pedals: false });
    expect(heavy.obj).toMatchObject({ compliant: false, broken: ['designSpeed', 'mass', 'motorPower', 'pedals'] });
    expect((await list(admin, { compliant: '0' })).obj.list.map((d) => d.frameNo).sort()).toEqual(['FAST0001', 'HEAVY0001']);
    // editing the speed down to 25 km/h makes the first one 合规
    const edited = await admin.postJson<Declaration>(ElecGbApi.update.path, { ...good, id: fast.obj.id, frameNo: 'FAST0001', designSpeed: 25 });
    expect(edited).toMatchObject({ flag: 1, obj: { compliant: true, recordNo: fast.obj.recordNo } });
  });

  it('keeps every field an edit leaves out, and empties only what it sends empty', async () => {
    const created = await add(admin, { ...good, frameNo: 'KEEP0001', plateNo: '深圳A77777' });
    const edited = await admin.postJson<Declaration & typeof good>(ElecGbApi.update.path, { id: created.obj.id, color: '黑色', plateNo: '' });
    expect(edited).toMatchObject({ flag: 1, obj: { ...good, frameNo: 'KEEP0001', motorNo: 'M0001', color: '黑色', plateNo: '', compliant: true } });
    expect(await admin.postJson(ElecGbApi.remove.path, { ids: [created.obj.id] })).toMatchObject({ flag: 1 });
  });

  it('refuses bad input in Chinese and stores nothing', async () => {
    const before = (await list(admin)).obj.total;
    expect(await add(admin, { ...good, frameNo: 'BAD1', ownerName: '' })).toMatchObject({ flag: 400, msg: '车主姓名不能为空' });
    expect(await add(admin, { ...good, frameNo: 'BAD2', ownerPhone: '1380000' })).toMatchObject({ flag: 400, msg: '车主手机号格式不正确，应为 11 位手机号' });
    expect(await add(admin, { ...good, frameNo: 'BAD3', mass: 'abc' })).toMatchObject({ flag: 400, msg: '整车质量必须是 1 到 300 之间的数（kg）' });
    expect(await add(admin, { ...good, frameNo: 'BAD4', motorPower: 350.5 })).toMatchObject({ flag: 400, msg: '电机功率必须是 1 到 5000 之间的整数（W）' });
    expect(await add(admin, { ...good, frameNo: 'BAD5', pedals: undefined })).toMatchObject({ flag: 400, msg: '请选择是否有脚踏骑行功能' });
    expect(await add(admin, { ...good, frameNo: '车架号' })).toMatchObject({ flag: 400, msg: '车架号只能包含字母、数字、- 和 _，不超过 30 个字符' });
    expect((await list(admin)).obj.total).toBe(before);
    const bad = await list(admin, { ids: '1;drop table' });
    expect(bad.flag).toBe(400);
    expect(bad.msg).toContain('备案');
  });

  it('prints a label whose QR code reads back the record, its frame number and its verdict', async () => {
    const [record] = (await list(admin, { keyword: 'YD2026GB0001' })).obj.list;
    expect((await list(admin, { ids: `${record!.id},999999` })).obj.list.map((d) => d.id)).toEqual([record!.id]);
    const res = await download(server.app, admin, 'GET', `${ElecGbApi.qrCode.path}?id=${record!.id}`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(readQrCode(res.rawPayload)).toBe(`天路新国标备案 ${record!.recordNo}\n车架号 YD2026GB0001\n号牌 深圳A12345\n雅迪 DE3\n合规`);
    const asData = await admin.get<{ dataUrl: string; text: string }>(ElecGbApi.qrCode.path, { id: record!.id, format: 'dataUrl' });
    expect(asData.obj.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(await admin.get(ElecGbApi.qrCode.path, { id: 999999 })).toMatchObject({ flag: 404, msg: '备案不存在' });
  });

  it('reports compliance per customer with the reasons counted, and exports it', async () => {
    const report = await admin.get<{ lines: { tenantName: string; total: number; compliant: number; nonCompliant: number; rate: number; broken: Record<string, number> }[]; total: { total: number } }>(ElecGbApi.report.path);
    const demo = report.obj.lines.find((l) => l.tenantName === '天路演示')!;
    expect(demo).toMatchObject({ total: 3, compliant: 2, nonCompliant: 1, rate: 66.7, broken: { designSpeed: 1, mass: 1, motorPower: 1, pedals: 1 } });
    expect(report.obj.total.total).toBe(3);
    const sheet = await sheetRows((await download(server.app, admin, 'POST', ElecGbApi.exportReport.path)).rawPayload);
    expect(sheet[0]).toEqual(['客户', '备案数', '合规', '不合规', '合规率(%)', '车速超标', '整车质量超标', '电机功率超标', '无脚踏骑行功能']);
    expect(sheet.at(-1)!.slice(0, 4)).toEqual(['合计', '3', '2', '1']);
  });

  it('keeps one customer’s records from another', async () => {
    expect(await list(other)).toMatchObject({ flag: 403 });
    const [record] = (await list(admin)).obj.list;
    expect(await other.postJson(ElecGbApi.remove.path, { ids: [record!.id] })).toMatchObject({ flag: 403 });
  });
});
