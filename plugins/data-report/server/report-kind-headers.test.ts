import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_VOCABULARY } from '../../../sdk/asset-vocabulary';
import { ApiClient, createTestServer, demoTenantClients, downloadWorkbook, waitExportDone, type TestServer } from '../../../server/module/testing';
import { ReportApi } from '../../../sdk/contracts';

const EXPORT = ReportApi.export.path;

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false, config: { simAssets: true } });
  ({ admin } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

describe('report exports speak the kind of their rows', () => {
  it("a person's 里程报表 is headed 姓名 and 部门, never 车牌号 and 车组", async () => {
    const person = await server.store.db
      .selectFrom('terminals as t').innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .select(['t.id', 't.terminal_no as terminalNo', 't.tenant_id as tenantId', 'v.plate_no as name']).where('v.asset_kind', '=', 'person').orderBy('t.id').executeTakeFirstOrThrow();
    const now = Date.now();
    await server.store.positions.writeBatch([0, 1].map((i) => ({
      terminalNo: person.terminalNo, terminalId: person.id, tenantId: person.tenantId,
      deviceTime: new Date(now - (2 - i) * 60_000), receivedTime: new Date(now - (2 - i) * 60_000), lon: 113.9 + i * 0.001, lat: 22.5, altitude: 10, speed: 4,
      course: 0, alarmFlags: 0, statusFlags: 2, mileage: undefined, extras: {}, backfill: false,
    })));
    const today = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
    const res = await admin.postJson<{ id: number }>(EXPORT, { reportType: 'mileage', params: { start: today, end: today, keyword: person.name } });
    expect(res.flag).toBe(1);
    await waitExportDone(admin, res.obj.id);
    const sheet = (await downloadWorkbook(server.app, admin, res.obj.id)).getWorksheet('里程报表')!;
    const header = [1, 2, 3].map((c) => sheet.getRow(1).getCell(c).text);
    expect(header).toEqual([ASSET_VOCABULARY.person.nameLabel, '终端号', ASSET_VOCABULARY.person.groupLabel]);
    expect(sheet.getRow(2).getCell(1).text).toBe(person.name);
  });

  it("a person's 车辆日在线 is the sheet 人员日在线, headed 姓名 and 部门", async () => {
    const person = await server.store.db
      .selectFrom('terminals as t').innerJoin('vehicles as v', 'v.id', 't.vehicle_id')
      .select(['t.terminal_no as terminalNo', 'v.plate_no as name']).where('v.asset_kind', '=', 'person').orderBy('t.id').executeTakeFirstOrThrow();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const res = await admin.postJson<{ id: number }>(EXPORT, { reportType: 'dayOnline', params: { start: today, end: today, keyword: person.terminalNo } });
    expect(res.flag).toBe(1);
    await waitExportDone(admin, res.obj.id);
    const book = await downloadWorkbook(server.app, admin, res.obj.id);
    expect(book.getWorksheet('车辆日在线')).toBeUndefined();
    const sheet = book.getWorksheet('人员日在线')!;
    expect([1, 2, 3].map((c) => sheet.getRow(1).getCell(c).text)).toEqual([ASSET_VOCABULARY.person.nameLabel, '终端号', ASSET_VOCABULARY.person.groupLabel]);
    expect(sheet.getRow(2).getCell(2).text).toBe(person.terminalNo);
  });
});
