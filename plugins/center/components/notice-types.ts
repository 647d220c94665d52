export type { NoticeDetail, NoticeItem, NoticePage } from '@tianlu/sdk';

export const NoticePaths = {
  page: '/car/v1/helpCenter/helpMessage/pageHelpMessage',
  detail: '/car/v1/helpCenter/helpMessage/getHelpMessage',
  markRead: '/car/v1/helpCenter/helpMessage/markRead',
} as const;
