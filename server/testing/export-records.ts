import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ApiClient } from './api-client';

const RECORDS = '/car/v1/accelerate/export/listExportRecord.json';
const DOWNLOAD = '/car/v1/accelerate/export/download.json';

/** A 下载中心 record as listExportRecord.json answers it (the fields the tests read). */
export interface ExportRecordState {
  id: number;
  status: number;
  size: number;
  fileName: string;
}

/** Polls 下载中心 until the export `id` is no longer being written; its record then. */
export async function waitExportDone(client: ApiClient, id: number): Promise<ExportRecordState> {
  for (let i = 0; i < 200; i++) {
    const page = await client.postForm<{ list: ExportRecordState[] }>(RECORDS, { current: 1, pageSize: 50 });
    const record = page.obj.list.find((r) => r.id === id);
    if (record && record.status !== 0) return record;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} did not finish`);
}

/** Downloads the export `id` as the client's user and opens it; fails unless it is a spreadsheet. */
export async function downloadWorkbook(app: FastifyInstance, client: ApiClient, id: number): Promise<ExcelJS.Workbook> {
  const res = await app.inject({ method: 'GET', url: DOWNLOAD, query: { id: String(id) }, headers: { sessionId: client.sessionId!, userId: String(client.userId) } });
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('spreadsheetml')) throw new Error(`export ${id} downloaded as ${type || 'nothing'} (${res.statusCode})`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}
