import { useBackgroundExport } from '@tianlu/sdk';
import { ReportApi, type ReportType } from './report-api';

/** 导出 of a report: the report's type and its query conditions go to the background export. */
export function useReportExport(): { exporting: boolean; exportReport: (reportType: ReportType, params: Record<string, unknown>) => Promise<void> } {
  const { exporting, startExport } = useBackgroundExport();
  return { exporting, exportReport: (reportType, params) => startExport(ReportApi.export, { reportType, params }) };
}
