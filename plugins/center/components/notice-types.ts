export type { NoticeDetail, NoticeItem, NoticePage } from '@tianlu/sdk';
import { DownloadApi, NoticeApi } from '@tianlu/sdk';
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
