export type { NoticeDetail, NoticeItem, NoticePage } from '@tianlu/sdk';
export { NoticeApi } from '@tianlu/sdk';

/** 首页's 最新公告: the first page of five. */
export const LATEST_NOTICES = { current: 1, pageSize: 5 };
