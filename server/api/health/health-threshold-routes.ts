import { healthLimitsProblem, HEALTH_LIMIT_KEYS, type HealthThreshold } from '../../../sdk/health-limits';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { HealthSettingsApi } from '../../../sdk/contracts/center';
import { HEALTH_SETTINGS } from './health-limit-schema';

export const getHealthThresholdRoute = sessionRoute.of(HealthSettingsApi.get, {
  resource: HEALTH_SETTINGS,
  handler: ({ user, deps }) => deps.store.health.get(user.tenantId),
});

export const updateHealthThresholdRoute = sessionRoute.of(HealthSettingsApi.update, {
  resource: HEALTH_SETTINGS,
  handler: async ({ body, user, deps, audit }) => {
    const before = await deps.store.health.get(user.tenantId);
    const value: HealthThreshold = { ...before, stepGoal: body.stepGoal };
    for (const key of HEALTH_LIMIT_KEYS) if (body[key] !== undefined) value[key] = key.startsWith('temperature') ? Math.round(body[key] * 10) / 10 : body[key];
    const problem = healthLimitsProblem(value);
    if (problem) throw badInput(problem);
    await deps.store.health.save(user.tenantId, value, deps.clock.now());
    const after = await deps.store.health.get(user.tenantId);
    deps.fleet?.alarms.invalidate();
    await audit({ action: '修改健康阈值', target: `租户 ${user.tenantName}`, before, after });
    return after;
  },
});
