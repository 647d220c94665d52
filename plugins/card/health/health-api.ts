/** 智能工牌 健康 calls (docs/api-contract.md, 健康) and the shapes they answer. */
const BASE = '/car/v4/api/card/health';

export const HealthPaths = {
  people: `${BASE}/people.json`,
  series: `${BASE}/series.json`,
  report: `${BASE}/report.json`,
} as const;

export type { HealthLine, HealthPerson, HealthReading, HealthSeries, ReadingStats } from '@tianlu/sdk';
