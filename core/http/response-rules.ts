import type { Envelope } from '../../sdk/envelope';
import { ResourceApi } from '../../sdk/contracts/kernel';

/** The path whose 4010 goes straight to /login instead of showing the 会话过期 dialog: the caller's menus. */
export const RESOURCE_LIST_PATH = ResourceApi.mine.path;
export const REQUEST_TIMEOUT_MS = 60000;

const SPREADSHEET_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
  'application/csv',
];

/** True for xlsx, xls and csv content types, the only answers allowed without an envelope. */
export function isSpreadsheet(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const ct = contentType.toLowerCase();
  return SPREADSHEET_TYPES.some((t) => ct.includes(t));
}

/** True when `data` has the `{flag, msg, obj}` shape (at least a flag). */
export function isEnvelope(data: unknown): data is Envelope {
  return typeof data === 'object' && data !== null && 'flag' in data;
}

/** Legacy rule: an envelope succeeds only when `code` is undefined or 0. */
export function codeAccepted(data: Envelope): boolean {
  return data.code === undefined || data.code === null || data.code === 0;
}

/** The path of a (relative or absolute) url without query or hash. */
export function pathOf(url: string): string {
  const noQuery = url.split(/[?#]/)[0] ?? '';
  const m = /^https?:\/\/[^/]+(\/.*)?$/i.exec(noQuery);
  return m ? (m[1] ?? '/') : noQuery;
}

export function isResourceListPath(url: string): boolean {
  return pathOf(url).endsWith(RESOURCE_LIST_PATH);
}
