import {
  API, createTestServer, demoTenantClients, download, sheetRows, tenantIds, upload, workbook, type ApiClient, type TestServer,
} from '../../../server/module/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Preview {
  token: string | null;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  rows: { row: number; values: Record<string, string>; errors: string[] }[];
}

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let ids: { demo: number; other: number };

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2 } });
  ({ admin, other } = await demoTenantClients(server.app));
  ids = await tenantIds(server.store);
});
afterAll(() => server.close());

const VEHICLE_HEADERS = ['车牌号*', '车牌颜色', '车辆类型', '车架号', '司机', '资产类型', '车组', '到期日期', '限速(km/h)'];
const TERMINAL_HEADERS = ['终端号*', 'IMEI', '终端型号', 'SIM卡号', '协议版本', '安装日期', '绑定车牌号'];

const previewVehicles = async (client: ApiClient, rows: (string | Date | null)[][], query: Record<string, string> = {}) =>
  upload<Preview>(server.app, client, `${API}/vehicle/importPreview.json`, '车辆导入.xlsx', await workbook(VEHICLE_HEADERS, rows), query);
const plates = async (client: ApiClient, keyword: string) =>
  (await client.get<{ list: { plateNo: string; groupName: string | null; expiryDate: string | null }[] }>(`${API}/vehicle/list.json`, { keyword, pageSize: 50 })).obj.list;

