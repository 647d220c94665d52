export type { NoticeDetail, NoticeItem, NoticePage } from '@tianlu/sdk';
import { DownloadApi, HttpService, NoticeApi, type ServiceGetter } from '@tianlu/sdk';
export { NoticeApi };

/** 首页's 最新公告: the first page of five. */
export const LATEST_NOTICES = { current: 1, pageSize: 5 };

/** 站内消息's filter: every notice, the unread or the read. */
export type ReadFilter = 'all' | 'unread' | 'read';
const READ_QUERY: Record<ReadFilter, number | undefined> = { all: undefined, unread: 0, read: 1 };

/** 站内消息's list (every notice first), for the page and its route's prefetch. */
export const NOTICE_LIST = { list: NoticeApi.page, initialFilter: 'all' as ReadFilter, query: (f: ReadFilter) => ({ read: READ_QUERY[f] }) };

/** 下载中心's list of the user's exports, for the page and its route's prefetch. */
export const DOWNLOAD_LIST = { list: DownloadApi.list, initialFilter: null, query: () => ({}) };

/** 公告详情's notice: the `?id=` of its address, undefined when that is not a notice's number. */
export function noticeIdOf(search: string): number | undefined {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * For 公告详情's route: the notice of the address, asked beside the page's code when the address
 * already is the page's (a visit by URL or by a link opened in a tab of its own); from within the
 * console the address changes only after the route's code is in, and the page asks itself.
 */
export function prefetchNoticeDetail(get: ServiceGetter, location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  const id = location.pathname === '/center/detail' ? noticeIdOf(location.search) : undefined;
  if (id !== undefined) get(HttpService).prefetch(NoticeApi.detail, { id });
}
