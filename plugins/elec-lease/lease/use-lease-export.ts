import { useState } from 'react';
import { DialogService, expectOk, HttpService, ToastService, useService } from '@tianlu/sdk';
import { errorText } from './lease-api';

/** 导出: the server writes the spreadsheet in the background; the user is told it went to 下载中心 and the download tip opens. */
export function useLeaseExport(): { exporting: boolean; startExport: (path: string, body: object) => Promise<void> } {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const dialogs = useService<DialogService>(DialogService);
  const [exporting, setExporting] = useState(false);
  const startExport = async (path: string, body: object) => {
    setExporting(true);
    try {
      expectOk(await http.postJson<{ id: number }>(path, body));
      toast.show('已加入下载中心', 'success');
      dialogs.showDownList(true);
    } catch (e) {
      toast.show(errorText(e), 'error');
    } finally {
      setExporting(false);
    }
  };
  return { exporting, startExport };
}
