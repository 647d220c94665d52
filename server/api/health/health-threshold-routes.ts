import { healthLimitsProblem, HEALTH_LIMIT_KEYS, type HealthThreshold } from '../../../sdk/health-limits';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object } from '../schema-helpers';
import { HEALTH_SETTINGS, LIMIT_PROPERTIES } from './health-limit-schema';

type ThresholdBody = Pick<HealthThreshold, 'heartRateMin' | 'heartRateMax' | 'temperatureMax' | 'stepGoal'> & Partial<HealthThreshold>;

export const getHealthThresholdRoute = sessionRoute({
  method: 'GET',
  url: '/car/v4/api/health/threshold/getHealthThreshold.json',
  summary: '健康阈值（本租户）：心率、血压、血氧、体温的上下限和步数目标',
  resource: HEALTH_SETTINGS,
  handler: ({ user, deps }) => deps.store.health.get(user.tenantId),
});

export const updateHealthThresholdRoute = sessionRoute<unknown, ThresholdBody>({
  method: 'POST',
  url: '/car/v4/api/health/threshold/updateHealthThreshold.json',
  summary: '保存健康阈值（本租户）；未提交的血压、血氧、体温下限保持原值',
  resource: HEALTH_SETTINGS,
  schema: {
    body: object({ ...LIMIT_PROPERTIES, stepGoal: int('步数目标', 0, 100000) }, ['heartRateMin', 'heartRateMax', 'temperatureMax', 'stepGoal']),
  },
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
