import { expectOk, HttpService, ToastService, usePagedQuery, useService, type Endpoint, type Envelope, type Page, type PagedQuery, type PagedQueryOptions } from '@tianlu/sdk';
import { exportName } from './admin-api';
import { errorText } from './admin-page';

export interface PagedList<F, Row> extends Omit<PagedQuery<F, Page<Row>>, 'page'> {
  /** Shows a success message and loads the current page again (after a change). */
  changed: (message: string) => void;
  /** Sends a change (a delete …); when the server takes it, `changed(message)`; a refusal throws with its message (a confirm dialog shows it). */
  apply: (send: () => Promise<Envelope<unknown>>, message: string) => Promise<void>;
  /** Downloads the rows of the current filter from an export contract as `<title>-<date>.xlsx`; a failure shows an error message. */
  exportList: (exported: Endpoint<Record<string, never>, object, never>, title: string) => void;
}

/** A list paged and filtered on the server as the 系统管理 pages show it: the SDK's paged query with a toast after a change and an export of the filter. */
export function usePagedList<F, Q, P extends Page<unknown>>(options: PagedQueryOptions<F, Q, undefined, P>): PagedList<F, P['list'][number]> {
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const paged = usePagedQuery(options);
  const changed = (message: string) => {
    toast.show(message, 'success');
    void paged.load();
  };
  return {
    ...paged,
    changed,
    apply: async (send, message) => {
      expectOk(await send());
      changed(message);
    },
    exportList: (exported, title) => {
      http.downloadBlob(exported.path, options.query(paged.filter), exportName(title)).catch((e: unknown) => toast.show(errorText(e), 'error'));
    },
  };
}
