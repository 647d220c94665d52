import type { NoticeDetail, NoticePage } from '../../../sdk/notice';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { NoticeApi } from '../../../sdk/contracts/center';
import { toChinaIso } from '../../time/china-time';

/** 站内消息. */
const NOTICES = 4002;

const reader = (user: { id: number; tenantId: number }) => ({ userId: user.id, tenantId: user.tenantId });

export const pageHelpMessageRoute = sessionRoute.of(NoticeApi.page, {
  resource: NOTICES,
  handler: async ({ query, user, deps }): Promise<NoticePage> => {
    const page = await deps.store.notices.page(reader(user), {
      ...pageOffset(query),
      read: query.read === undefined ? undefined : query.read === 1,
      keyword: query.keyword?.trim() || undefined,
    });
    return { ...page, list: page.list.map((n) => ({ ...n, publishTime: toChinaIso(n.publishTime) })) };
  },
});

export const getHelpMessageRoute = sessionRoute.of(NoticeApi.detail, {
  resource: NOTICES,
  handler: async ({ query, user, deps }): Promise<NoticeDetail> => {
    const notice = await deps.store.notices.get(reader(user), query.id);
    if (!notice) throw notFound('公告不存在');
    const { summary: _summary, ...rest } = notice;
    return { ...rest, publishTime: toChinaIso(notice.publishTime) };
  },
});

export const markReadRoute = sessionRoute.of(NoticeApi.markRead, {
  resource: NOTICES,
  handler: async ({ body, user, deps }) => {
    const now = deps.clock.now();
    if (body.all === true) return { updated: await deps.store.notices.markRead(reader(user), 'all', now) };
    if (!body.ids?.length) throw badInput('公告编号不能为空');
    return { updated: await deps.store.notices.markRead(reader(user), body.ids, now) };
  },
});
