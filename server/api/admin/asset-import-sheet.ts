import ExcelJS from 'exceljs';
import { badInput } from '../envelope';

/** One column of an import template. */
export interface ImportColumn<K extends string = string> {
  key: K;
  header: string;
  required?: boolean;
  /** Value of the example row. */
  example: string;
  /** What the column takes (the 说明 sheet). */
  note: string;
  width?: number;
}

/** Most data rows one upload may hold. */
export const MAX_IMPORT_ROWS = 5000;

/** The template: a header row (required columns marked *), one example row, cells formatted as text, and a 说明 sheet. */
export async function importTemplate(sheetName: string, columns: readonly ImportColumn[], notes: readonly string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '天路';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  // text cells keep leading zeros of terminal numbers and long digit strings exact
  sheet.columns = columns.map((c) => ({ header: c.required ? `${c.header}*` : c.header, key: c.key, width: c.width ?? 16, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.example])));
  const help = workbook.addWorksheet('说明');
  help.columns = [{ header: '列', key: 'header', width: 16 }, { header: '说明', key: 'note', width: 80 }];
  help.getRow(1).font = { bold: true };
  for (const c of columns) help.addRow({ header: c.required ? `${c.header}（必填）` : c.header, note: c.note });
  help.addRow({});
  for (const line of notes) help.addRow({ header: '', note: line });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The text of a cell as an operator sees it (rich text, hyperlinks, formula results and dates included). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  }
  return '';
}

export interface SheetRow<K extends string> {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  values: Record<K, string>;
}

/**
 * The data rows of the first sheet, by column key, matched on the header names (a trailing *,
 * spaces and full-width parentheses aside). Blank rows are skipped. Answers 400 for a file that is
 * not a workbook, a header without a required column, no data, or too many rows.
 */
export async function readImportRows<K extends string>(content: Buffer, columns: readonly ImportColumn<K>[]): Promise<SheetRow<K>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badInput('文件不是有效的 .xlsx 表格，请使用导入模板');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badInput('表格中没有工作表');
  const positions = new Map<K, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const name = cellText(cell.value).replace(/[*＊\s]/g, '').replace(/（/g, '(').replace(/）/g, ')');
    const column = columns.find((c) => c.header === name);
    if (column && !positions.has(column.key)) positions.set(column.key, col);
  });
  const missing = columns.filter((c) => c.required && !positions.has(c.key)).map((c) => c.header);
  if (missing.length) throw badInput(`表头不正确，缺少：${missing.join('、')}，请使用导入模板`);
  const rows: SheetRow<K>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values = Object.fromEntries(columns.map((c) => [c.key, positions.has(c.key) ? cellText(row.getCell(positions.get(c.key)!).value) : ''])) as Record<K, string>;
    if (Object.values<string>(values).every((v) => v === '')) continue;
    if (rows.length >= MAX_IMPORT_ROWS) throw badInput(`一次最多导入 ${MAX_IMPORT_ROWS} 行，请拆分文件`);
    rows.push({ row: r, values });
  }
  if (rows.length === 0) throw badInput('表格中没有数据行');
  return rows;
}
