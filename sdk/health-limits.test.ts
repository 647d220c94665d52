import { describe, expect, it } from 'vitest';
import { DEFAULT_HEALTH_THRESHOLD, healthLimitsProblem, pickLimits, resolveHealthLimits } from './health-limits';

const tenant = pickLimits(DEFAULT_HEALTH_THRESHOLD);

describe('health limits', () => {
  it('takes each field from the most specific place that sets it: person, then department, then tenant', () => {
    const limits = resolveHealthLimits(tenant, { heartRateMax: 110, spo2Min: 92 }, { heartRateMax: 100, temperatureMin: 35.5 });
    expect(limits).toEqual({ ...tenant, heartRateMax: 100, spo2Min: 92, temperatureMin: 35.5 });
    // a missing department changes nothing
    expect(resolveHealthLimits(tenant, undefined, { spo2Min: 90 }).spo2Min).toBe(90);
  });

  it('names the first bad value, a pair out of order, or a limit against the one inherited', () => {
    expect(healthLimitsProblem({ spo2Min: 101 })).toBe('血氧下限应在 70~100 % 之间');
    expect(healthLimitsProblem({ heartRateMin: 60.5 })).toBe('心率下限必须是整数');
    expect(healthLimitsProblem({ temperatureMax: 37.35 })).toBe('体温上限最多一位小数');
    expect(healthLimitsProblem({ diastolicMin: 90, diastolicMax: 80 })).toBe('舒张压下限必须小于舒张压上限');
    expect(healthLimitsProblem({ heartRateMin: 125 }, tenant, '本租户设置')).toBe('心率下限必须小于心率上限（心率上限沿用本租户设置：120）');
    expect(healthLimitsProblem({ temperatureMax: 35.5 }, { ...tenant, temperatureMin: 36 })).toBe('体温下限必须小于体温上限（体温下限沿用上级设置：36）');
    expect(healthLimitsProblem({ heartRateMin: 60, spo2Min: 90 }, tenant)).toBe('');
  });
});