describe('vehicle import', () => {
  it('serves a template whose headers the upload accepts', async () => {
    const res = await download(server.app, admin, 'GET', `${API}/vehicle/importTemplate.json`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(VEHICLE_HEADERS);
    expect(rows[1]![0]).toBe('京A12345');
    const preview = await upload<Preview>(server.app, admin, `${API}/vehicle/importPreview.json`, '模板.xlsx', res.rawPayload);
    expect(preview).toMatchObject({ flag: 1, obj: { total: 1, valid: 1, invalid: 0, fileName: '模板.xlsx' } });
  });

  it('reports bad rows row by row, imports only the good ones on confirmation', async () => {
    const rows = [
      ['京H10001', '蓝色', '小型普通客车', 'LSVAM4187C2184847', '张三', '车辆', '北京车队', '2027-12-31'],
      ['', '', '', '', '', '', '', ''],
      [null, '黄色', '', '', '', '', '', ''],
      ['京H10002', '紫色', '', '12345', '', '', '', '2026-13-01'],
      ['京H10001', '', '', '', '', '', '', ''],
      ['京H10003', '', '', '', '', '', '不存在的车组', ''],
      ['京H10004', '黄色', '重型半挂牵引车', '', '李四', '', '华北区域/北京车队', new Date(Date.UTC(2028, 0, 15))],
      ['宠物豆豆', '未上牌', '', '', '', '宠物', '', ''],
    ];
    const preview = await previewVehicles(admin, rows);
    expect(preview.flag).toBe(1);
    const p = preview.obj;
    expect(p).toMatchObject({ total: 7, valid: 3, invalid: 4 });
    const byRow = new Map(p.rows.map((r) => [r.row, r.errors]));
    expect(byRow.get(2)).toEqual([]);
    expect(byRow.has(3)).toBe(false); // blank row skipped
    expect(byRow.get(4)).toEqual(['第 4 行：车牌号不能为空']);
    expect(byRow.get(5)).toEqual([
      '第 5 行：车牌颜色不正确（蓝色、黄色、黑色、白色、绿色、其他、未上牌）',
      '第 5 行：车架号（VIN）必须是 17 位字母或数字',
      '第 5 行：到期日期不是有效的日期',
    ]);
    expect(byRow.get(6)).toEqual(['第 6 行：车牌号与第 2 行重复']);
    expect(byRow.get(7)).toEqual(['第 7 行：车组不存在：不存在的车组']);
    expect(byRow.get(8)).toEqual([]);
    expect(p.rows.find((r) => r.row === 8)!.values).toMatchObject({ plateNo: '京H10004', expiryDate: '2028-01-15' });
    // nothing is stored before the confirmation
    expect(await plates(admin, '京H1000')).toEqual([]);

    const done = await admin.postJson<{ imported: number }>(`${API}/vehicle/importConfirm.json`, { token: p.token });
    expect(done).toMatchObject({ flag: 1, obj: { imported: 3 } });
    expect((await plates(admin, '京H1000')).map((v) => [v.plateNo, v.groupName, v.expiryDate])).toEqual([
      ['京H10001', '北京车队', '2027-12-31'],
      ['京H10004', '北京车队', '2028-01-15'],
    ]);
    expect((await plates(admin, '宠物豆豆')).length).toBe(1);
    // a token works once
    expect(await admin.postJson(`${API}/vehicle/importConfirm.json`, { token: p.token })).toMatchObject({ flag: 400, msg: '导入已过期或已完成，请重新上传' });
    // the file again: every row is now a duplicate of the database
    const again = await previewVehicles(admin, [rows[0]!]);
    expect(again.obj).toMatchObject({ valid: 0, invalid: 1, token: null, rows: [{ errors: ['第 2 行：车牌号已存在'] }] });
  });

  it('takes an optional own speed limit per row (限速(km/h), full-width parentheses too)', async () => {
    const headers = ['车牌号', '限速（km/h）'];
    const rows = [['京K30001', '80'], ['京K30002', ''], ['京K30003', '0'], ['京K30004', '300'], ['京K30005', '八十']];
    const preview = await upload<Preview>(server.app, admin, `${API}/vehicle/importPreview.json`, '限速.xlsx', await workbook(headers, rows));
    expect(preview.obj).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    const message = '限速必须是 1 到 250 之间的整数（km/h），不填则按告警设置';
    expect(preview.obj.rows.filter((r) => r.errors.length).map((r) => r.errors)).toEqual([[`第 4 行：${message}`], [`第 5 行：${message}`], [`第 6 行：${message}`]]);
    expect(await admin.postJson(`${API}/vehicle/importConfirm.json`, { token: preview.obj.token })).toMatchObject({ flag: 1, obj: { imported: 2 } });
    const stored = (await admin.get<{ list: { plateNo: string; speedLimit: number | null }[] }>(`${API}/vehicle/list.json`, { keyword: '京K3000' })).obj.list;
    expect(stored.map((v) => [v.plateNo, v.speedLimit])).toEqual([['京K30001', 80], ['京K30002', null]]);
  });

  it('writes nothing when a row cannot be stored any more at confirmation', async () => {
    const preview = await previewVehicles(admin, [['京J20001'], ['京J20002'], ['京J20003'], ['京J20004']]);
    expect(preview.obj.valid).toBe(4);
    // meanwhile someone adds the third plate
    expect(await admin.postJson(`${API}/vehicle/add.json`, { plateNo: '京J20003' })).toMatchObject({ flag: 1 });
    const done = await admin.postJson(`${API}/vehicle/importConfirm.json`, { token: preview.obj.token });
    expect(done).toMatchObject({ flag: 400, msg: '第 4 行：车牌号 京J20003 已存在。本次未导入任何数据，请重新上传' });
    expect((await plates(admin, '京J2000')).map((v) => v.plateNo)).toEqual(['京J20003']);
  });

  it('refuses what is not a filled template', async () => {
    const bad = await upload(server.app, admin, `${API}/vehicle/importPreview.json`, '车辆.xlsx', Buffer.from('not a workbook'));
    expect(bad).toMatchObject({ flag: 400, msg: '文件不是有效的 .xlsx 表格，请使用导入模板' });
    const csv = await upload(server.app, admin, `${API}/vehicle/importPreview.json`, '车辆.csv', await workbook(VEHICLE_HEADERS, [['京K1']]));
    expect(csv).toMatchObject({ flag: 400, msg: '请上传 .xlsx 格式的文件' });
    const headers = await upload(server.app, admin, `${API}/vehicle/importPreview.json`, '车辆.xlsx', await workbook(['车牌', '司机'], [['京K10001', 'x']]));
    expect(headers).toMatchObject({ flag: 400, msg: '表头不正确，缺少：车牌号，请使用导入模板' });
    const empty = await upload(server.app, admin, `${API}/vehicle/importPreview.json`, '车辆.xlsx', await workbook(VEHICLE_HEADERS, []));
    expect(empty).toMatchObject({ flag: 400, msg: '表格中没有数据行' });
    expect(await admin.postJson(`${API}/vehicle/importPreview.json`, {})).toMatchObject({ flag: 400, msg: '请选择要上传的 .xlsx 文件' });
  });

  it('keeps uploads to the caller and its customers', async () => {
    const preview = await previewVehicles(admin, [['京L30001']]);
    expect(await other.postJson(`${API}/vehicle/importConfirm.json`, { token: preview.obj.token })).toMatchObject({ flag: 400 });
    expect(await previewVehicles(admin, [['京L30002']], { tenantId: String(ids.other) })).toMatchObject({ flag: 404 });
    expect(await plates(admin, '京L3000')).toEqual([]);
    // the vehicle template's upload is not a terminal import
    expect(await admin.postJson(`${API}/terminal/importConfirm.json`, { token: preview.obj.token })).toMatchObject({ flag: 400 });
  });
});

describe('terminal import', () => {
  it('checks numbers (leading zeros aside) and binding plates, then imports and binds', async () => {
    await admin.postJson(`${API}/vehicle/add.json`, { plateNo: '京M40001' });
    const bound = (await admin.get<{ list: { plateNo: string; terminalNo: string }[] }>(`${API}/vehicle/list.json`, { bound: '1' })).obj.list[0]!;
    const content = await workbook(TERMINAL_HEADERS, [
      ['013600000001', '861234567890123', 'TL-808G', '13600000001', '2019', '2026-01-15', '京M40001'],
      ['13600000001', '', '', '', '', '', ''],
      ['013800000001', '', '', '', '', '', ''],
      ['0136000002', '', '', '', '2012', '', ''],
      ['013600000003', '', '', '', '', '', '京Z99999'],
      ['013600000004', '', '', '', '', '', bound.plateNo],
      ['013600000005', '', '', '', 'JT/T 808-2013', '', ''],
    ]);
    const preview = await upload<Preview>(server.app, admin, `${API}/terminal/importPreview.json`, '终端.xlsx', content);
    expect(preview.obj).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    expect(preview.obj.rows.map((r) => r.errors)).toEqual([
      [],
      ['第 3 行：终端号与第 2 行重复'],
      ['第 4 行：终端号已存在'],
      ['第 5 行：协议版本不正确（2011、2013、2019、GT06 或 手表协议）', '第 5 行：终端号必须是 11–20 位数字'],
      ['第 6 行：绑定车牌号不存在：京Z99999'],
      [`第 7 行：车辆 ${bound.plateNo} 已绑定终端 ${bound.terminalNo}`],
      [],
    ]);
    expect(await admin.postJson(`${API}/terminal/importConfirm.json`, { token: preview.obj.token })).toMatchObject({ flag: 1, obj: { imported: 2 } });
    const list = await admin.get<{ list: { terminalNo: string; plateNo: string | null; edition: string }[] }>(`${API}/terminal/list.json`, { keyword: '01360000000' });
    expect(list.obj.list.map((t) => [t.terminalNo, t.plateNo, t.edition])).toEqual([
      ['013600000001', '京M40001', '2019'],
      ['013600000005', null, '2013'],
    ]);
    // the imported terminal is known to the gateway
    expect(await server.store.fleet.terminalAuth('13600000001')).toMatchObject({ tenantId: ids.demo });
  });
});
