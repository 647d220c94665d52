/**
 * 健康设置: the limits a badge's readings are held against (heart rate, blood pressure, SpO₂, body
 * temperature), their bounds and defaults, how a person's limits come from the tenant's, their
 * department's and their own, and the checks the server refuses bad input with and the form warns
 * with. Pure.
 */

/** The limits one can set, each a number. */
export type HealthLimitKey =
  | 'heartRateMin'
  | 'heartRateMax'
  | 'systolicMin'
  | 'systolicMax'
  | 'diastolicMin'
  | 'diastolicMax'
  | 'spo2Min'
  | 'temperatureMin'
  | 'temperatureMax';

/** A complete set of limits (what the alarm rules and the charts use). */
export type HealthLimits = Record<HealthLimitKey, number>;

/** A department's or a person's own limits: the fields it sets; the rest come from above. */
export type HealthLimitOverride = Partial<HealthLimits>;

/** The tenant's 健康设置: its limits and the daily step goal. */
export interface HealthThreshold extends HealthLimits {
  stepGoal: number;
}

/** One limit: Chinese name, unit, allowed range and decimals. */
export interface HealthLimitField {
  key: HealthLimitKey;
  title: string;
  unit: string;
  min: number;
  max: number;
  /** 0: whole numbers only; 1: one decimal (℃). */
  decimals: 0 | 1;
}

export const HEALTH_LIMIT_FIELDS: readonly HealthLimitField[] = [
  { key: 'heartRateMin', title: '心率下限', unit: '次/分', min: 20, max: 250, decimals: 0 },
  { key: 'heartRateMax', title: '心率上限', unit: '次/分', min: 20, max: 250, decimals: 0 },
  { key: 'systolicMin', title: '收缩压下限', unit: 'mmHg', min: 60, max: 250, decimals: 0 },
  { key: 'systolicMax', title: '收缩压上限', unit: 'mmHg', min: 60, max: 250, decimals: 0 },
  { key: 'diastolicMin', title: '舒张压下限', unit: 'mmHg', min: 30, max: 150, decimals: 0 },
  { key: 'diastolicMax', title: '舒张压上限', unit: 'mmHg', min: 30, max: 150, decimals: 0 },
  { key: 'spo2Min', title: '血氧下限', unit: '%', min: 70, max: 100, decimals: 0 },
  { key: 'temperatureMin', title: '体温下限', unit: '℃', min: 33, max: 37, decimals: 1 },
  { key: 'temperatureMax', title: '体温上限', unit: '℃', min: 35, max: 42, decimals: 1 },
];

export const HEALTH_LIMIT_KEYS: readonly HealthLimitKey[] = HEALTH_LIMIT_FIELDS.map((f) => f.key);

/** Lower and upper limit of one reading: the lower must stay below the upper. */
export const HEALTH_LIMIT_PAIRS: readonly (readonly [HealthLimitKey, HealthLimitKey])[] = [
  ['heartRateMin', 'heartRateMax'],
  ['systolicMin', 'systolicMax'],
  ['diastolicMin', 'diastolicMax'],
  ['temperatureMin', 'temperatureMax'],
];

/** What a tenant has before it saves its own 健康设置. */
export const DEFAULT_HEALTH_THRESHOLD: HealthThreshold = {
  heartRateMin: 50,
  heartRateMax: 120,
  systolicMin: 90,
  systolicMax: 140,
  diastolicMin: 60,
  diastolicMax: 90,
  spo2Min: 94,
  temperatureMin: 35,
  temperatureMax: 37.3,
  stepGoal: 8000,
};

const FIELD_OF = new Map(HEALTH_LIMIT_FIELDS.map((f) => [f.key, f]));

/** The field of a key. */
export function healthLimitField(key: HealthLimitKey): HealthLimitField {
  return FIELD_OF.get(key)!;
}

/**
 * A person's limits: the tenant's, then their department's own fields, then their own; field by
 * field, the most specific set value wins.
 */
export function resolveHealthLimits(tenant: HealthLimits, ...overrides: readonly (HealthLimitOverride | undefined)[]): HealthLimits {
  const out: HealthLimits = { ...pickLimits(tenant) };
  for (const o of overrides) {
    if (!o) continue;
    for (const key of HEALTH_LIMIT_KEYS) if (o[key] !== undefined) out[key] = o[key];
  }
  return out;
}

/** Only the limit fields of a larger object (a HealthThreshold carries stepGoal too). */
export function pickLimits(value: HealthLimits): HealthLimits {
  return Object.fromEntries(HEALTH_LIMIT_KEYS.map((k) => [k, value[k]])) as HealthLimits;
}

/** The set fields of an override, no others. */
export function pickOverride(value: HealthLimitOverride): HealthLimitOverride {
  return Object.fromEntries(HEALTH_LIMIT_KEYS.filter((k) => value[k] !== undefined).map((k) => [k, value[k]])) as HealthLimitOverride;
}

/** Why one value is not allowed for its limit ('' when it is). */
export function healthLimitProblem(key: HealthLimitKey, value: number): string {
  const f = healthLimitField(key);
  const unit = f.unit === '%' || f.unit === '℃' ? ` ${f.unit}` : '';
  if (!Number.isFinite(value)) return `请输入${f.title}`;
  if (f.decimals === 0 && !Number.isInteger(value)) return `${f.title}必须是整数`;
  if (f.decimals === 1 && Math.abs(value * 10 - Math.round(value * 10)) > 1e-6) return `${f.title}最多一位小数`;
  if (value < f.min || value > f.max) return `${f.title}应在 ${f.min}~${f.max}${unit} 之间`;
  return '';
}

/** Each lower limit that is not below its upper, with the message under the upper's field. */
export function healthPairProblems(limits: HealthLimitOverride): { key: HealthLimitKey; message: string }[] {
  const out: { key: HealthLimitKey; message: string }[] = [];
  for (const [lo, hi] of HEALTH_LIMIT_PAIRS) {
    const a = limits[lo];
    const b = limits[hi];
    if (a !== undefined && b !== undefined && a >= b) out.push({ key: hi, message: `${healthLimitField(lo).title}必须小于${healthLimitField(hi).title}` });
  }
  return out;
}

/**
 * The first problem of a set of limits (ranges, then pairs), '' without one. For an override, pass
 * what it inherits as `inherited`: a lower limit set here must stay below the upper it inherits.
 */
export function healthLimitsProblem(limits: HealthLimitOverride, inherited?: HealthLimits, inheritedFrom = '上级设置'): string {
  for (const key of HEALTH_LIMIT_KEYS) {
    const v = limits[key];
    if (v === undefined) continue;
    const problem = healthLimitProblem(key, v);
    if (problem) return problem;
  }
  const own = healthPairProblems(limits);
  if (own.length) return own[0]!.message;
  if (!inherited) return '';
  const merged = resolveHealthLimits(inherited, limits);
  for (const [lo, hi] of HEALTH_LIMIT_PAIRS) {
    if (merged[lo] < merged[hi]) continue;
    const from = limits[lo] === undefined ? lo : hi;
    const f = healthLimitField(from);
    return `${healthLimitField(lo).title}必须小于${healthLimitField(hi).title}（${f.title}沿用${inheritedFrom}：${merged[from]}）`;
  }
  return '';
}
