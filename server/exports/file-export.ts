import { randomBytes } from 'node:crypto';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { EventBus } from '../bus/bus-events';
import type { Clock } from '../clock';
import type { ExportQueries } from '../store/export-queries';

export { sheetFileName } from './sheet-file-name';

/** What an export into 下载中心 needs of the platform. */
export interface FileExportDeps {
  exports: ExportQueries;
  clock: Clock;
  /** Where finished export files are kept. */
  exportDir: string;
  /** Tells the user's open consoles (`exportReady` over /ws); absent before the fleet started. */
  bus?: Pick<EventBus, 'publish'>;
  log: { error(obj: object, msg: string): void };
}

/** Whose 下载中心 the file goes to. */
export interface ExportOwner {
  id: number;
  tenantId: number;
}

/**
 * Starts an export that lands in 下载中心: the record is stored as 生成中 now, `write` writes the
 * file (at the path it is given) in the background, and the record becomes 可下载 (with its size) or
 * 失败; the user's open consoles get `exportReady` over /ws. Answers the record id and file name.
 */
export async function startExportFile(
  deps: FileExportDeps,
  user: ExportOwner,
  fileName: string,
  write: (file: string) => Promise<void>,
): Promise<{ id: number; fileName: string }> {
  const id = await deps.exports.create({
    userId: user.id, tenantId: user.tenantId, fileName, status: 0, size: 0, storageKey: null, createdAt: deps.clock.now(),
  });
  setImmediate(() => {
    void (async () => {
      const key = `export-${id}-${randomBytes(6).toString('hex')}.xlsx`;
      const file = join(deps.exportDir, key);
      try {
        await mkdir(deps.exportDir, { recursive: true });
        await write(file);
        const { size } = await stat(file);
        await deps.exports.finish(id, { status: 1, size, storageKey: key });
        deps.bus?.publish({ type: 'exportReady', tenantId: user.tenantId, userId: user.id, id, fileName });
      } catch (err) {
        deps.log.error({ err, exportId: id, fileName }, 'export failed');
        await unlink(file).catch(() => undefined);
        await deps.exports.finish(id, { status: 2, size: 0, storageKey: null }).catch(() => undefined);
      }
    })();
  });
  return { id, fileName };
}

/** A spreadsheet written to its file as its rows are added (rows and sheets are committed as they are done). */
export type StreamedWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;

/** Writes a streamed workbook to `file`: `write` adds its sheets and rows, then it is committed. */
export async function writeStreamedWorkbook(file: string, write: (book: StreamedWorkbook) => Promise<void>): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  await write(book);
  await book.commit();
}

