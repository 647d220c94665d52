import type { HealthThreshold } from '../../store/health-queries';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';
import { int, object } from '../schema-helpers';

const HEALTH_SETTINGS = 400303;

export const getHealthThresholdRoute = sessionRoute({
  method: 'GET',
  url: '/car/v4/api/health/threshold/getHealthThreshold.json',
  summary: '健康阈值（本租户）',
  resource: HEALTH_SETTINGS,
  handler: ({ user, deps }) => deps.store.health.get(user.tenantId),
});

export const updateHealthThresholdRoute = sessionRoute<unknown, HealthThreshold>({
  method: 'POST',
  url: '/car/v4/api/health/threshold/updateHealthThreshold.json',
  summary: '保存健康阈值（本租户）',
  resource: HEALTH_SETTINGS,
  schema: {
    body: object(
      {
        heartRateMin: int('心率下限', 20, 250),
        heartRateMax: int('心率上限', 20, 250),
        temperatureMax: { type: 'number', title: '体温上限', minimum: 35, maximum: 42 },
        stepGoal: int('步数目标', 0, 100000),
      },
      ['heartRateMin', 'heartRateMax', 'temperatureMax', 'stepGoal'],
    ),
  },
  handler: async ({ body, user, deps, audit }) => {
    if (body.heartRateMin >= body.heartRateMax) throw badInput('心率下限必须小于心率上限');
    const value = { heartRateMin: body.heartRateMin, heartRateMax: body.heartRateMax, temperatureMax: body.temperatureMax, stepGoal: body.stepGoal };
    const before = await deps.store.health.get(user.tenantId);
    await deps.store.health.save(user.tenantId, value, deps.clock.now());
    const after = await deps.store.health.get(user.tenantId);
    deps.fleet?.alarms.invalidate();
    await audit({ action: '修改健康阈值', target: `租户 ${user.tenantName}`, before, after });
    return after;
  },
});
