/** 智能工牌 健康 calls (docs/api-contract.md, 健康: the contracts of sdk/contracts/card.ts) and the shapes they answer. */
export { CardApi } from '@tianlu/sdk';

export type { HealthLine, HealthPerson, HealthReading, HealthSeries, ReadingStats } from '@tianlu/sdk';
