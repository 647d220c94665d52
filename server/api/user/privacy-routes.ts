import type { PrivacySettings } from '../../store/security-queries';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { object, pageOffset, pagingProperties } from '../schema-helpers';
import { toChinaIso } from '../../time/china-time';

/** 安全中心 › 隐私设置: only the fields sent change. */
export const updatePrivacyRoute = sessionRoute<unknown, Partial<PrivacySettings>>({
  method: 'POST',
  url: '/car/v1/api/user/updatePrivacy.json',
  summary: '隐私设置：hidePhone（他人看到的手机号打码）、hideEmail（他人看到的邮箱打码）',
  anyUser: true,
  schema: {
    body: object({
      hidePhone: { type: 'boolean', title: '隐藏手机号' },
      hideEmail: { type: 'boolean', title: '隐藏邮箱' },
    }),
  },
  handler: async ({ body, user, deps, audit }) => {
    if (body.hidePhone === undefined && body.hideEmail === undefined) throw badInput('隐私设置不能为空');
    const profile = await deps.store.security.profile(user.id);
    if (!profile) throw notFound('用户不存在');
    const after: PrivacySettings = { ...profile.privacy, ...(body.hidePhone !== undefined && { hidePhone: body.hidePhone }), ...(body.hideEmail !== undefined && { hideEmail: body.hideEmail }) };
    await deps.store.security.setPrivacy(user.id, after);
    await audit({ action: '修改隐私设置', target: `用户 ${user.account}`, before: profile.privacy, after });
    return after;
  },
});

/** 安全中心 › 微信绑定. */
export const unbindWxRelationRoute = sessionRoute({
  method: 'GET',
  url: '/car/v1/api/user/unbindWxRelation.json',
  summary: '解除微信绑定（未绑定时提示 未绑定微信）',
  anyUser: true,
  handler: async ({ user, deps, audit }) => {
    if (!(await deps.store.security.unbindWx(user.id))) throw badInput('未绑定微信');
    await audit({ action: '解除微信绑定', target: `用户 ${user.account}`, before: { wxBound: true }, after: { wxBound: false } });
    return { wxBound: false };
  },
});

/** 安全中心 › 登录记录: the caller's own attempts, newest first. */
export const loginHistoryRoute = sessionRoute<{ current: number; pageSize: number }>({
  method: 'GET',
  url: '/car/v1/api/user/loginHistory.json',
  summary: '我的登录记录（时间、IP、结果 success/failure/locked、方式 password/sms），分页',
  anyUser: true,
  schema: { querystring: object(pagingProperties) },
  handler: async ({ query, user, deps }) => {
    const { offset, limit } = pageOffset(query);
    const page = await deps.store.login.history(user.id, offset, limit);
    return { total: page.total, list: page.list.map((r) => ({ time: toChinaIso(r.at), ip: r.ip, result: r.result, method: r.method })) };
  },
});
