import type { HealthThreshold } from '@tianlu/sdk';

/** 智能工牌 健康 calls (docs/api-contract.md, 健康) and the shapes they answer. */
const BASE = '/car/v4/api/card/health';

export const HealthPaths = {
  people: `${BASE}/people.json`,
  series: `${BASE}/series.json`,
  report: `${BASE}/report.json`,
} as const;

export interface HealthPerson {
  id: number;
  name: string;
  employeeNo: string;
  department: string;
}

export interface HealthReading {
  time: string;
  heartRate: number | null;
  systolic: number | null;
  diastolic: number | null;
  spo2: number | null;
  temperature: number | null;
  steps: number | null;
}

export interface HealthSeries {
  person: HealthPerson;
  day: string;
  /** The limits that apply to the person (their own, their department's, the tenant's) and the step goal. */
  threshold: HealthThreshold;
  readings: HealthReading[];
}

export interface ReadingStats {
  min: number | null;
  max: number | null;
  avg: number | null;
}

export interface HealthLine {
  vehicleId: number;
  name: string;
  employeeNo: string;
  department: string;
  day: string;
  heartRate: ReadingStats;
  systolic: ReadingStats;
  diastolic: ReadingStats;
  spo2: ReadingStats;
  temperature: ReadingStats;
  steps: number | null;
  readings: number;
  alarms: number;
}
