import { randomBytes } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { SessionContext } from '../route-definition';

/**
 * Starts an export that lands in 下载中心: the record is stored as 生成中 now, `write` writes the
 * file (at the path it is given) after the answer went out, and the record becomes 可下载 (with its
 * size) or 失败; the user's open consoles get `exportReady` over /ws. Answers the record id and file name.
 */
export async function startFileExport<Q, B>(
  ctx: SessionContext<Q, B>,
  fileName: string,
  write: (file: string) => Promise<void>,
): Promise<{ id: number; fileName: string }> {
  const { deps, user } = ctx;
  const id = await deps.store.exports.create({
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
        await deps.store.exports.finish(id, { status: 1, size, storageKey: key });
        deps.fleet?.bus.publish({ type: 'exportReady', tenantId: user.tenantId, userId: user.id, id, fileName });
      } catch (err) {
        ctx.request.log.error({ err, exportId: id, fileName }, 'export failed');
        await unlink(file).catch(() => undefined);
        await deps.store.exports.finish(id, { status: 2, size: 0, storageKey: null }).catch(() => undefined);
      }
    })();
  });
  return { id, fileName };
}

/** {@link startFileExport} for a spreadsheet built in memory. */
export function startBackgroundExport<Q, B>(
  ctx: SessionContext<Q, B>,
  fileName: string,
  build: () => Promise<Buffer>,
): Promise<{ id: number; fileName: string }> {
  return startFileExport(ctx, fileName, async (file) => writeFile(file, await build()));
}

/** A spreadsheet written to its file as its rows are added (rows and sheets are committed as they are done). */
export type StreamedWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;
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
  return startFileExport(ctx, fileName, async (file) => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    await write(book);
    await book.commit();
  });
}
