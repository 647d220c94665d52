import { useState } from 'react';
import { DialogService, type Endpoint, expectOk, HttpService, ToastService, useService } from '@tianlu/sdk';

/** An export the server writes in the background: its body is the list's filter. */
type ExportEndpoint<B> = Endpoint<Record<string, never>, B, { id: number; fileName: string }>;
import { errorText } from './lease-api';

/** 导出: the server writes the spreadsheet in the background; the user is told it went to 下载中心 and the download tip opens. */
export function useLeaseExport(): { exporting: boolean; startExport: <B extends object>(contract: ExportEndpoint<B>, body: B) => Promise<void> } {
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const dialogs = useService<DialogService>(DialogService);
  const [exporting, setExporting] = useState(false);
  const startExport = async <B extends object>(contract: ExportEndpoint<B>, body: B) => {
    setExporting(true);
    try {
      expectOk(await http.call<Record<string, never>, object, { id: number; fileName: string }>(contract, body));
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
