import { useState } from 'react';
import type { Endpoint } from '../endpoint';
import { DialogService } from '../services/dialog-service';
import { expectOk, HttpService } from '../services/http-service';
import { ToastService } from '../services/toast-service';
import { useService } from './use-service';

/** An export the server writes in the background: its body is the list's filter, its answer the queued file. */
export type BackgroundExportEndpoint<B> = Endpoint<Record<string, never>, B, { id: number; fileName: string }>;

/**
 * 导出 of a list or report: the server writes the spreadsheet in the background; the user is told it
 * went to 下载中心 and the download tip opens. A failure shows its message; `exporting` is true meanwhile.
 */
export function useBackgroundExport(): { exporting: boolean; startExport: <B extends object>(contract: BackgroundExportEndpoint<B>, body: B) => Promise<void> } {
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const dialogs = useService(DialogService);
  const [exporting, setExporting] = useState(false);
  const startExport = async <B extends object>(contract: BackgroundExportEndpoint<B>, body: B) => {
    setExporting(true);
    try {
      expectOk(await http.call<Record<string, never>, object, { id: number; fileName: string }>(contract, body));
      toast.show('已加入下载中心', 'success');
      dialogs.showDownList(true);
    } catch (e) {
      toast.show(e instanceof Error && e.message ? e.message : '网络异常', 'error');
    } finally {
      setExporting(false);
    }
  };
  return { exporting, startExport };
}
