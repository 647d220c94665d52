export type { NoticeDetail, NoticeItem, NoticePage } from '@tianlu/sdk';
export { NoticeApi } from '@tianlu/sdk';
