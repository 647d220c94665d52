import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../api/envelope';
import { hashPassword } from '../auth/password-hasher';
import type { Store } from '../store/create-store';
import { DEMO_TENANT, OTHER_TENANT } from '../store/seed-demo';
import { ApiClient } from './api-client';

/** Test helpers of 车辆管理, 终端管理 and 车组管理. */

export const API = '/car/v1/api/system';

export async function tenantIds(store: Store): Promise<{ demo: number; other: number }> {
  const demo = await store.org.findTenantByName(DEMO_TENANT);
  const other = await store.org.findTenantByName(OTHER_TENANT);
  return { demo: demo!.id, other: other!.id };
}

/**
 * A logged-in user of `tenantId` whose role holds only `resourceIds` of 系统管理 (platform 12, or
 * `platform`); `groupIds` gives it a vehicle-group scope.
 */
export async function userWith(
  app: FastifyInstance, store: Store, opts: { account: string; tenantId: number; resourceIds: number[]; groupIds?: number[]; platform?: number },
): Promise<ApiClient> {
  const role = await store.org.ensureRole(opts.tenantId, `角色${opts.account}`);
  await store.org.grantPlatforms(role.id, [opts.platform ?? 12]);
  await store.org.grantResources(role.id, opts.resourceIds);
  const id = await store.users.create({
    account: opts.account, passwordHash: await hashPassword('Test@1234'), name: opts.account, phone: null, tenantId: opts.tenantId, roleId: role.id,
    passwordChangedAt: new Date(0),
  });
  for (const groupId of opts.groupIds ?? []) await store.db.insertInto('user_groups').values({ user_id: id, group_id: groupId }).execute();
  const client = new ApiClient(app);
  const login = await client.login(opts.account, 'Test@1234');
  if (login.flag !== 1) throw new Error(`login of ${opts.account} failed: ${login.msg}`);
  return client;
}

/** An .xlsx with a header row and data rows, as an operator fills the template. */
export async function workbook(headers: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('数据');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Uploads a file as the console does (multipart, field `file`). */
export async function upload<T = unknown>(app: FastifyInstance, client: ApiClient, url: string, fileName: string, content: Buffer, query: Record<string, string> = {}): Promise<Envelope<T>> {
  const boundary = '----tianlu-test-boundary';
  const head = Buffer.from(
    // browsers send the file name as raw UTF-8
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await app.inject({
    method: 'POST', url, query, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, sessionId: client.sessionId!, userId: String(client.userId) },
  });
  return res.json();
}

/** POSTs JSON and answers the raw response (spreadsheet downloads). */
export async function download(app: FastifyInstance, client: ApiClient, method: 'GET' | 'POST', url: string, body: object = {}) {
  return app.inject({ method, url, ...(method === 'POST' ? { payload: body } : {}), headers: { sessionId: client.sessionId!, userId: String(client.userId) } });
}

/** The rows of the first sheet of an .xlsx answer, as text. */
export async function sheetRows(content: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
