/**
 * 智能工牌 健康 and 健康设置 as the API answers them (docs/api-contract.md, 健康, 健康设置): the people with
 * a badge, a day's readings, the daily report lines and the departments' and people's own limits. One
 * contract for the server that builds them and the pages that show them. Pure types.
 */
import type { HealthLimitOverride, HealthLimits, HealthThreshold } from './health-limits';

/** A person with a badge, as the pickers list them. */
export interface HealthPerson {
  id: number;
  name: string;
  employeeNo: string;
  department: string;
}

/** One body reading of a badge (time ISO 8601 with offset; absent fields were not measured). */
export interface HealthReading {
  time: string;
  heartRate: number | null;
  systolic: number | null;
  diastolic: number | null;
  /** Blood oxygen saturation, %. */
  spo2: number | null;
  temperature: number | null;
  steps: number | null;
}

/** A person's readings over a day. */
export interface HealthSeries {
  person: HealthPerson;
  day: string;
  /** The limits that apply to the person (their own, their department's, the tenant's) and the step goal. */
  threshold: HealthThreshold;
  readings: HealthReading[];
}

/** min / max / avg of one reading over a day (null without any). */
export interface ReadingStats {
  min: number | null;
  max: number | null;
  avg: number | null;
}

/** A person's day in figures. */
export interface HealthDayFigures {
  heartRate: ReadingStats;
  systolic: ReadingStats;
  diastolic: ReadingStats;
  spo2: ReadingStats;
  temperature: ReadingStats;
  /** The most steps counted that day. */
  steps: number | null;
  readings: number;
  /** Health alarms (心率异常, 血压过高/过低, 血氧过低, 体温过高/过低) that started that day. */
  alarms: number;
}

/** One person and day of 健康报表. */
export interface HealthLine extends HealthDayFigures {
  vehicleId: number;
  name: string;
  employeeNo: string;
  department: string;
  day: string;
}

/** A department's or a person's own limits as 健康设置 lists them: whom it is for, its own fields and what applies in the end. */
export interface HealthOverride {
  id: number;
  scope: 'department' | 'person';
  department: string;
  vehicleId: number | null;
  name: string;
  employeeNo: string;
  limits: HealthLimitOverride;
  effective: HealthLimits;
}

/** The tenant's 健康设置, its departments and every override. */
export interface HealthOverrideList {
  tenant: HealthThreshold;
  departments: string[];
  overrides: HealthOverride[];
}
