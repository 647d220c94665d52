import {
  HEALTH_LIMIT_KEYS,
  healthLimitField,
  healthLimitProblem,
  healthPairProblems,
  resolveHealthLimits,
  type HealthLimitKey,
  type HealthLimitOverride,
  type HealthLimits,
} from '@tianlu/sdk';

export type { HealthOverride, HealthOverrideList, HealthPerson } from '@tianlu/sdk';

/** 健康设置 calls (docs/api-contract.md, 健康设置: the contracts of sdk/contracts/center.ts). */
export { HealthSettingsApi } from '@tianlu/sdk';

/** The text of each limit field as typed. */
export type LimitForm = Record<HealthLimitKey, string>;
export type LimitErrors = Partial<Record<HealthLimitKey | 'stepGoal', string>>;

export const toLimitForm = (limits: HealthLimitOverride): LimitForm =>
  Object.fromEntries(HEALTH_LIMIT_KEYS.map((k) => [k, limits[k] === undefined ? '' : String(limits[k])])) as LimitForm;

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Reads the typed limits: every field required (the tenant's) or only the filled ones (an override,
 * whose blanks are inherited from `inherited`). Answers the numbers, or the message of each bad field.
 */
export function readLimits(form: LimitForm, required: boolean, inherited?: HealthLimits): { limits: HealthLimitOverride; errors: LimitErrors } {
  const limits: HealthLimitOverride = {};
  const errors: LimitErrors = {};
  for (const key of HEALTH_LIMIT_KEYS) {
    const text = form[key].trim();
    if (text === '') {
      if (required) errors[key] = `请输入${healthLimitField(key).title}`;
      continue;
    }
    if (!NUMBER.test(text)) {
      errors[key] = `${healthLimitField(key).title}必须是数字`;
      continue;
    }
    const problem = healthLimitProblem(key, Number(text));
    if (problem) errors[key] = problem;
    else limits[key] = Number(text);
  }
  // a pair is checked as it will apply: the blanks of an override take the inherited value
  const applied = inherited ? resolveHealthLimits(inherited, limits) : limits;
  for (const p of healthPairProblems(applied)) {
    if (errors[p.key]) continue;
    const own = limits[p.key] !== undefined;
    errors[p.key] = own || !inherited ? p.message : `${p.message}（${healthLimitField(p.key).title}沿用 ${applied[p.key]}）`;
  }
  return { limits, errors };
}

/** The set fields of an override in words, e.g. 心率上限 100 次/分、血氧下限 92 %. */
export function describeLimits(limits: HealthLimitOverride): string {
  const parts = HEALTH_LIMIT_KEYS.filter((k) => limits[k] !== undefined).map((k) => `${healthLimitField(k).title} ${limits[k]} ${healthLimitField(k).unit}`);
  return parts.length ? parts.join('、') : '—';
}
