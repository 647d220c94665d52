/**
 * 站内消息 as the API answers it (docs/api-contract.md, 站内消息): one contract for the server that lists
 * notices and the pages that show them. Pure types.
 */

/** A notice of pageHelpMessage (publishTime ISO 8601 with offset). */
export interface NoticeItem {
  id: number;
  title: string;
  summary: string;
  category: string;
  publishTime: string;
  read: boolean;
}

/** A page of notices and how many of all are unread. */
export interface NoticePage {
  total: number;
  unread: number;
  list: NoticeItem[];
}

/** A notice of getHelpMessage: its content instead of its summary. */
export interface NoticeDetail extends Omit<NoticeItem, 'summary'> {
  content: string;
}
