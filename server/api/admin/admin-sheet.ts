import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export { EXPORT_ROW_LIMIT } from '../../../sdk/pagination';
export { sheetFileName } from '../../exports/file-export';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/** Builds one worksheet (bold header row, frozen) from rows and columns. */
export async function buildSheet<T>(sheetName: string, columns: readonly SheetColumn<T>[], rows: readonly T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '天路';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends a spreadsheet download (the only non-envelope answer of the API). */
export function sendSheet(reply: FastifyReply, fileName: string, content: Buffer): FastifyReply {
  return reply
    .type(XLSX)
    .header('content-length', content.length)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(content);
}

