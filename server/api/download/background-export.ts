import { writeFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { startExportFile, writeStreamedWorkbook, type StreamedWorkbook } from '../../exports/file-export';
import type { SessionContext } from '../route-definition';

/**
 * Starts an export that lands in 下载中心: the record is stored as 生成中 now, `write` writes the
 * file (at the path it is given) after the answer went out, and the record becomes 可下载 (with its
 * size) or 失败; the user's open consoles get `exportReady` over /ws. Answers the record id and file name.
 */
export function startFileExport<Q, B>(
  ctx: SessionContext<Q, B>,
  fileName: string,
  write: (file: string) => Promise<void>,
): Promise<{ id: number; fileName: string }> {
  const { deps, user } = ctx;
  const exportDeps = { exports: deps.store.exports, clock: deps.clock, exportDir: deps.exportDir, bus: deps.fleet?.bus, log: ctx.request.log };
  return startExportFile(exportDeps, user, fileName, write);
}

/** {@link startFileExport} for a spreadsheet built in memory. */
export function startBackgroundExport<Q, B>(
  ctx: SessionContext<Q, B>,
  fileName: string,
  build: () => Promise<Buffer>,
): Promise<{ id: number; fileName: string }> {
  return startFileExport(ctx, fileName, async (file) => writeFile(file, await build()));
}

export type { StreamedWorkbook };
/** A sheet of a {@link StreamedWorkbook}. */
export type StreamedSheet = ExcelJS.Worksheet;

/**
 * {@link startFileExport} for a spreadsheet too large to hold in memory: `write` adds the sheets and
 * their rows to a workbook that streams to the file, committed once `write` is done.
 */
export function startWorkbookExport<Q, B>(
  ctx: SessionContext<Q, B>,
  fileName: string,
  write: (book: StreamedWorkbook) => Promise<void>,
): Promise<{ id: number; fileName: string }> {
  return startFileExport(ctx, fileName, (file) => writeStreamedWorkbook(file, write));
}
