import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenantClients, type ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { Envelope } from './envelope';
import { upload, workbook } from '../testing/asset-admin';

/*
 * Every upload over its limit is refused in Chinese and leaves nothing behind, whatever its size:
 * the multipart stream is cut at the limit, and a cut on a chunk boundary used to read as a whole
 * file of exactly the limit.
 */
const MB = 1024 * 1024;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, simulate: false });
  ({ admin } = await demoTenantClients(server.app));
});
afterAll(() => server.close());

/** Rows of the uploaded images, or of 系统管理's uploads waiting for confirmation (a table of its module). */
const count = async (table: 'media_files' | 'asset_imports') =>
  Number((await server.store.db.withTables<{ asset_imports: { token: string } }>().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/**
 * Uploads `content` as the console does, its body arriving in two pieces split where the file
 * reaches `cut` bytes, as a network may deliver it.
 */
async function uploadInPieces(url: string, fileName: string, content: Buffer, cut: number): Promise<Envelope> {
  const boundary = '----tianlu-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const body = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const pieces = [body.subarray(0, head.length + cut), body.subarray(head.length + cut)];
  const payload = new Readable({
    read() {
      // one piece per turn of the event loop: the first is read before the second arrives
      setImmediate(() => this.push(pieces.shift() ?? null));
    },
  });
  const res = await server.app.inject({
    method: 'POST', url, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, sessionId: admin.sessionId!, userId: String(admin.userId) },
  });
  return res.json();
}

/** `content` grown to `bytes` with zeros after its own bytes. */
const padded = (content: Buffer, bytes: number) => Buffer.concat([content, Buffer.alloc(bytes - content.length)]);

describe('uploads over the limit', () => {
  it.each([2.5, 10, 30])('refuses a %s MB photo and stores nothing', async (size) => {
    const before = await count('media_files');
    const res = await upload(server.app, admin, '/car/v1/api/media/upload.json', '大图.png', padded(PNG, size * MB));
    expect(res).toMatchObject({ flag: 400, msg: '图片不能超过 2 MB' });
    expect(await count('media_files')).toBe(before);
  });

  it.each([2.5, 10, 30])('refuses a %s MB photo that arrives cut at exactly 2 MB and stores nothing', async (size) => {
    const before = await count('media_files');
    const res = await uploadInPieces('/car/v1/api/media/upload.json', '大图.png', padded(PNG, size * MB), 2 * MB);
    expect(res).toMatchObject({ flag: 400, msg: '图片不能超过 2 MB' });
    expect(await count('media_files')).toBe(before);
  });

  it.each([6, 10, 30])('refuses a %s MB import sheet and keeps no preview', async (size) => {
    const before = await count('asset_imports');
    const sheet = await workbook(['车牌号'], [['京A12345']]);
    const res = await upload(server.app, admin, '/car/v1/api/system/vehicle/importPreview.json', '车辆导入.xlsx', padded(sheet, size * MB));
    expect(res).toMatchObject({ flag: 400, msg: '文件不能超过 5 MB' });
    expect(await count('asset_imports')).toBe(before);
  });

  it.each([6, 10, 30])('refuses a %s MB import sheet that arrives cut at exactly 5 MB and keeps no preview', async (size) => {
    const before = await count('asset_imports');
    // the sheet's own bytes at the end, so the first 5 MB are no sheet at all
    const sheet = await workbook(['车牌号'], [['京A12345']]);
    const content = Buffer.concat([Buffer.alloc(size * MB - sheet.length), sheet]);
    const res = await uploadInPieces('/car/v1/api/system/vehicle/importPreview.json', '车辆导入.xlsx', content, 5 * MB);
    expect(res).toMatchObject({ flag: 400, msg: '文件不能超过 5 MB' });
    expect(await count('asset_imports')).toBe(before);
  });

  it('still takes a photo of exactly 2 MB, whole or in pieces', async () => {
    const photo = await upload<{ size: number }>(server.app, admin, '/car/v1/api/media/upload.json', '小图.png', padded(PNG, 2 * MB));
    expect(photo).toMatchObject({ flag: 1, obj: { size: 2 * MB } });
    const cut = await uploadInPieces('/car/v1/api/media/upload.json', '小图.png', padded(PNG, 2 * MB), MB);
    expect(cut).toMatchObject({ flag: 1, obj: { size: 2 * MB } });
  });
});
