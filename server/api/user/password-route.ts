import { passwordPolicyError } from '../../auth/password-policy';
import { hashPassword, verifyPassword } from '../../auth/password-hasher';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { SecurityApi } from '../../../sdk/contracts/center';

/**
 * 安全中心 › 修改密码. The caller's own password only; the old one is required (wrong guesses count
 * towards the account's login lock). Every session of the user ends, this one included.
 */
export const updateUserPasswordRoute = sessionRoute.of(SecurityApi.updatePassword, {
  anyUser: true,
  handler: async ({ body, user, deps, audit, request }) => {
    const own = request.headers['sessionid'];
    const ip = request.ip ?? null;
    if (await deps.login.isLocked(user.account, ip)) throw badInput('原密码错误次数过多，请 15 分钟后再试');
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
      await deps.login.countFailure(user.account, ip, user);
      throw badInput('原密码错误');
    }
    const refused = passwordPolicyError(body.newPassword);
    if (refused) throw badInput(refused);
    if (body.newPassword === body.oldPassword) throw badInput('新密码不能与原密码相同');
    await deps.store.security.setPassword(user.id, await hashPassword(body.newPassword), deps.clock.now());
    await audit({ action: '修改密码', target: `用户 ${user.account}` });
    const ended = await deps.store.security.endSessions(user.id);
    deps.sessions.changed({ tenantId: user.tenantId, userIds: [user.id], endedBySession: typeof own === 'string' ? own : undefined });
    return { sessionsEnded: ended };
  },
});
