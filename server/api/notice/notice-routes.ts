import type { NoticeDetail, NoticePage } from '../../../sdk/notice';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object, pageOffset, pagingProperties, text } from '../schema-helpers';
import { toChinaIso } from '../../time/china-time';

/** 站内消息. */
const NOTICES = 4002;

const reader = (user: { id: number; tenantId: number }) => ({ userId: user.id, tenantId: user.tenantId });

export const pageHelpMessageRoute = sessionRoute<{ current: number; pageSize: number; read?: number; keyword?: string }>({
  method: 'GET',
  url: '/car/v1/helpCenter/helpMessage/pageHelpMessage',
  summary: '站内消息分页（read=0 未读，1 已读）',
  resource: NOTICES,
  schema: { querystring: object({ ...pagingProperties, read: int('已读状态', 0, 1), keyword: text('关键词', 100) }) },
  handler: async ({ query, user, deps }): Promise<NoticePage> => {
    const page = await deps.store.notices.page(reader(user), {
      ...pageOffset(query),
      read: query.read === undefined ? undefined : query.read === 1,
      keyword: query.keyword?.trim() || undefined,
    });
    return { ...page, list: page.list.map((n) => ({ ...n, publishTime: toChinaIso(n.publishTime) })) };
  },
});

export const getHelpMessageRoute = sessionRoute<{ id: number }>({
  method: 'GET',
  url: '/car/v1/helpCenter/helpMessage/getHelpMessage',
  summary: '公告详情（不改变已读状态，需调用 markRead）',
  resource: NOTICES,
  schema: { querystring: object({ id: int('公告编号', 1) }, ['id']) },
  handler: async ({ query, user, deps }): Promise<NoticeDetail> => {
    const notice = await deps.store.notices.get(reader(user), query.id);
    if (!notice) throw notFound('公告不存在');
    const { summary: _summary, ...rest } = notice;
    return { ...rest, publishTime: toChinaIso(notice.publishTime) };
  },
});

export const markReadRoute = sessionRoute<unknown, { ids?: number[]; all?: boolean }>({
  method: 'POST',
  url: '/car/v1/helpCenter/helpMessage/markRead',
  summary: '标记已读：{ids:[...]} 或 {all:true}',
  resource: NOTICES,
  schema: {
    body: object({
      ids: { type: 'array', title: '公告编号', maxItems: 500, items: int('公告编号', 1) },
      all: { type: 'boolean', title: '全部已读' },
    }),
  },
  handler: async ({ body, user, deps }) => {
    const now = deps.clock.now();
    if (body.all === true) return { updated: await deps.store.notices.markRead(reader(user), 'all', now) };
    if (!body.ids?.length) throw badInput('公告编号不能为空');
    return { updated: await deps.store.notices.markRead(reader(user), body.ids, now) };
  },
});
