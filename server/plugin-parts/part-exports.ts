import { startExportFile, sheetFileName, writeStreamedWorkbook, type FileExportDeps } from '../exports/file-export';
import { PART_EXPORT_ROW_LIMIT, type ModuleExportRequest, type ModuleExports } from '../module/server-module';
import { cellOf, exportRequestProblems, rowsOf } from './part-export-request';

/**
 * The exports of an installed plugin's server part: the platform's background export (the record in
 * the user's 下载中心, the file in the export folder, its download guarded as the others are), the
 * file named after the plugin and written with ExcelJS as the platform's streamed reports are.
 */
export function partExports(pluginTitle: string, deps: () => FileExportDeps): ModuleExports {
  return {
    async start<T>(req: ModuleExportRequest<T>) {
      const problems = exportRequestProblems(req);
      if (problems.length) throw new Error(`导出参数有误：${problems.join('；')}`);
      const { user, title, columns, rows } = req;
      const platform = deps();
      const fileName = sheetFileName(`${pluginTitle}-${title.trim()}`, platform.clock.now());
      return startExportFile(platform, { id: user.id, tenantId: user.tenantId }, fileName, (file) =>
        writeStreamedWorkbook(file, async (book) => {
          book.creator = '天路';
          const sheet = book.addWorksheet(title.trim(), { views: [{ state: 'frozen', ySplit: 1 }] });
          sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 16 }));
          sheet.getRow(1).font = { bold: true };
          sheet.getRow(1).commit();
          let count = 0;
          for await (const row of await rowsOf(rows)) {
            if (count === PART_EXPORT_ROW_LIMIT) {
              sheet.addRow([`仅导出前 ${PART_EXPORT_ROW_LIMIT} 行`]).commit();
              break;
            }
            sheet.addRow(columns.map((c) => cellOf(c, row) ?? '')).commit();
            count++;
          }
          sheet.commit();
        }),
      );
    },
  };
}
