import ExcelJS from 'exceljs';

/** A spreadsheet written to its file sheet by sheet, row by row: an export too large to build in memory. */
export type StreamedWorkbook = ExcelJS.stream.xlsx.WorkbookWriter;
/** A sheet of a {@link StreamedWorkbook}: commit each row once written. */
export type StreamedWorksheet = ExcelJS.Worksheet;

/** Opens a streamed spreadsheet on `file` (the path {@link startFileExport} hands its writer); `commit()` finishes it. */
export function streamedWorkbook(file: string): StreamedWorkbook {
  return new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
}
