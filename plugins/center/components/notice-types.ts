/** A notice of pageHelpMessage. */
export interface NoticeItem {
  id: number;
  title: string;
  summary: string;
  category: string;
  publishTime: string;
  read: boolean;
}

export interface NoticePage {
  total: number;
  unread: number;
  list: NoticeItem[];
}

export interface NoticeDetail {
  id: number;
  title: string;
  content: string;
  category: string;
  publishTime: string;
  read: boolean;
}

export const NoticePaths = {
  page: '/car/v1/helpCenter/helpMessage/pageHelpMessage',
  detail: '/car/v1/helpCenter/helpMessage/getHelpMessage',
  markRead: '/car/v1/helpCenter/helpMessage/markRead',
} as const;
