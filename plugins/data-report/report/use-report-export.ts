import { useState } from 'react';
import { DialogService, expectOk, HttpService, ToastService, useService } from '@tianlu/sdk';
import { errorText, ReportApi, type ReportType } from './report-api';

/**
 * 导出 of a report: the server writes the spreadsheet in the background; the user is told it
 * went to 下载中心 and the download tip opens.
 */
export function useReportExport(): { exporting: boolean; exportReport: (reportType: ReportType, params: Record<string, unknown>) => Promise<void> } {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const dialogs = useService<DialogService>(DialogService);
  const [exporting, setExporting] = useState(false);
  const exportReport = async (reportType: ReportType, params: Record<string, unknown>) => {
    setExporting(true);
    try {
      expectOk(await http.call(ReportApi.export, { reportType, params }));
      toast.show('已加入下载中心', 'success');
      dialogs.showDownList(true);
    } catch (e) {
      toast.show(errorText(e), 'error');
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportReport };
}
