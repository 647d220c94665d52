import { HEALTH_LIMIT_FIELDS, type HealthLimitKey } from '../../../sdk/health-limits';
import type { JsonSchema } from '../route-definition';
import { int } from '../schema-helpers';

/** The schema of each limit field: whole numbers in their range, temperatures as numbers. */
export const LIMIT_PROPERTIES = Object.fromEntries(
  HEALTH_LIMIT_FIELDS.map((f): [HealthLimitKey, JsonSchema] => [f.key, f.decimals === 0 ? int(f.title, f.min, f.max) : { type: 'number', title: f.title, minimum: f.min, maximum: f.max }]),
) as Record<HealthLimitKey, JsonSchema>;

/** 健康设置 (menu 400303): every health-settings route needs it. */
export const HEALTH_SETTINGS = 400303;
