import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

const clock = new ManualClock();
let server: TestServer;
let admin: ApiClient;
let recordId: number;

beforeAll(async () => {
  server = await createTestServer({ demo: true, clock });
  admin = new ApiClient(server.app);
  await admin.login('admin', 'Admin@123');
  const user = await server.store.users.findByAccount('admin');
  await mkdir(join(server.dataDir, 'exports'), { recursive: true });
  await writeFile(join(server.dataDir, 'exports', 'mileage-1.xlsx'), 'spreadsheet-bytes');
  recordId = await server.store.exports.create({
    userId: user!.id,
    tenantId: user!.tenantId,
    fileName: '里程报表.xlsx',
    status: 1,
    size: 17,
    storageKey: 'mileage-1.xlsx',
    createdAt: clock.now(),
  });
});
afterAll(() => server.close());

const download = (token: string) =>
  server.app.inject({ method: 'GET', url: '/car/v1/accelerate/export/download.json', query: { id: String(recordId), downloadToken: token } });

describe('download tokens', () => {
  it('downloads a file once per token', async () => {
    const { obj } = await admin.get<{ token: string }>('/car/v1/api/download/token.json');
    const first = await download(obj.token);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('spreadsheet-bytes');
    expect(first.headers['content-disposition']).toContain(encodeURIComponent('里程报表.xlsx'));

    const second = await download(obj.token);
    expect(second.json()).toMatchObject({ flag: 4010 });
  });

  it('expires a token after 60 seconds', async () => {
    const { obj } = await admin.get<{ token: string }>('/car/v1/api/download/token.json');
    clock.advance(61_000);
    expect((await download(obj.token)).json()).toMatchObject({ flag: 4010 });
  });

  it('refuses a download without session or token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/car/v1/accelerate/export/download.json', query: { id: String(recordId) } });
    expect(res.json()).toMatchObject({ flag: 4010 });
  });

  it('does not hand one user’s file to another', async () => {
    const other = new ApiClient(server.app);
    await other.login('other', 'Other@123');
    const { obj } = await other.get<{ token: string }>('/car/v1/api/download/token.json');
    expect((await download(obj.token)).json()).toMatchObject({ flag: 404 });
  });

  it('lists the caller’s export records', async () => {
    const res = await admin.postForm<{ total: number; list: object[] }>('/car/v1/accelerate/export/listExportRecord.json', { current: 1, pageSize: 10 });
    expect(res.obj.total).toBe(1);
    expect(res.obj.list[0]).toMatchObject({ id: recordId, fileName: '里程报表.xlsx', status: 1, size: 17, createTime: expect.stringMatching(/\+08:00$/) });
  });
});
