import type { Kysely } from 'kysely';
import type { Database } from './db-schema';

export interface HealthThreshold {
  heartRateMin: number;
  heartRateMax: number;
  temperatureMax: number;
  stepGoal: number;
}

/** What a tenant gets before it saves its own thresholds. */
export const DEFAULT_HEALTH_THRESHOLD: HealthThreshold = { heartRateMin: 50, heartRateMax: 120, temperatureMax: 37.3, stepGoal: 8000 };

export class HealthQueries {
  constructor(private readonly db: Kysely<Database>) {}

  async get(tenantId: number): Promise<HealthThreshold> {
    const row = await this.db
      .selectFrom('health_thresholds')
      .select(['heart_rate_min as heartRateMin', 'heart_rate_max as heartRateMax', 'temperature_max as temperatureMax', 'step_goal as stepGoal'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row ? { ...row, temperatureMax: Number(row.temperatureMax) } : { ...DEFAULT_HEALTH_THRESHOLD };
  }

  async save(tenantId: number, value: HealthThreshold, at: Date): Promise<void> {
    const update = {
      heart_rate_min: value.heartRateMin,
      heart_rate_max: value.heartRateMax,
      temperature_max: value.temperatureMax,
      step_goal: value.stepGoal,
      updated_at: at,
    };
    await this.db
      .insertInto('health_thresholds')
      .values({ tenant_id: tenantId, ...update })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(update))
      .execute();
  }
}
