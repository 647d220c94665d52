import type { ExportCell, ExportRows, ModuleExportColumn, ModuleExportRequest } from '../module/server-module';

const SHEET_NAME = /^[^\\/?*:[\]]{1,31}$/;

/** What is wrong with an export request of a part, in Chinese; empty when it may start. */
export function exportRequestProblems<T>(req: ModuleExportRequest<T>): string[] {
  const problems: string[] = [];
  if (!req || typeof req !== 'object') return ['exports.start 需要一个对象：{ user, title, columns, rows }'];
  const { user, title, columns, rows } = req;
  if (!user || !Number.isInteger(user.id) || !Number.isInteger(user.tenantId)) problems.push('user 必须是接口的 user（含 id 和 tenantId）');
  if (typeof title !== 'string' || !title.trim() || !SHEET_NAME.test(title)) problems.push('title 必须是 1～31 个字符，且不含 \\ / ? * : [ ]');
  if (!Array.isArray(columns) || columns.length === 0) problems.push('columns 必须是非空数组');
  else {
    columns.forEach((c: ModuleExportColumn<T>, i) => {
      if (!c || typeof c.header !== 'string' || !c.header.trim()) problems.push(`columns[${i}].header 不能为空`);
      if (c && typeof c.value !== 'function' && typeof c.key !== 'string') problems.push(`columns[${i}] 需要 key 或 value`);
      if (c?.width !== undefined && !(typeof c.width === 'number' && c.width > 0 && c.width <= 200)) problems.push(`columns[${i}].width 必须是 1～200 的数字`);
    });
  }
  const isIterable = (v: unknown) => v != null && (typeof (v as Iterable<T>)[Symbol.iterator] === 'function' || typeof (v as AsyncIterable<T>)[Symbol.asyncIterator] === 'function');
  if (typeof rows !== 'function' && !isIterable(rows)) problems.push('rows 必须是数组、生成器，或返回它们的函数');
  return problems;
}

export function cellOf<T>(column: ModuleExportColumn<T>, row: T): ExportCell {
  if (column.value) return column.value(row);
  return row && typeof row === 'object' ? ((row as Record<string, unknown>)[column.key!] as ExportCell) : undefined;
}

export async function rowsOf<T>(rows: ExportRows<T>): Promise<Iterable<T> | AsyncIterable<T>> {
  return typeof rows === 'function' ? await rows() : rows;
}
