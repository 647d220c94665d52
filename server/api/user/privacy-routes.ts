import type { PrivacySettings } from '../../store/security-queries';
import { badInput, notFound } from '../envelope';
import { sessionRoute } from '../route-definition';
import { pageOffset } from '../schema-helpers';
import { SecurityApi } from '../../../sdk/contracts/center';
import { toChinaIso } from '../../time/china-time';

/** 安全中心 › 隐私设置: only the fields sent change. */
export const updatePrivacyRoute = sessionRoute.of(SecurityApi.updatePrivacy, {
  anyUser: true,
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
export const unbindWxRelationRoute = sessionRoute.of(SecurityApi.unbindWx, {
  anyUser: true,
  handler: async ({ user, deps, audit }) => {
    if (!(await deps.store.security.unbindWx(user.id))) throw badInput('未绑定微信');
    await audit({ action: '解除微信绑定', target: `用户 ${user.account}`, before: { wxBound: true }, after: { wxBound: false } });
    return { wxBound: false };
  },
});

/** 安全中心 › 登录记录: the caller's own attempts, newest first. */
export const loginHistoryRoute = sessionRoute.of(SecurityApi.loginHistory, {
  anyUser: true,
  handler: async ({ query, user, deps }) => {
    const { offset, limit } = pageOffset(query);
    const page = await deps.store.login.history(user.id, offset, limit);
    return { total: page.total, list: page.list.map((r) => ({ time: toChinaIso(r.at), ip: r.ip, result: r.result, method: r.method })) };
  },
});
