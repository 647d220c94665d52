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

/** Publish time as 2026-11-21 10:30. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
